// Issue 10: ten wrong passwords for one username, from anywhere, used to lock its owner (the admin
// included) out for 15 minutes. Failures now count per account and address, and per account with a
// back-off that a known device or address with the right password passes.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { securityEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, makeUser, uniqueName } from '../../test/factories.js';
import { linkIn } from '../../test/smtp.js';

// The shipped limits (10 failures per account and address, back-off after 5 failures), with a
// back-off capped at one second so that waiting it out takes a moment. (Its doubling is checked
// with a fake clock in login-throttle.test.ts.) The first slot outlasts a password check, so the
// attacker's next guess always meets it.
const BACKOFF_MAX_MS = 1000;
const limits = { ...DEFAULT_RATE_LIMITS, loginBackoffBaseMs: 500, loginBackoffMaxMs: BACKOFF_MAX_MS };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: limits });
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
/** A fresh IP address, so that tests never share the per-address limit. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

interface From {
  ip: string;
  device?: string;
  userAgent?: string;
}

const login = (username: string, password: string, from: From) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: from.ip,
    headers: { 'user-agent': from.userAgent ?? 'owner-browser/1.0' },
    ...(from.device ? { cookies: { plates_device: from.device } } : {}),
  });

const deviceCookie = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === 'plates_device');

/** An attacker's burst of wrong passwords from one address; answers the status codes. */
async function attack(username: string, ip: string, times = 12): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) {
    codes.push((await login(username, 'wrong-guess-1', { ip, userAgent: 'attack-bot/1.0' })).statusCode);
  }
  return codes;
}

/** The answers an attacker sees: five wrong passwords, one more that opens the back-off, then 429. */
const UNDER_ATTACK = [401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429];

/** Wrong passwords answered 401 at first, and the attacker refused in the end (as before the fix, too). */
const expectRefusedInTheEnd = (codes: number[]) => {
  expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(codes.at(-1)).toBe(429);
};

const eventsOf = async (userId: number) => {
  await t.app.services.jobs.drain();
  return t.app.services.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));
};

