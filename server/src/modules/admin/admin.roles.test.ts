import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser, makeUser, verifyUser } from '../../test/factories.js';

describe('staff roles and the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('a granted moderator reviews plates, sees the permissions with their session, and loses them when revoked', async () => {
    const { app } = t;
    const admin = await makeSignedInUser(app, { isAdmin: true });
    await verifyUser(app, admin.user.id, 'business');
    const mod = await makeSignedInUser(app);
    expect((await app.inject({ url: '/api/admin/posts/pending', headers: mod.headers })).statusCode).toBe(403);

    const grant = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${mod.user.id}/roles`,
      headers: admin.headers,
      payload: { role: 'moderator', reason: 'Trusted regular' },
    });
    expect(grant.statusCode).toBe(201);
    expect(grant.json()).toMatchObject({ role: 'moderator', permissions: ['review_posts', 'manage_reports', 'view_audit_log'], isActive: true });

    expect((await app.inject({ url: '/api/admin/posts/pending', headers: mod.headers })).statusCode).toBe(200);
    const me = await app.inject({ url: '/api/user', headers: mod.headers });
    expect(me.json().permissions).toEqual(['view_audit_log', 'review_posts', 'manage_reports']);
    // Not the permissions a moderator lacks.
    expect((await app.inject({ url: `/api/admin/users/${mod.user.id}/roles`, headers: mod.headers })).statusCode).toBe(403);

    const audit = await app.inject({ url: `/api/admin/audit?targetType=user&targetId=${mod.user.id}`, headers: mod.headers });
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'role_granted',
      admin: { id: admin.user.id, username: admin.user.username, isVerified: true, verifiedType: 'business' },
      adminRole: 'admin',
      targetLabel: mod.user.username,
      reason: 'Trusted regular',
      after: { role: 'moderator' },
    });

    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${mod.user.id}/roles/${grant.json().id}`,
      headers: admin.headers,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/posts/pending', headers: mod.headers })).statusCode).toBe(403);
    const told = (await app.inject({ url: '/api/notifications', headers: mod.headers })).json().notifications.map(
      (n: { message: string }) => n.message,
    );
    expect(told).toEqual([
      'Your moderator role on Plates has ended.',
      'You were given the moderator role. The Admin Panel is in your account menu.',
    ]);
    const log = await app.inject({ url: `/api/admin/audit?action=role_revoked`, headers: admin.headers });
    expect(log.json().entries[0]).toMatchObject({ targetId: mod.user.id, before: { role: 'moderator' } });
  });

  it('nobody grants what they do not hold, changes their own roles, or acts on an admin', async () => {
    const { app } = t;
    const granter = await makeSignedInUser(app);
    await grantRole(app, granter.user.id, 'moderator', { permissions: ['manage_roles', 'review_posts'] });
    const member = await makeUser(app);
    const otherAdmin = await makeUser(app, { isAdmin: true });

    const tooMuch = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/roles`,
      headers: granter.headers,
      payload: { role: 'moderator' }, // its defaults include manage_reports, which the granter lacks
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().message).toBe('You cannot grant a permission you do not hold.');

    const narrowed = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/roles`,
      headers: granter.headers,
      payload: { role: 'moderator', permissions: ['review_posts'] },
    });
    expect(narrowed.statusCode).toBe(201);

    const self = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${granter.user.id}/roles`,
      headers: granter.headers,
      payload: { role: 'moderator', permissions: ['review_posts'] },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot change your own roles.');

    const onAdmin = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${otherAdmin.id}/roles`,
      headers: granter.headers,
      payload: { role: 'moderator', permissions: ['review_posts'] },
    });
    expect(onAdmin.statusCode).toBe(403);

    const past = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/roles`,
      headers: granter.headers,
      payload: { role: 'moderator', permissions: ['review_posts'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'expiresAt' });
  });

  it('refuses a member at an admin route with a security event', async () => {
    const { app } = t;
    const member = await makeSignedInUser(app);
    expect((await app.inject({ url: '/api/admin/audit', headers: member.headers })).statusCode).toBe(403);
    await app.services.jobs.drain();
    const rows = await app.services.database.db.execute<{ event_type: string }>(
      sql`select event_type from security_events where user_id = ${member.user.id}`,
    );
    expect(rows.rows.map((r) => r.event_type)).toEqual(['admin_permission_refused']);
  });

  it('keeps the audit log append-only, save the admin_id an account deletion clears', async () => {
    const { app } = t;
    const admin = await makeSignedInUser(app, { isAdmin: true });
    const member = await makeUser(app);
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/roles`,
      headers: admin.headers,
      payload: { role: 'moderator' },
    });
    const db = app.services.database.db;
    const [row] = (await db.execute<{ id: number }>(sql`select id from admin_audit_logs where admin_id = ${admin.user.id}`)).rows;
    expect(row).toBeDefined();
    await expect(db.execute(sql`update admin_audit_logs set action = 'edited' where id = ${row!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_logs where id = ${row!.id}`)).rejects.toThrow();

    await db.execute(sql`delete from users where id = ${admin.user.id}`);
    const [kept] = (
      await db.execute<{ admin_id: number | null; action: string; target_label: string }>(
        sql`select admin_id, action, target_label from admin_audit_logs where id = ${row!.id}`,
      )
    ).rows;
    expect(kept).toEqual({ admin_id: null, action: 'role_granted', target_label: member.username });
  });
});

describe('the admin write limit', () => {
  it('stops one staff member after their changes per window, not their reads or others', async () => {
    const t = await buildTestApp({ rateLimits: { adminWritesPerUser: 2 } });
    try {
      const { app } = t;
      const admin = await makeSignedInUser(app, { isAdmin: true });
      const other = await makeSignedInUser(app, { isAdmin: true });
      const add = (headers: { authorization: string }, title: string) =>
        app.inject({ method: 'POST', url: '/api/admin/templates', headers, payload: { kind: 'report', title, body: 'Text' } });
      expect((await add(admin.headers, 'One')).statusCode).toBe(201);
      expect((await add(admin.headers, 'Two')).statusCode).toBe(201);
      const third = await add(admin.headers, 'Three');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      expect((await app.inject({ url: '/api/admin/templates', headers: admin.headers })).statusCode).toBe(200);
      expect((await add(other.headers, 'Four')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
