import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs, securityEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, grantRole, makeSignedInUser, makeUser, uniqueName, verifyUser } from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';
import { SVG_PLAIN } from '../../test/media.fixtures.js';
import { SECURITY_EVENT_MESSAGES } from './security-events.service.js';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  // One sign-up an hour per address, so the second is a rate-limit hit.
  t = await buildTestApp({ rateLimits: { registerPerIp: 1 } });
  admin = (await makeSignedInUser(t.app, { isAdmin: true })).headers;
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;

function list(query: Record<string, string> = {}, headers: { authorization: string } = admin) {
  return t.app.inject({ method: 'GET', url: '/api/admin/security-events', query, headers });
}

describe('security events', () => {
  it('lists newest first, 50 a page, and filters by type, severity, resolved, member and address or range', async () => {
    const member = await makeUser(t.app);
    await verifyUser(t.app, member.id, 'gold');
    const base = Date.parse('2030-01-01T00:00:00Z');
    const rows = Array.from({ length: 55 }, (_, i) => ({
      eventType: i % 5 === 0 ? 'filter_probe' : 'filter_noise',
      severity: i % 2 === 0 ? 'high' : 'low',
      description: `event ${i}`,
      ipAddress: i === 3 ? '::ffff:10.9.8.7' : i === 4 ? '10.9.9.1' : i === 5 ? '2001:db8::5' : i === 6 ? 'unknown' : '192.0.2.1',
      userId: i === 7 ? member.id : null,
      isResolved: i === 8,
      createdAt: new Date(base + i * 1000),
    }));
    await db().insert(securityEvents).values(rows);

    const first = await list();
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.events).toHaveLength(50);
    expect(page1.page).toBe(1);
    expect(page1.total).toBeGreaterThanOrEqual(55);
    expect(page1.events[0].description).toBe('event 54');
    expect(page1.events[1].description).toBe('event 53');
    const page2 = (await list({ page: '2' })).json();
    expect(page2.page).toBe(2);
    expect(page2.events.length).toBe(page1.total - 50);

    const descriptions = async (query: Record<string, string>) => {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      return res.json().events.map((e: { description: string }) => e.description);
    };
    expect(await descriptions({ type: 'filter_probe', severity: 'high' })).toEqual(['event 50', 'event 40', 'event 30', 'event 20', 'event 10', 'event 0']);
    expect(await descriptions({ type: 'filter_noise', resolved: 'true' })).toEqual(['event 8']);
    expect(await descriptions({ userId: String(member.id) })).toEqual(['event 7']);
    expect(await descriptions({ ip: '10.9.8.7' })).toEqual(['event 3']);
    expect(await descriptions({ ip: '::ffff:10.9.8.7' })).toEqual(['event 3']);
    expect(await descriptions({ ip: '10.9.0.0/16' })).toEqual(['event 4', 'event 3']);
    expect(await descriptions({ ip: '2001:db8::/32' })).toEqual(['event 5']);

    const [withUser] = (await list({ userId: String(member.id) })).json().events;
    expect(withUser).toMatchObject({ user: { id: member.id, username: member.username, isVerified: true, verifiedType: 'gold' }, isResolved: false, severity: 'low' });

    expect((await list({ resolved: 'maybe' })).statusCode).toBe(400);
    expect((await list({ ip: 'nonsense' })).json()).toMatchObject({ field: 'ip' });
    expect((await list({ severity: 'extreme' })).statusCode).toBe(400);
  });

  it('resolves an event once, audited, for holders of view_security', async () => {
    const [row] = await db()
      .insert(securityEvents)
      .values({ eventType: 'login_failed', severity: 'low', description: 'Wrong password', ipAddress: '192.0.2.9' })
      .returning();
    const id = row!.id;
    const holder = await makeSignedInUser(t.app);
    await grantRole(t.app, holder.user.id, 'moderator', { permissions: ['view_security'] });

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/security-events/${id}/resolve`,
      headers: holder.headers,
      payload: { note: 'Owner mistyped' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, isResolved: true, eventType: 'login_failed' });
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/security-events/${id}/resolve`, headers: holder.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SECURITY_EVENT_MESSAGES.alreadyResolved);
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/security-events/2147483000/resolve', headers: admin, payload: {} });
    expect(missing.statusCode).toBe(404);

    const audit = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'security_event_resolved'), eq(adminAuditLogs.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: holder.user.id, reason: 'Owner mistyped', targetType: 'security_event' });

    const member = await makeSignedInUser(t.app);
    expect((await list({}, member.headers)).statusCode).toBe(403);
  });

  it('notes rate-limit hits, once a minute per limit and key', async () => {
    const from = '198.51.100.33';
    const register = () => {
      const username = uniqueName('rl');
      return t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: from,
        payload: { username, email: `${username}@example.test`, password: DEFAULT_PASSWORD },
      });
    };
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(429);
    expect((await register()).statusCode).toBe(429);
    await t.app.services.jobs.drain();
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'rate_limited'), eq(securityEvents.ipAddress, from)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: 'low', metadata: { limit: 'register-ip', key: from, path: '/api/register' } });
  });

  it('notes uploads refused after sniffing', async () => {
    const cook = await makeSignedInUser(t.app);
    const body = await multipartBody([
      ['title', 'Ramen'],
      ['image', { bytes: SVG_PLAIN, filename: 'dish.png', type: 'image/png' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: { ...body.headers, ...cook.headers },
      remoteAddress: '198.51.100.44',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_FILE_TYPE');
    await t.app.services.jobs.drain();
    const [event] = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, 'upload_refused'), eq(securityEvents.ipAddress, '198.51.100.44')));
    expect(event).toMatchObject({ userId: cook.user.id, severity: 'medium', metadata: { reason: 'svg', path: '/api/posts' } });
  });
});
