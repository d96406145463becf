import type { PendingPostsResponse, PostDto } from '@plates/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs, notifications, pointTransactions, posts, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn } from '../../test/factories.js';

let t: TestApp;
let admin: User;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, { isAdmin: true });
  adminHeaders = { authorization: (await signIn(t.app, admin.username)).authorization, 'user-agent': 'ModBrowser/1.0' };
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;

describe('admin moderation of plates', () => {
  it('refuses guests (401) and non-admins (403) on every moderation call', async () => {
    const cook = await makeUser(t.app);
    const headers = { authorization: (await signIn(t.app, cook.username)).authorization };
    const post = await makePost(t.app, { approvalStatus: 'pending' });
    const calls = [
      { method: 'GET' as const, url: '/api/admin/posts/pending' },
      { method: 'POST' as const, url: `/api/admin/posts/${post.id}/approve` },
      { method: 'POST' as const, url: `/api/admin/posts/${post.id}/reject`, payload: { reason: 'No' } },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
      const res = await t.app.inject({ ...call, headers });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.approvalStatus).toBe('pending');
  });

  it('lists pending plates oldest first, ten a page', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await makePost(t.app, { approvalStatus: 'pending', createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)) }));
    }
    await makePost(t.app, { approvalStatus: 'rejected', createdAt: new Date(Date.UTC(2019, 0, 1)) });
    const first = (await t.app.inject({ url: '/api/admin/posts/pending', headers: adminHeaders })).json<PendingPostsResponse>();
    expect(first.page).toBe(1);
    expect(first.posts).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(12);
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    const pendingOnly = first.posts.every((p) => p.approvalStatus === 'pending');
    expect(pendingOnly).toBe(true);
    const created = first.posts.map((p) => p.createdAt);
    expect([...created].sort()).toEqual(created);
    expect(first.posts[0]?.id).toBe(made[0]?.id);
    const second = (await t.app.inject({ url: '/api/admin/posts/pending?page=2', headers: adminHeaders })).json<PendingPostsResponse>();
    expect(second.posts[0]?.id).toBe(made[10]?.id);
    expect((await t.app.inject({ url: '/api/admin/posts/pending?page=0', headers: adminHeaders })).statusCode).toBe(400);
  });

  it('approves: live, points to the author once, a notification and an audit row; 409 the second time', async () => {
    const author = await makeUser(t.app);
    const post = await makePost(t.app, { userId: author.id, approvalStatus: 'pending', title: 'Shakshuka' });
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/posts/${post.id}/approve`, headers: adminHeaders });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostDto>()).toMatchObject({ id: post.id, approvalStatus: 'approved' });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ approvedBy: admin.id, approvalStatus: 'approved' });
    expect(row?.approvedAt).toBeInstanceOf(Date);
    const [me] = await db().select().from(users).where(eq(users.id, author.id));
    expect(me?.points).toBe(100);
    const notes = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'post_approved',
      title: 'Plate approved',
      message: 'Your plate "Shakshuka" is now live.',
      postId: post.id,
      actorId: admin.id,
    });
    const audits = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.targetId, post.id), eq(adminAuditLogs.action, 'post_approved')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      adminId: admin.id,
      adminRole: 'admin',
      targetType: 'post',
      targetLabel: post.title,
      before: { approvalStatus: 'pending' },
      after: { approvalStatus: 'approved' },
      userAgent: 'ModBrowser/1.0',
      success: true,
    });
    expect(audits[0]?.ipAddress).toBeTruthy();
    expect((await t.app.inject(`/api/posts/${post.id}`)).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/posts/${post.id}/approve`, headers: adminHeaders });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    const ledger = await db().select().from(pointTransactions).where(eq(pointTransactions.userId, author.id));
    expect(ledger).toHaveLength(1);
  });

  it('rejects with a reason the author is told; 409 the second time; 400 without a reason', async () => {
    const author = await makeUser(t.app);
    const post = await makePost(t.app, { userId: author.id, approvalStatus: 'pending', title: 'Mystery stew' });
    const url = `/api/admin/posts/${post.id}/reject`;
    const missing = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload: { reason: '  ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A reason is required' });
    const res = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload: { reason: 'The photo is blurry' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PostDto>()).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'The photo is blurry' });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'post_rejected', title: 'Plate not approved', postId: post.id });
    expect(notes[0]?.message).toContain('The photo is blurry');
    const audits = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.targetId, post.id), eq(adminAuditLogs.action, 'post_rejected')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ reason: 'The photo is blurry' });
    const again = await t.app.inject({ method: 'POST', url, headers: adminHeaders, payload: { reason: 'Still blurry' } });
    expect(again.statusCode).toBe(409);
    const [me] = await db().select().from(users).where(eq(users.id, author.id));
    expect(me?.points).toBe(0);
    // the owner still sees it, with the reason; nobody else does
    const ownerView = await t.app.inject({
      url: `/api/posts/${post.id}`,
      headers: { authorization: (await signIn(t.app, author.username)).authorization },
    });
    expect(ownerView.json<PostDto>().rejectionReason).toBe('The photo is blurry');
    expect((await t.app.inject(`/api/posts/${post.id}`)).statusCode).toBe(404);
  });

  it("hints at the cook's record and at earlier plates with nearly the same photo", async () => {
    const cook = await makeUser(t.app, { createdAt: new Date('2025-03-01T10:00:00Z') });
    await makePost(t.app, { userId: cook.id, title: 'Approved before' });
    const original = await makePost(t.app, { title: 'The original', imageHash: 'f0f0f0f0f0f0f0f0', createdAt: new Date('1999-01-01T00:00:00Z') });
    await makePost(t.app, { title: 'Unrelated', imageHash: '0f0f0f0f0f0f0f0f', createdAt: new Date('1999-01-02T00:00:00Z') });
    // The same photo posted after the pending one is not an earlier plate.
    await makePost(t.app, { title: 'A later copy', imageHash: 'f0f0f0f0f0f0f0f0' });
    const copy = await makePost(t.app, {
      userId: cook.id,
      title: 'Suspiciously familiar',
      approvalStatus: 'pending',
      createdAt: new Date('2000-01-01T00:00:00Z'), // first in the queue
      imageHash: 'f0f0f0f0f0f0f0f1', // one bit away
    });
    const res = await t.app.inject({ url: '/api/admin/posts/pending', headers: adminHeaders });
    const body = res.json<PendingPostsResponse>();
    expect(body.posts[0]!.id).toBe(copy.id);
    expect(body.hints?.find((h) => h.postId === copy.id)).toEqual({
      postId: copy.id,
      author: { joinedAt: '2025-03-01T10:00:00.000Z', approvedPlates: 1, strikes: 0, activeStrikes: 0, reportsReceived: 0 },
      duplicates: [{ id: original.id, title: 'The original', approvalStatus: 'approved', userId: original.userId, distance: 1 }],
      // No photo analysis stored for it (analysis.posts.test.ts covers the hints it gives).
      analysis: null,
    });
  });

  it('answers 404 for unknown plates', async () => {
    for (const action of ['approve', 'reject']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/posts/999999/${action}`,
        headers: adminHeaders,
        payload: { reason: 'x' },
      });
      expect(res.statusCode, action).toBe(404);
    }
  });
});
