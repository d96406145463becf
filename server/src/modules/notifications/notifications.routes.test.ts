import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationsResponse } from '@plates/common';
import { notifications, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, makeSignedInUser, verifyUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;

const cook = (overrides: Partial<User> = {}) => makeSignedInUser(t.app, overrides);

/** Inserts a notification for `userId`, `minutesAgo` old (so order is explicit). */
async function notify(
  userId: number,
  values: Partial<typeof notifications.$inferInsert> & { minutesAgo?: number } = {},
) {
  const { minutesAgo = 0, ...rest } = values;
  const [row] = await db()
    .insert(notifications)
    .values({
      userId,
      type: 'system',
      title: 'Hello',
      message: 'A message',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...rest,
    })
    .returning();
  return row!;
}

const list = async (headers: Record<string, string>, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsResponse>();
};
const markRead = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers, ...(payload ? { payload } : {}) });
const clear = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/clear', headers });

describe('GET /api/notifications', () => {
  it("lists the viewer's own notifications newest first, with the actor (and their badge) joined and metadata as JSON text", async () => {
    const me = await cook();
    const actor = await makeUser(t.app, { displayName: 'Alice Actor', profileImage: '/uploads/a.webp' });
    await verifyUser(t.app, actor.id, 'gold');
    const someone = await makeUser(t.app);
    const post = await makePost(t.app, { userId: me.user.id });
    const old = await notify(me.user.id, { minutesAgo: 10, title: 'Old' });
    const rated = await notify(me.user.id, {
      minutesAgo: 1,
      type: 'rating',
      title: 'New rating',
      actorId: actor.id,
      postId: post.id,
      metadata: { rating: 5 },
    });
    await notify(someone.id, { title: 'Not yours' });

    const body = await list(me.headers);
    expect(body.notifications.map((n) => n.id)).toEqual([rated.id, old.id]);
    expect(body.unreadCount).toBe(2);
    expect(body.nextCursor).toBeNull();
    expect(body.notifications[0]).toEqual<NotificationDto>({
      id: rated.id,
      type: 'rating',
      title: 'New rating',
      message: 'A message',
      read: false,
      createdAt: rated.createdAt.toISOString(),
      postId: post.id,
      actorId: actor.id,
      actor: { id: actor.id, username: actor.username, displayName: 'Alice Actor', profileImage: '/uploads/a.webp', isVerified: true, verifiedType: 'gold' },
      metadata: '{"rating":5}',
    });
    expect(body.notifications[1]).toMatchObject({ actor: null, actorId: null, postId: null, metadata: null });
    expect(JSON.stringify(body)).not.toContain('example.test'); // no actor email
  });

  it('pages with an opaque cursor, without duplicates, ties broken by id; a forged cursor is 400', async () => {
    const me = await cook();
    const sameTime = new Date(Date.now() - 5 * 60_000);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await notify(me.user.id, { createdAt: sameTime, title: `n${i}` })).id);
    ids.push((await notify(me.user.id, { minutesAgo: 1 })).id);
    ids.push((await notify(me.user.id, { minutesAgo: 9 })).id);
    await notify(me.user.id, { minutesAgo: 2, read: true });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: NotificationsResponse = await list(me.headers, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.unreadCount).toBe(7);
      seen.push(...page.notifications.map((n) => n.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const all = await list(me.headers, '?limit=50');
    expect(seen).toEqual(all.notifications.map((n) => n.id));
    // Equal times come in id order, newest (highest id) first.
    const tied = [...ids.slice(0, 5)].sort((a, b) => b - a);
    expect(seen.filter((id) => ids.slice(0, 5).includes(id))).toEqual(tied);

    const forged = await t.app.inject({ method: 'GET', url: '/api/notifications?cursor=nonsense', headers: me.headers });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
  });

  it('shows a rating made through POST /api/posts/{id}/rate in the author\'s list', async () => {
    const author = await cook();
    const rater = await cook({ displayName: 'Rita Rater' });
    const post = await makePost(t.app, { userId: author.user.id });
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/rate`,
      headers: rater.headers,
      payload: { rating: 4 },
    });
    expect(rated.statusCode).toBeLessThan(300);

    const body = await list(author.headers);
    expect(body.unreadCount).toBe(1);
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      type: 'rating',
      postId: post.id,
      actorId: rater.user.id,
      actor: { id: rater.user.id, username: rater.user.username, displayName: 'Rita Rater' },
      read: false,
    });
    expect((await list(rater.headers)).notifications).toHaveLength(0);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks one read, then all; refuses someone else\'s id with 404', async () => {
    const me = await cook();
    const other = await cook();
    const a = await notify(me.user.id, { minutesAgo: 3 });
    await notify(me.user.id, { minutesAgo: 2 });
    await notify(me.user.id, { minutesAgo: 1 });
    const theirs = await notify(other.user.id);

    const one = await markRead(me.headers, { notificationId: a.id });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ updated: 1, unreadCount: 2 });
    expect((await list(me.headers)).notifications.find((n) => n.id === a.id)?.read).toBe(true);
    // Again: already read, nothing changes.
    expect((await markRead(me.headers, { notificationId: a.id })).json()).toEqual({ updated: 0, unreadCount: 2 });

    const refused = await markRead(me.headers, { notificationId: theirs.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    const [still] = await db().select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(still?.read).toBe(false);
    expect((await markRead(me.headers, { notificationId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await markRead(me.headers, { notificationId: 'x' })).statusCode).toBe(400);

    const all = await markRead(me.headers, {});
    expect(all.json()).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list(me.headers)).notifications.every((n) => n.read)).toBe(true);
    expect((await list(other.headers)).unreadCount).toBe(1);

    // No body at all also means "all".
    await notify(me.user.id);
    const bare = await markRead(me.headers);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ updated: 1, unreadCount: 0 });
  });
});

describe('POST /api/notifications/clear', () => {
  it("deletes only the viewer's notifications", async () => {
    const me = await cook();
    const other = await cook();
    await notify(me.user.id);
    await notify(me.user.id, { read: true });
    await notify(other.user.id);

    const res = await clear(me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'All notifications cleared' });
    expect(await list(me.headers)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    expect((await list(other.headers)).notifications).toHaveLength(1);
  });
});

describe('guests', () => {
  it('get 401 from every notifications route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['POST', '/api/notifications/clear'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
