import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';

describe('the admin member directory', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await makeSignedInUser(t.app, { isAdmin: true });
  });
  afterAll(async () => t?.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/admin/users?${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json<{ users: { id: number; username: string; roles: string[]; accountStatus: string }[]; total: number }>();
  };

  it('finds members by name, email or sign-in address, and filters by status and role', async () => {
    const { app } = t;
    const cook = await makeUser(app, { username: 'Paella_Queen_7', displayName: 'Rosa 100% Valencia' });
    const staff = await makeUser(app);
    await grantRole(app, staff.id, 'moderator');
    await makeUser(app, { accountStatus: 'suspended' });

    expect((await list('q=paella_q')).users.map((u) => u.id)).toEqual([cook.id]);
    expect((await list('q=100%25')).users.map((u) => u.id)).toEqual([cook.id]); // % matched as text
    expect((await list(`q=${encodeURIComponent(cook.email.toUpperCase())}`)).users.map((u) => u.id)).toEqual([cook.id]);
    // The injected requests come from 127.0.0.1: the admin's own sign-in.
    expect((await list('q=127.0.0.1')).users.map((u) => u.id)).toContain(admin.user.id);
    expect((await list('status=suspended')).users.every((u) => u.accountStatus === 'suspended')).toBe(true);
    const staffList = await list('role=staff');
    expect(staffList.users.find((u) => u.id === staff.id)?.roles).toEqual(['moderator']);
    expect(staffList.users.find((u) => u.id === admin.user.id)?.roles).toEqual(['admin']);
    expect((await list('role=member')).users.some((u) => u.id === staff.id)).toBe(false);
  });

  it("shows a member's record: plates, reports, strikes, sign-ins with failures, sessions and roles", async () => {
    const { app } = t;
    const cook = await makeSignedInUser(app);
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { username: cook.user.username, password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(401);
    const post = await makePost(app, { userId: cook.user.id, title: 'Tortilla' });
    const other = await makeSignedInUser(app);
    await app.inject({ method: 'POST', url: '/api/reports', headers: other.headers, payload: { targetType: 'post', targetId: post.id, reason: 'spam' } });
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${cook.user.id}/actions`,
      headers: admin.headers,
      payload: { action: 'warn', reason: 'Mind the tone' },
    });
    await app.services.jobs.drain();

    const res = await app.inject({ url: `/api/admin/users/${cook.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.user).toMatchObject({ id: cook.user.id, email: cook.user.email, activeStrikes: 1, totalStrikes: 1 });
    expect(detail.posts.map((p: { title: string }) => p.title)).toEqual(['Tortilla']);
    expect(detail.reportsReceived).toMatchObject([{ targetType: 'post', targetId: post.id, reason: 'spam' }]);
    expect(detail.strikes).toMatchObject([{ type: 'warn', reason: 'Mind the tone' }]);
    expect(detail.signIns.map((e: { success: boolean; failureReason: string | null }) => [e.success, e.failureReason])).toEqual([
      [false, 'password'],
      [true, null],
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.roles).toEqual([]);

    expect((await app.inject({ url: '/api/admin/users/2147483000', headers: admin.headers })).statusCode).toBe(404);
  });

  it('keeps editable reason templates, each change audited', async () => {
    const { app } = t;
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/templates',
      headers: admin.headers,
      payload: { kind: 'report', title: 'Not food', body: 'Plates is for dishes: this photo shows no food.' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/templates/${id}`,
      headers: admin.headers,
      payload: { kind: 'report', title: 'Not food', body: 'Plates is for dishes only.' },
    });
    expect(edited.json()).toMatchObject({ body: 'Plates is for dishes only.' });
    const listed = (await app.inject({ url: '/api/admin/templates', headers: admin.headers })).json().templates;
    expect(listed.find((x: { id: number }) => x.id === id)).toMatchObject({ title: 'Not food' });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/templates/${id}`, headers: admin.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/templates/${id}`, headers: admin.headers })).statusCode).toBe(404);
    const audit = (await app.inject({ url: `/api/admin/audit?targetType=template&targetId=${id}`, headers: admin.headers })).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['template_deleted', 'template_updated', 'template_created']);
    const blank = await app.inject({ method: 'POST', url: '/api/admin/templates', headers: admin.headers, payload: { kind: 'report', title: ' ', body: 'x' } });
    expect(blank.statusCode).toBe(400);
  });
});
