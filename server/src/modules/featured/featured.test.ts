import { FEATURED_MESSAGES, type AdminFeaturedDto, type AdminFeaturedResponse, type FeaturedPostsResponse } from '@plates/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuditLogs, featuredPosts, follows, notifications, posts, userBlocks, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

const HOUR = 3_600_000;

describe('featured plates', () => {
  let t: TestApp;
  let curator: Cook;
  let filterKeeper: Cook;
  let member: Cook;

  beforeAll(async () => {
    t = await buildTestApp();
    curator = await makeSignedInUser(t.app);
    await grantRole(t.app, curator.user.id, 'moderator', { permissions: ['manage_content'] });
    filterKeeper = await makeSignedInUser(t.app);
    await grantRole(t.app, filterKeeper.user.id, 'moderator', { permissions: ['manage_filters'] });
    member = await makeSignedInUser(t.app);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.app.services.database.db.delete(featuredPosts);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const db = () => t.app.services.database.db;
  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const feature = async (body: object, headers: Headers = curator.headers) => {
    const res = await inject('POST', '/api/admin/featured', headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminFeaturedDto>();
  };
  const rowFor = async (headers?: Headers) => {
    const res = await inject('GET', '/api/posts/featured', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FeaturedPostsResponse>().posts.map((p) => p.id);
  };
  const auditRows = (action: string, postId: number) =>
    db().select().from(adminAuditLogs).where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetId, postId)));

  it('answers 401 to visitors and 403 without manage_content on every admin call', async () => {
    const post = await makePost(t.app);
    const made = await feature({ postId: post.id });
    for (const [method, url, payload] of [
      ['GET', '/api/admin/featured', undefined],
      ['POST', '/api/admin/featured', { postId: post.id }],
      ['PATCH', `/api/admin/featured/${made.id}`, { priority: 3 }],
      ['POST', `/api/admin/featured/${made.id}/unfeature`, {}],
    ] as const) {
      expect((await inject(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await inject(method, url, member.headers, payload)).statusCode).toBe(403);
      expect((await inject(method, url, filterKeeper.headers, payload)).statusCode).toBe(403);
    }
  });

  it('features a plate with an audit row and a notification for its cook; the row shows it to visitors and members', async () => {
    const cook = await makeUser(t.app);
    const post = await makePost(t.app, { userId: cook.id, title: 'Saffron risotto' });
    const made = await feature({ postId: post.id, priority: 5, reason: 'Gorgeous light' });
    expect(made).toMatchObject({ postId: post.id, priority: 5, reason: 'Gorgeous light', status: 'active', featuredBy: { id: curator.user.id }, post: { title: 'Saffron risotto' } });

    const [audit] = await auditRows('post_featured', post.id);
    expect(audit).toMatchObject({ adminId: curator.user.id, targetType: 'post', after: { priority: 5, reason: 'Gorgeous light', isActive: true } });
    const told = await db().select().from(notifications).where(eq(notifications.userId, cook.id));
    expect(told).toEqual([expect.objectContaining({ type: 'post_featured', title: FEATURED_MESSAGES.featuredTitle, postId: post.id })]);

    expect(await rowFor()).toEqual([post.id]);
    expect(await rowFor(member.headers)).toEqual([post.id]);
    const res = await inject('GET', '/api/posts/featured');
    expect(res.json<FeaturedPostsResponse>().posts[0]).toMatchObject({ id: post.id, title: 'Saffron risotto', isSaved: false });

    // featured already: a second time is a conflict, and writes nothing
    const again = await inject('POST', '/api/admin/featured', curator.headers, { postId: post.id });
    expect(again.statusCode).toBe(409);
    expect(await auditRows('post_featured', post.id)).toHaveLength(1);
  });

  it('orders the row by priority, then the newest plate', async () => {
    const old = await makePost(t.app, { createdAt: new Date(Date.now() - 10 * HOUR) });
    const recent = await makePost(t.app);
    const top = await makePost(t.app, { createdAt: new Date(Date.now() - 20 * HOUR) });
    await feature({ postId: old.id, priority: 2 });
    await feature({ postId: recent.id, priority: 2 });
    await feature({ postId: top.id, priority: 9 });
    expect(await rowFor()).toEqual([top.id, recent.id, old.id]);
  });

  it('features only approved plates everyone may see', async () => {
    const pending = await makePost(t.app, { approvalStatus: 'pending' });
    const privateCook = await makeUser(t.app, { isPrivate: true });
    const hidden = await makePost(t.app, { userId: privateCook.id });
    for (const post of [pending, hidden]) {
      const res = await inject('POST', '/api/admin/featured', curator.headers, { postId: post.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: FEATURED_MESSAGES.notFeaturable, field: 'postId' });
    }
    expect((await inject('POST', '/api/admin/featured', curator.headers, { postId: 2_147_483_000 })).statusCode).toBe(404);
    expect((await inject('POST', '/api/admin/featured', curator.headers, { postId: pending.id, priority: 0 })).statusCode).toBe(400);
    expect((await inject('POST', '/api/admin/featured', curator.headers, { postId: pending.id, reason: 'x\u0000' })).statusCode).toBe(400);
  });

  it('keeps the feed’s visibility rules: blocks, private cooks, suspended cooks and removed plates', async () => {
    const cook = await makeSignedInUser(t.app);
    const post = await makePost(t.app, { userId: cook.user.id });
    await feature({ postId: post.id });
    const blocker = await makeSignedInUser(t.app);
    await db().insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: cook.user.id });
    expect(await rowFor(blocker.headers)).toEqual([]);
    expect(await rowFor(member.headers)).toEqual([post.id]);

    // the cook goes private: followers still see it, visitors and others not
    const follower = await makeSignedInUser(t.app);
    await db().insert(follows).values({ followerId: follower.user.id, followingId: cook.user.id, status: 'accepted' });
    await db().update(users).set({ isPrivate: true }).where(eq(users.id, cook.user.id));
    expect(await rowFor()).toEqual([]);
    expect(await rowFor(member.headers)).toEqual([]);
    expect(await rowFor(follower.headers)).toEqual([post.id]);
    await db().update(users).set({ isPrivate: false, accountStatus: 'suspended' }).where(eq(users.id, cook.user.id));
    expect(await rowFor()).toEqual([]);
    await db().update(users).set({ accountStatus: 'active' }).where(eq(users.id, cook.user.id));
    expect(await rowFor()).toEqual([post.id]);
    await db().update(posts).set({ approvalStatus: 'rejected' }).where(eq(posts.id, post.id));
    expect(await rowFor()).toEqual([]);
  });

  it('edits priority and expiry, lets a featuring expire (fake clock), unfeatures with who and when, and keeps the history', async () => {
    // Only Date is faked (the database and timers run as ever); sessions outlive the two hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date(Math.ceil(Date.now() / 1000) * 1000);
    vi.setSystemTime(start);
    const a = await makePost(t.app);
    const b = await makePost(t.app);
    const fa = await feature({ postId: a.id, expiresAt: new Date(start.getTime() + 2 * HOUR).toISOString() });
    const fb = await feature({ postId: b.id });

    const past = await inject('PATCH', `/api/admin/featured/${fb.id}`, curator.headers, { expiresAt: new Date(start.getTime() - HOUR).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'expiresAt', message: FEATURED_MESSAGES.expiryInPast });
    const edited = await inject('PATCH', `/api/admin/featured/${fb.id}`, curator.headers, { priority: 7 });
    expect(edited.json()).toMatchObject({ priority: 7, status: 'active' });
    expect(await auditRows('featured_updated', b.id)).toEqual([expect.objectContaining({ before: expect.objectContaining({ priority: 1 }), after: expect.objectContaining({ priority: 7 }) })]);
    expect(await rowFor()).toEqual([b.id, a.id]);

    vi.setSystemTime(new Date(start.getTime() + 2 * HOUR + 1000));
    expect(await rowFor()).toEqual([b.id]);
    // an expired one can no longer be edited, but can be featured again
    expect((await inject('PATCH', `/api/admin/featured/${fa.id}`, curator.headers, { priority: 3 })).statusCode).toBe(409);

    const down = await inject('POST', `/api/admin/featured/${fb.id}/unfeature`, curator.headers, {});
    expect(down.json()).toMatchObject({ status: 'unfeatured', unfeaturedBy: { id: curator.user.id, username: curator.user.username } });
    expect(down.json<AdminFeaturedDto>().unfeaturedAt).toBe(new Date(start.getTime() + 2 * HOUR + 1000).toISOString());
    expect(await auditRows('post_unfeatured', b.id)).toHaveLength(1);
    expect((await inject('POST', `/api/admin/featured/${fb.id}/unfeature`, curator.headers, {})).statusCode).toBe(409);
    expect(await rowFor()).toEqual([]);

    const current = await inject('GET', '/api/admin/featured', curator.headers);
    expect(current.json<AdminFeaturedResponse>().featured).toEqual([]);
    const history = await inject('GET', '/api/admin/featured?status=past', curator.headers);
    expect(history.json<AdminFeaturedResponse>().featured.map((f) => [f.postId, f.status])).toEqual([
      [b.id, 'unfeatured'],
      [a.id, 'expired'],
    ]);

    const back = await feature({ postId: b.id, priority: 4 });
    expect(back).toMatchObject({ id: fb.id, status: 'active', priority: 4, unfeaturedBy: null, unfeaturedAt: null });
    expect(await rowFor()).toEqual([b.id]);
  });

  it('pages the admin list by cursor', async () => {
    const cook = await makeUser(t.app);
    for (let i = 0; i < 32; i++) await db().insert(featuredPosts).values({ postId: (await makePost(t.app, { userId: cook.id })).id, priority: (i % 3) + 1 });
    const first = (await inject('GET', '/api/admin/featured', curator.headers)).json<AdminFeaturedResponse>();
    expect(first.featured).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = (await inject('GET', `/api/admin/featured?cursor=${first.nextCursor}`, curator.headers)).json<AdminFeaturedResponse>();
    expect(second.featured).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const all = [...first.featured, ...second.featured];
    expect(new Set(all.map((f) => f.id)).size).toBe(32);
    expect(all.map((f) => f.priority)).toEqual([...all.map((f) => f.priority)].sort((x, y) => y - x));
    expect((await inject('GET', '/api/admin/featured?cursor=nonsense', curator.headers)).statusCode).toBe(400);
  });
});
