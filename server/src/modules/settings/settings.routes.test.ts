// /admin/settings: GET every key with value and bounds, PUT one key checked against the shared
// registry, audited in the same transaction, and applied from the next request on (maintenance
// mode, registration open / approval / closed).
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SETTING_KEYS, SETTINGS_MESSAGES, type SettingDto } from '@plates/common';
import { adminAuditLogs, signUpApprovals, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { multipartBody } from '../../test/multipart.js';
import { MEDIA_MESSAGES } from '../media/media.messages.js';
import { DEFAULT_PASSWORD, grantRole, makePost, makeSignedInUser, uniqueName } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
});
afterAll(async () => t?.close());
afterEach(async () => {
  await t.app.services.system.setMaintenance(false);
  await put('registration_mode', 'open');
});

const db = () => t.app.services.database.db;

function put(key: string, value: unknown, headers = admin.headers) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers, payload: { value } });
}

async function settings(): Promise<Record<string, SettingDto>> {
  const res = await t.app.inject({ url: '/api/admin/settings', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json<{ settings: SettingDto[] }>().settings.map((s) => [s.key, s]));
}

function register() {
  const username = uniqueName('joiner');
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username.toLowerCase()}@example.test`, password: DEFAULT_PASSWORD },
  });
}

describe('who may read and change settings', () => {
  it('answers 401 to visitors and 403 to members and staff without manage_settings', async () => {
    expect((await t.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/site_name', payload: { value: 'X' } })).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      expect((await t.app.inject({ url: '/api/admin/settings', headers: who.headers })).statusCode).toBe(403);
      expect((await put('maintenance_mode', true, who.headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject('/api/system/maintenance')).json().maintenance).toBe(false);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers every key with its value, default and bounds', async () => {
    const all = await settings();
    expect(Object.keys(all).sort()).toEqual([...SETTING_KEYS].sort());
    expect(all.maintenance_mode).toMatchObject({ value: false, default: false });
    expect(all.registration_mode).toMatchObject({ value: 'open' });
    expect(all.max_upload_mb).toMatchObject({ value: 5, min: 1, max: 5 });
    expect(all.chat_messages_per_minute).toMatchObject({ min: 1, max: 300 });
  });
});

describe('PUT /api/admin/settings/{key}', () => {
  it('stores a valid value, answers it, and writes one audit row with the old and new value', async () => {
    const res = await put('site_name', '  Plates Kitchen ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'site_name', value: 'Plates Kitchen', stored: true });
    expect((await settings()).site_name?.value).toBe('Plates Kitchen');
    const rows = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'setting_changed'), eq(adminAuditLogs.targetLabel, 'site_name')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ adminId: admin.user.id, targetType: 'setting', before: { value: 'Plates' }, after: { value: 'Plates Kitchen' } });
  });

  it.each([
    ['unknown key', 'nope', 1, 404, SETTINGS_MESSAGES.unknownKey],
    ['a key from the prototype', 'constructor', 1, 404, SETTINGS_MESSAGES.unknownKey],
    ['a string for a boolean', 'maintenance_mode', 'true', 400, 'Maintenance mode must be on or off.'],
    ['an unknown mode', 'registration_mode', 'invite', 400, 'Registration must be open, approval or closed.'],
    ['zero', 'plates_per_hour', 0, 400, 'Plates per hour must be at least 1.'],
    ['a huge number', 'chat_messages_per_minute', 1e308, 400, 'Chat messages per minute must be at most 300.'],
    ['a fraction', 'comments_per_10_minutes', 2.5, 400, 'Comments per 10 minutes must be a whole number.'],
    ['over the 5 MB ceiling', 'max_upload_mb', 6, 400, 'Largest photo must be at most 5.'],
    ['a number as text', 'max_upload_mb', '3', 400, 'Largest photo must be a number.'],
    ['an empty name', 'site_name', '   ', 400, 'Site name is required.'],
    ['a name of 61 characters', 'site_name', 'x'.repeat(61), 400, 'Site name must be at most 60 characters.'],
    ['a control character', 'site_name', 'Plates\u001b[2J', 400, 'Site name cannot contain control characters.'],
    ['an object', 'site_name', { toString: 'Plates' }, 400, 'Site name must be text.'],
    ['no value', 'contact_email', undefined, 400, 'Contact address must be text.'],
    ['not an email', 'contact_email', 'team at plates', 400, 'Contact address must be an email address.'],
  ])('refuses %s with the field words and changes nothing', async (_name, key, value, status, message) => {
    const before = await settings();
    const res = await put(key, value);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message, field: status === 404 ? 'key' : 'value' });
    expect(await settings()).toEqual(before);
  });

  it('refuses a NUL byte with the catalogue words', async () => {
    const res = await put('site_name', 'Plates\u0000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.unsafeText);
  });
});

describe('maintenance mode', () => {
  it('is what GET /api/system/maintenance answers, from the next request on', async () => {
    expect((await put('maintenance_mode', true)).statusCode).toBe(200);
    const on = await t.app.inject('/api/system/maintenance');
    expect(on.json()).toEqual({ maintenance: true, message: MESSAGES.maintenance, registration: 'open' });
    const refused = await register();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('MAINTENANCE_MODE');
    expect((await put('maintenance_mode', false)).statusCode).toBe(200);
    expect((await t.app.inject('/api/system/maintenance')).json()).toEqual({ maintenance: false, registration: 'open' });
  });
});

describe('registration mode', () => {
  it('closed refuses sign-up with the catalogue words, and says so to /auth', async () => {
    expect((await put('registration_mode', 'closed')).statusCode).toBe(200);
    expect((await t.app.inject('/api/system/maintenance')).json().registration).toBe('closed');
    const res = await register();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: SETTINGS_MESSAGES.registrationClosed });
  });

  it('approval puts every new account in the approval queue', async () => {
    expect((await put('registration_mode', 'approval')).statusCode).toBe(200);
    const res = await register();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ awaitingApproval: true, message: MESSAGES.registeredAwaitingApproval });
    const id = res.json().user.id as number;
    const [user] = await db().select().from(users).where(eq(users.id, id));
    expect(user?.accountStatus).toBe('awaiting_approval');
    const [queued] = await db().select().from(signUpApprovals).where(eq(signUpApprovals.userId, id));
    expect(queued).toMatchObject({ ipBlockId: null, blockRange: null });
    const list = await t.app.inject({ url: '/api/admin/users?status=awaiting_approval', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(`"id":${id}`);
  });

  it('open lets sign-ups through as before', async () => {
    const res = await register();
    expect(res.statusCode).toBe(201);
    expect(res.json().awaitingApproval).toBe(false);
  });
});

describe('member limits', () => {
  it("apply the admin's stored value from the next request on", async () => {
    const post = await makePost(t.app);
    const fan = await makeSignedInUser(t.app);
    const comment = (text: string) =>
      t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: fan.headers, payload: { comment: text } });
    expect((await put('comments_per_10_minutes', 2)).statusCode).toBe(200);
    try {
      expect((await comment('one')).statusCode).toBe(200);
      expect((await comment('two')).statusCode).toBe(200);
      const refused = await comment('three');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.commentRateLimited });
      expect((await put('comments_per_10_minutes', 200)).statusCode).toBe(200);
      expect((await comment('four')).statusCode).toBe(200);
    } finally {
      await put('comments_per_10_minutes', 200);
    }
  });
});

describe('GET /api/site', () => {
  it("answers the site's name, contact address and largest photo to anyone, from the next request on", async () => {
    const site = async () => (await t.app.inject('/api/site')).json();
    const stored = await settings();
    expect(await site()).toEqual({
      name: stored.site_name!.value,
      contactEmail: stored.contact_email!.value,
      maxUploadBytes: Number(stored.max_upload_mb!.value) * 1024 * 1024,
    });
    try {
      expect((await put('site_name', 'Supper Club')).statusCode).toBe(200);
      expect((await put('contact_email', 'hello@supper.example')).statusCode).toBe(200);
      expect((await put('max_upload_mb', 2)).statusCode).toBe(200);
      expect(await site()).toEqual({ name: 'Supper Club', contactEmail: 'hello@supper.example', maxUploadBytes: 2 * 1024 * 1024 });
    } finally {
      await put('site_name', stored.site_name!.value);
      await put('contact_email', stored.contact_email!.value);
      await put('max_upload_mb', stored.max_upload_mb!.value);
    }
  });
});

describe('largest photo', () => {
  it('refuses a plate photo over the stored size with the limit in the words, and takes it again at 5 MB', async () => {
    const cook = await makeSignedInUser(t.app);
    // Over 1 MB: refused while it streams, before its format is looked at.
    const bytes = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const body = await multipartBody([['title', 'Big soup'], ['image', { bytes, filename: 'soup.png', type: 'image/png' }]]);
    const upload = () =>
      t.app.inject({ method: 'POST', url: '/api/posts', payload: body.payload, headers: { ...body.headers, ...cook.headers } });
    expect((await put('max_upload_mb', 1)).statusCode).toBe(200);
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ code: 'FILE_TOO_LARGE', message: MEDIA_MESSAGES.fileTooLargeFor(1) });
      expect(MEDIA_MESSAGES.fileTooLargeFor(1)).toBe('File too large. The maximum size is 1MB.');
    } finally {
      expect((await put('max_upload_mb', 5)).statusCode).toBe(200);
    }
    // Within 5 MB it reaches the image checks (these bytes are no image).
    expect((await upload()).statusCode).toBe(400);
  });
});
