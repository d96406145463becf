import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { emailVerificationTokens, sessions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, makeUser, signIn, uniqueName } from '../../test/factories.js';
import { linkIn } from '../../test/smtp.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName('reg');
  return { username, email: `${username}@example.test`, password: 'secret-pass', ...overrides };
}

/** Every JSON answer is checked for secrets it must never carry. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/\$argon2/);
  expect(body).not.toMatch(/"password"/);
}

describe('the whole journey: register, verify, sign in, who am I, sign out', () => {
  it('works end to end with the verification link from a real SMTP listener', async () => {
    const body = registration({ displayName: 'Alice Cook' });
    const reg = await post('/api/register', body);
    expect(reg.statusCode).toBe(201);
    const regJson = reg.json();
    expect(regJson.user).toMatchObject({ username: body.username, displayName: 'Alice Cook', emailVerified: false, isAdmin: false, points: 0, level: 1 });
    expect(regJson).not.toHaveProperty('token');
    expect(reg.headers['set-cookie']).toBeUndefined();
    expectNoSecrets(reg.body);

    // Not verified yet: the right password still meets EMAIL_NOT_VERIFIED.
    const early = await post('/api/login', { username: body.username, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email address before logging in. Check your inbox for the verification link.',
    });

    const mail = await t.smtp.waitFor(body.email, /Verify your email/);
    const link = linkIn(mail, 'http://localhost:5000/auth/verify-email?token=');
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const verify = await post('/api/auth/verify-email', { token });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message).toMatch(/verified/i);
    // single use
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'EMAIL_VERIFICATION_FAILED', message: 'Invalid or expired verification token' });

    const login = await post('/api/login', { username: body.username.toUpperCase(), password: body.password });
    expect(login.statusCode).toBe(200);
    const { token: session, user } = login.json();
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ username: body.username, emailVerified: true });
    expectNoSecrets(login.body);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^plates_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    // the stored session is a hash, not the token
    const stored = await t.app.services.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(session);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const me = await get('/api/user', { authorization: `Bearer ${session}` });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, username: body.username, email: body.email });
    expectNoSecrets(me.body);
    const byCookie = await get('/api/user', { cookie: `plates_session=${session}` });
    expect(byCookie.statusCode).toBe(200);

    const out = await post('/api/logout', undefined, { authorization: `Bearer ${session}` });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/plates_session=;/);
    const after = await get('/api/user', { authorization: `Bearer ${session}` });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    const anonymous = await get('/api/user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
  });
});

describe('POST /api/register refuses bad input with the specification words', () => {
  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ username: "x'; DROP TABLE users; --" }, 'username', 'Username can only contain letters, numbers, dots and underscores'],
    [{ username: '<script>alert(1)</script>' }, 'username', 'Username can only contain letters, numbers, dots and underscores'],
    [{ username: 'a'.repeat(31) }, 'username', 'Username cannot exceed 30 characters'],
    [{ password: 'p'.repeat(129) }, 'password', 'Password cannot exceed 128 characters'],
    [{ username: 12345 }, 'username', undefined],
    [{ email: ['a@b.co'] }, 'email', undefined],
    [{ username: undefined }, 'username', undefined],
  ])('%o → 400 on %s', async (overrides, field, message) => {
    const res = await post('/api/register', registration(overrides));
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('VALIDATION_ERROR');
    expect(json.field).toBe(field);
    if (message) expect(json.message).toBe(message);
    else expect(json.message).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('keeps script in a display name as plain text and the users table intact', async () => {
    const body = registration({ displayName: "<img src=x onerror=alert(1)>'; DROP TABLE users;--" });
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.displayName).toBe("<img src=x onerror=alert(1)>'; DROP TABLE users;--");
    const [row] = await t.app.services.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row!.n).toBeGreaterThan(0);
  });

  it('refuses a taken username, whatever its case, and a taken email', async () => {
    const body = registration();
    expect((await post('/api/register', body)).statusCode).toBe(201);
    const sameName = await post('/api/register', registration({ username: body.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toEqual({ code: 'ALREADY_EXISTS', field: 'username', message: 'Username already exists' });
    const sameEmail = await post('/api/register', registration({ email: body.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json()).toMatchObject({ code: 'ALREADY_EXISTS', field: 'email' });
  });

  it('answers malformed JSON, a wrong content type and a huge body with clean errors', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "abc",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 'BAD_REQUEST', message: 'Invalid request: the body is not valid JSON.' });

    const huge = await post('/api/register', registration({ displayName: 'x'.repeat(200_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('BAD_REQUEST');

    const empty = await t.app.inject({ method: 'POST', url: '/api/register', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('code');
  });

  it('answers 503 during maintenance while sign-in still works', async () => {
    const user = await makeUser(t.app);
    await t.app.services.system.setMaintenance(true);
    try {
      const m = await get('/api/system/maintenance');
      expect(m.json()).toMatchObject({ maintenance: true });
      const res = await post('/api/register', registration());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'MAINTENANCE_MODE' });
      expect(res.json().message).toMatch(/maintenance/i);
      expect((await post('/api/login', { username: user.username, password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    } finally {
      await t.app.services.system.setMaintenance(false);
    }
    expect((await get('/api/system/maintenance')).json()).toEqual({ maintenance: false, registration: 'open' });
  });
});

describe('POST /api/login', () => {
  it('refuses a wrong password and an unknown user alike', async () => {
    const user = await makeUser(t.app);
    const wrong = await post('/api/login', { username: user.username, password: 'not-the-password' });
    const unknown = await post('/api/login', { username: uniqueName('ghost'), password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    }
  });

  it('checks field rules first', async () => {
    const res = await post('/api/login', { username: 'ab', password: 'whatever1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'username', message: 'Username must be at least 3 characters' });
    const short = await post('/api/login', { username: 'abc', password: '123' });
    expect(short.json()).toMatchObject({ field: 'password', message: 'Password must be at least 6 characters' });
  });

  it('reactivates a deactivated account', async () => {
    const user = await makeUser(t.app, { accountStatus: 'deactivated' });
    const res = await post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.accountStatus).toBe('active');
  });

  it('refuses a suspended account', async () => {
    const user = await makeUser(t.app, { accountStatus: 'suspended' });
    const res = await post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended until a moderator lifts it.' });
  });
});

describe('nobody is authenticated by a client-sent id', () => {
  it('ignores X-User-ID headers and userId parameters', async () => {
    const user = await makeUser(t.app);
    expect((await get('/api/user', { 'x-user-id': String(user.id) })).statusCode).toBe(401);
    expect((await get(`/api/user?userId=${user.id}`)).statusCode).toBe(401);
  });

  it('ignores unknown, forged and oversized tokens', async () => {
    for (const authorization of ['Bearer nope', `Bearer ${'a'.repeat(43)}`, `Bearer ${'b'.repeat(5000)}`, 'Basic abc']) {
      expect((await get('/api/user', { authorization })).statusCode).toBe(401);
    }
  });

  it('refuses cookie-authenticated writes from another origin', async () => {
    const user = await makeUser(t.app);
    const { token } = await signIn(t.app, user.username);
    const res = await post('/api/logout', undefined, { cookie: `plates_session=${token}`, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await get('/api/user', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const same = await post('/api/logout', undefined, { cookie: `plates_session=${token}`, origin: 'http://localhost:5000' });
    expect(same.statusCode).toBe(200);
  });
});

describe("a request's session", () => {
  it('carries only what the rules need; who-am-I reads the whole account, fresh', async () => {
    const user = await makeUser(t.app);
    const { token } = await signIn(t.app, user.username);
    const found = await t.app.services.auth.authenticate(token);
    expect(Object.keys(found?.user ?? {}).sort()).toEqual(['accountStatus', 'id', 'isAdmin', 'restrictedAt', 'restrictedUntil']);
    await t.app.services.database.db.update(users).set({ bio: 'Changed by hand' }).where(eq(users.id, user.id));
    const me = await get('/api/user', { authorization: `Bearer ${token}` });
    expect(me.json()).toMatchObject({ id: user.id, username: user.username, bio: 'Changed by hand' });
  });
});

describe('verification mail', () => {
  it('answers the same for an unknown, a verified and an unverified address, and mails only the last', async () => {
    const verified = await makeUser(t.app);
    const unverified = await makeUser(t.app, { emailVerified: false });
    const answers = await Promise.all(
      ['nobody-here@example.test', verified.email, unverified.email].map((email) => post('/api/auth/request-verification', { email })),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await t.app.services.jobs.drain();
    const mail = await t.smtp.waitFor(unverified.email, /Verify your email/);
    const token = new URL(linkIn(mail, 'http://localhost:5000/auth/verify-email?token=')).searchParams.get('token')!;
    expect(t.smtp.received.some((m) => m.to.includes(verified.email))).toBe(false);

    const byGet = await get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(byGet.statusCode).toBe(200);
  });

  it('refuses expired, unknown and missing tokens', async () => {
    const user = await makeUser(t.app, { emailVerified: false });
    await post('/api/auth/request-verification', { email: user.email });
    await t.app.services.jobs.drain();
    const mail = await t.smtp.waitFor(user.email, /Verify your email/);
    const token = new URL(linkIn(mail, 'http://localhost:5000/auth/verify-email?token=')).searchParams.get('token')!;
    await t.app.services.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationTokens.userId, user.id));
    expect((await post('/api/auth/verify-email', { token })).json().code).toBe('EMAIL_VERIFICATION_FAILED');
    expect((await post('/api/auth/verify-email', { token: 'made-up' })).statusCode).toBe(400);
    const missing = await post('/api/auth/verify-email', {});
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'token', message: 'Verification code is required' });
    expect((await get('/api/auth/verify-email')).statusCode).toBe(400);
  });
});

describe('forgotten passwords', () => {
  it('mails a single-use link; the reset signs every session out', async () => {
    const user = await makeUser(t.app);
    const first = await signIn(t.app, user.username);
    const second = await signIn(t.app, user.username);

    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-at-all@example.test' });
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);

    const mail = await t.smtp.waitFor(user.email, /Reset your/);
    const token = new URL(linkIn(mail, 'http://localhost:5000/auth/reset-password?token=')).searchParams.get('token')!;
    const tooShort = await post('/api/auth/reset-password', { token, password: '123' });
    expect(tooShort.json()).toMatchObject({ field: 'password', message: 'Password must be at least 6 characters' });

    const reset = await post('/api/auth/reset-password', { token, password: 'a-brand-new-one' });
    expect(reset.statusCode).toBe(200);
    for (const s of [first, second]) expect((await get('/api/user', { authorization: s.authorization })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.username, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/login', { username: user.username, password: 'a-brand-new-one' })).statusCode).toBe(200);

    const reuse = await post('/api/auth/reset-password', { token, password: 'another-one' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ code: 'INVALID_RESET_TOKEN', field: 'token', message: 'Invalid or expired reset token' });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ rateLimits: { loginFailuresPerAddress: 3, registerPerIp: 2, mailPerAddress: 2 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('stop repeated wrong passwords for one account from one address with the specification words', async () => {
    const user = await makeUser(limited.app);
    const attempt = () => limited.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many login attempts. Please try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another account is not affected
    const other = await makeUser(limited.app);
    expect((await limited.app.inject({ method: 'POST', url: '/api/login', payload: { username: other.username, password: DEFAULT_PASSWORD } })).statusCode).toBe(200);
  });

  it('stop repeated registrations from one address', async () => {
    const register = () => limited.app.inject({ method: 'POST', url: '/api/register', payload: registration() });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
    const blocked = await register();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many registration attempts. Please try again later.' });
  });

  it('stop mail floods to one address', async () => {
    const send = () => limited.app.inject({ method: 'POST', url: '/api/auth/request-verification', payload: { email: 'victim@example.test' } });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });
});

/** Starts a second app over the test database with ADMIN_* set, as a restart with new variables would. */
async function startWithAdmin(admin: { username: string; email: string; password: string }) {
  const app = await buildApp({ ...t.config, admin }, { database: t.app.services.database, rateLimitNamespace: uniqueName('ns'), analyzer: false });
  await app.close();
}