describe.each([
  ['a member', false],
  ['an admin', true],
])('%s is not locked out by an attacker', (_who, isAdmin) => {
  it('signs in from an address they used before, after signing out there', async () => {
    const owner = await makeUser(t.app, { isAdmin });
    const home = newAddress();
    const first = await login(owner.username, DEFAULT_PASSWORD, { ip: home });
    expect(first.statusCode).toBe(200);
    // Signing out deletes the session; the address stays known.
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${first.json().token}` } });

    expectRefusedInTheEnd(await attack(owner.username, newAddress()));

    const back = await login(owner.username, DEFAULT_PASSWORD, { ip: home });
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ id: owner.id, isAdmin });
  });

  it('signs in with the device cookie from a brand new address', async () => {
    const owner = await makeUser(t.app, { isAdmin });
    const first = await login(owner.username, DEFAULT_PASSWORD, { ip: newAddress() });
    const cookie = deviceCookie(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);

    expectRefusedInTheEnd(await attack(owner.username, newAddress()));

    const travelling = await login(owner.username, DEFAULT_PASSWORD, { ip: newAddress(), device: cookie!.value });
    expect(travelling.statusCode).toBe(200);
    // The same device keeps its cookie.
    expect(deviceCookie(travelling)?.value).toBe(cookie!.value);
  });
});

describe('an unknown device on an unknown address during the back-off', () => {
  it('waits no longer than the back-off, then signs in; strangers hold it back one guess per slot', async () => {
    const owner = await makeUser(t.app);
    expect(await attack(owner.username, newAddress())).toEqual(UNDER_ATTACK);

    const elsewhere = newAddress();
    const held = await login(owner.username, DEFAULT_PASSWORD, { ip: elsewhere });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many login attempts. Please try again later.' });
    const retryAfter = Number(held.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(BACKOFF_MAX_MS / 1000));

    await sleep(BACKOFF_MAX_MS + 50);
    const through = await login(owner.username, DEFAULT_PASSWORD, { ip: elsewhere });
    expect(through.statusCode).toBe(200);
    // ...and is remembered: the next sign-in there is not held back.
    expect((await login(owner.username, DEFAULT_PASSWORD, { ip: elsewhere, device: deviceCookie(through)!.value })).statusCode).toBe(200);
  });

  it('lets a burst of parallel guesses through one at a time', async () => {
    const owner = await makeUser(t.app);
    const ip = newAddress();
    expect(await attack(owner.username, ip, 5)).toEqual([401, 401, 401, 401, 401]);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => login(owner.username, 'wrong-guess-2', { ip: newAddress() })),
    );
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('becomes a known device by resetting the password from the mailed link', async () => {
    const owner = await makeUser(t.app);
    expect(await attack(owner.username, newAddress())).toEqual(UNDER_ATTACK);
    const hotel = newAddress();
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.email }, remoteAddress: hotel });
    expect(forgot.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(owner.email, /Reset your/);
    const token = new URL(linkIn(mail, 'http://localhost:5000/auth/reset-password?token=')).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a-brand-new-one' },
      remoteAddress: hotel,
    });
    expect(reset.statusCode).toBe(200);
    const device = reset.cookies.find((c) => c.name === 'plates_device')!.value;
    // Still inside the attacker's back-off, a new address with that browser gets in at once.
    const signedIn = await login(owner.username, 'a-brand-new-one', { ip: newAddress(), device });
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('failures per account and address', () => {
  it('refuse the attacker\'s address after ten wrong passwords, even from an address the owner used', async () => {
    // The attacker shares the owner's address (one office, one NAT): no back-off for a known
    // address, so the per-address limit is what stops the guessing.
    const owner = await makeUser(t.app);
    const office = newAddress();
    const mine = await login(owner.username, DEFAULT_PASSWORD, { ip: office });
    expect(mine.statusCode).toBe(200);
    const codes = await attack(owner.username, office);
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    const refused = await login(owner.username, DEFAULT_PASSWORD, { ip: office });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The owner's device is counted apart from the address, and a known address elsewhere works.
    expect((await login(owner.username, DEFAULT_PASSWORD, { ip: office, device: deviceCookie(mine)!.value })).statusCode).toBe(200);
  });

  it('are forgiven by a successful sign-in from there', async () => {
    const owner = await makeUser(t.app);
    const home = newAddress();
    expect((await login(owner.username, DEFAULT_PASSWORD, { ip: home })).statusCode).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await login(owner.username, 'fat-fingers', { ip: home })).statusCode).toBe(401);
      expect((await login(owner.username, DEFAULT_PASSWORD, { ip: home })).statusCode).toBe(200);
    }
  });

  it('answer an unknown username exactly like an account under attack, and write no events for it', async () => {
    const count = async () => {
      await t.app.services.jobs.drain();
      return (await t.app.services.database.db.select().from(securityEvents)).length;
    };
    const before = await count();
    expect(await attack(uniqueName('ghost'), newAddress())).toEqual(UNDER_ATTACK);
    expect(await count()).toBe(before);
  });
});

describe('security events', () => {
  it('record wrong passwords and the throttle with address and user agent, the throttle once per window', async () => {
    const owner = await makeUser(t.app);
    const ip = newAddress();
    expect(await attack(owner.username, ip)).toEqual(UNDER_ATTACK);
    const events = await eventsOf(owner.id);
    const failed = events.filter((e) => e.eventType === 'login_failed');
    expect(failed).toHaveLength(6);
    for (const e of failed) {
      expect(e).toMatchObject({ ipAddress: ip, userAgent: 'attack-bot/1.0', severity: 'low', isResolved: false });
    }
    const throttled = events.filter((e) => e.eventType === 'login_throttled');
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ ipAddress: ip, userAgent: 'attack-bot/1.0', severity: 'high', metadata: { reason: 'backoff' } });

    await sleep(BACKOFF_MAX_MS + 50);
    const newcomer = newAddress();
    expect((await login(owner.username, DEFAULT_PASSWORD, { ip: newcomer })).statusCode).toBe(200);
    const [arrival] = await t.app.services.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, owner.id), eq(securityEvents.eventType, 'login_new_origin')));
    expect(arrival).toMatchObject({ ipAddress: newcomer, userAgent: 'owner-browser/1.0', severity: 'medium', metadata: { failuresBefore: 6 } });
  });
});