const userNamed = async (username: string) =>
  (await t.app.services.database.db.select().from(users).where(eq(users.username, username)))[0];

describe('the admin bootstrap', () => {
  it('refuses to start when ADMIN_USERNAME names an account someone registered with another email', async () => {
    const squatter = registration({ email: `${uniqueName('squatter')}@example.test` });
    expect((await post('/api/register', squatter)).statusCode).toBe(201);
    const admin = { username: squatter.username.toUpperCase(), email: 'operator@example.test', password: 'operator-password' };

    await expect(startWithAdmin(admin)).rejects.toThrow(
      `Invalid ADMIN_USERNAME: the account "${squatter.username}" exists with another email, so it is not made admin; ` +
        "choose another ADMIN_USERNAME, or set ADMIN_EMAIL to that account's email if it is yours",
    );
    const row = await userNamed(squatter.username);
    expect(row).toMatchObject({ isAdmin: false, emailVerified: false, email: squatter.email });
    expect((await post('/api/login', { username: squatter.username, password: admin.password })).statusCode).toBe(401);
  });

  it('refuses to start when ADMIN_EMAIL belongs to another account', async () => {
    const member = await makeUser(t.app);
    const admin = { username: uniqueName('root'), email: member.email.toUpperCase(), password: 'operator-password' };
    await expect(startWithAdmin(admin)).rejects.toThrow(
      `Invalid ADMIN_EMAIL: ${admin.email} already belongs to the account "${member.username}", not to ADMIN_USERNAME "${admin.username}"; ` +
        'set ADMIN_USERNAME to that account, or use another ADMIN_EMAIL',
    );
    expect(await userNamed(admin.username)).toBeUndefined();
    expect((await userNamed(member.username))?.isAdmin).toBe(false);
  });

  it('takes over an existing account whose email is the configured one (any case)', async () => {
    const owner = await makeUser(t.app, { emailVerified: false });
    await startWithAdmin({ username: owner.username, email: owner.email.toUpperCase(), password: 'operator-password' });
    expect(await userNamed(owner.username)).toMatchObject({ isAdmin: true, emailVerified: true, email: owner.email });
    expect((await post('/api/login', { username: owner.username, password: 'operator-password' })).statusCode).toBe(200);
  });


  it('creates a verified admin, and resets its password on the next start', async () => {
    const admin = { username: uniqueName('root'), email: `${uniqueName('root')}@example.test`, password: 'first-password' };
    await t.app.services.auth.ensureAdmin(admin);
    const login = await post('/api/login', { username: admin.username, password: admin.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ isAdmin: true, emailVerified: true });
    await t.app.services.auth.ensureAdmin({ ...admin, password: 'second-password' });
    expect((await post('/api/login', { username: admin.username, password: 'first-password' })).statusCode).toBe(401);
    expect((await post('/api/login', { username: admin.username, password: 'second-password' })).statusCode).toBe(200);
  });
});
