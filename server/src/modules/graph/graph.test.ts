import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedUsersResponse, FollowResponse, SuggestedUsersResponse, UserListResponse } from '@plates/common';
import {
  chatSessions,
  chatSessionUserData,
  follows,
  notifications,
  pointTransactions,
  userBlocks,
  users,
  type User,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn, verifyUser } from '../../test/factories.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { expectNoPrivateKeys, usersHarness } from '../../test/users.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { db, inject, cook, follow, block } = usersHarness(() => t);

const notificationsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const followRow = async (followerId: number, followingId: number) =>
  (await db().select().from(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId))))[0];
const pointsOf = async (userId: number) => (await db().select({ points: users.points }).from(users).where(eq(users.id, userId)))[0]!.points;

describe('POST /api/users/{id}/follow', () => {
  it('follows a public account at once: notification, points, and nothing twice', async () => {
    const me = await cook({ displayName: 'Ada' });
    const target = await makeUser(t.app);
    const first = await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json<FollowResponse>()).toEqual({
      followState: 'following',
      isFollowing: true,
      followerCount: 1,
      message: 'You are now following this user',
    });
    const again = await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect(again.json<FollowResponse>()).toMatchObject({ followState: 'following', followerCount: 1 });

    expect(await db().select().from(follows).where(eq(follows.followingId, target.id))).toHaveLength(1);
    const told = await notificationsOf(target.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'follow', actorId: me.user.id, message: 'Ada started following you' });
    expect(await pointsOf(target.id)).toBe(20);
    const ledger = await db().select().from(pointTransactions).where(eq(pointTransactions.userId, target.id));
    expect(ledger).toHaveLength(1);
  });

  it('asks a private account: pending, a follow_request notification, no points yet', async () => {
    const me = await cook();
    const target = await makeUser(t.app, { isPrivate: true });
    const res = await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect(res.json<FollowResponse>()).toEqual({
      followState: 'requested',
      isFollowing: false,
      followerCount: 0,
      message: 'Follow request sent',
    });
    await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect((await followRow(me.user.id, target.id))?.status).toBe('pending');
    const told = await notificationsOf(target.id);
    expect(told.map((n) => [n.type, n.message])).toEqual([['follow_request', `${me.user.username} wants to follow you`]]);
    expect(await pointsOf(target.id)).toBe(0);
  });

  it('refuses yourself (400), blocks either way (403), missing and deactivated accounts (404) and guests (401)', async () => {
    const me = await cook();
    const self = await inject('POST', `/api/users/${me.user.id}/follow`, me.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You cannot follow yourself' });
    const blockedMe = await makeUser(t.app);
    const iBlocked = await makeUser(t.app);
    await block(blockedMe.id, me.user.id);
    await block(me.user.id, iBlocked.id);
    for (const other of [blockedMe, iBlocked]) {
      const res = await inject('POST', `/api/users/${other.id}/follow`, me.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'USER_BLOCKED', message: 'You cannot follow this user' });
    }
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    expect((await inject('POST', `/api/users/${gone.id}/follow`, me.headers)).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await inject('POST', '/api/users/2000000000/follow', me.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/users/${iBlocked.id}/follow`)).statusCode).toBe(401);
  });

  it('acts only as the session user: X-User-ID and ?userId are ignored', async () => {
    const me = await cook();
    const victim = await makeUser(t.app);
    const target = await makeUser(t.app);
    const res = await inject('POST', `/api/users/${target.id}/follow?userId=${victim.id}`, {
      ...me.headers,
      'x-user-id': String(victim.id),
    });
    expect(res.statusCode).toBe(200);
    expect(await followRow(me.user.id, target.id)).toBeDefined();
    expect(await followRow(victim.id, target.id)).toBeUndefined();
    expect((await inject('POST', `/api/users/${target.id}/follow`, { 'x-user-id': String(victim.id) })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/{id}/follow', () => {
  it('unfollows and cancels requests, harmlessly twice', async () => {
    const me = await cook();
    const pub = await makeUser(t.app);
    const priv = await makeUser(t.app, { isPrivate: true });
    await follow(me.user.id, pub.id);
    await follow(me.user.id, priv.id, 'pending');
    expect((await inject('DELETE', `/api/users/${pub.id}/follow`, me.headers)).json<FollowResponse>()).toEqual({
      followState: 'none',
      isFollowing: false,
      followerCount: 0,
      message: 'You are no longer following this user',
    });
    expect((await inject('DELETE', `/api/users/${priv.id}/follow`, me.headers)).json()).toMatchObject({
      followState: 'none',
      message: 'Follow request cancelled',
    });
    expect((await inject('DELETE', `/api/users/${pub.id}/follow`, me.headers)).statusCode).toBe(200);
    expect(await followRow(me.user.id, pub.id)).toBeUndefined();
    expect(await followRow(me.user.id, priv.id)).toBeUndefined();
    expect((await inject('DELETE', '/api/users/2000000000/follow', me.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/users/${pub.id}/follow`)).statusCode).toBe(401);
  });

  it('following again after unfollowing earns no second points', async () => {
    const me = await cook();
    const target = await makeUser(t.app);
    await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    await inject('DELETE', `/api/users/${target.id}/follow`, me.headers);
    await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect(await pointsOf(target.id)).toBe(20);
  });

  it('tells the person once a day however often someone unfollows and follows again', async () => {
    const me = await cook();
    const target = await makeUser(t.app);
    const other = await cook();
    for (let i = 0; i < 20; i += 1) {
      expect((await inject('POST', `/api/users/${target.id}/follow`, me.headers)).statusCode).toBe(200);
      expect((await inject('DELETE', `/api/users/${target.id}/follow`, me.headers)).statusCode).toBe(200);
    }
    const told = await notificationsOf(target.id);
    expect(told.map((n) => [n.type, n.title, n.actorId])).toEqual([['follow', 'New follower', me.user.id]]);
    // Another follower is news of its own.
    await inject('POST', `/api/users/${target.id}/follow`, other.headers);
    expect((await notificationsOf(target.id)).map((n) => n.actorId)).toEqual([me.user.id, other.user.id]);
    // A day later, following again is news again.
    await db().update(notifications).set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) }).where(eq(notifications.userId, target.id));
    await inject('POST', `/api/users/${target.id}/follow`, me.headers);
    expect((await notificationsOf(target.id)).filter((n) => n.actorId === me.user.id)).toHaveLength(2);
  });

  it('tells a private account of a repeated follow request once a day', async () => {
    const me = await cook();
    const target = await makeUser(t.app, { isPrivate: true });
    for (let i = 0; i < 5; i += 1) {
      expect((await inject('POST', `/api/users/${target.id}/follow`, me.headers)).json()).toMatchObject({ followState: 'requested' });
      await inject('DELETE', `/api/users/${target.id}/follow`, me.headers);
    }
    expect((await notificationsOf(target.id)).map((n) => n.type)).toEqual(['follow_request']);
  });
});

describe('follow requests', () => {
  it('lists pending requests to me newest first, without deactivated requesters', async () => {
    const me = await cook({ isPrivate: true });
    const a = await cook();
    const b = await cook();
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    await inject('POST', `/api/users/${me.user.id}/follow`, a.headers);
    await inject('POST', `/api/users/${me.user.id}/follow`, b.headers);
    await follow(gone.id, me.user.id, 'pending');
    await follow(me.user.id, a.user.id);
    const list = (await inject('GET', '/api/user/follow-requests', me.headers)).json<UserListResponse>();
    expect(list.users.map((u) => u.id)).toEqual([b.user.id, a.user.id]);
    expect(list.users.map((u) => u.followState)).toEqual(['none', 'following']);
    expectNoPrivateKeys(list);
    expect((await inject('GET', '/api/user/follow-requests')).statusCode).toBe(401);
  });

  it('approves: accepted, follow_accepted to the requester, points to me; then 404 for a second approval', async () => {
    const me = await cook({ isPrivate: true, displayName: 'Priya' });
    const asker = await cook();
    const other = await cook();
    await inject('POST', `/api/users/${me.user.id}/follow`, asker.headers);
    await inject('POST', `/api/users/${me.user.id}/follow`, other.headers);
    const res = await inject('POST', `/api/user/follow-requests/${asker.user.id}/approve`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: asker.user.id, status: 'approved', pendingRequestCount: 1, message: 'Follow request approved' });
    expect((await followRow(asker.user.id, me.user.id))?.status).toBe('accepted');
    const told = await notificationsOf(asker.user.id);
    expect(told.map((n) => [n.type, n.message, n.actorId])).toEqual([['follow_accepted', 'Priya accepted your follow request', me.user.id]]);
    expect((await notificationsOf(me.user.id)).map((n) => n.type)).toEqual(['follow_request', 'follow_request']);
    expect(await pointsOf(me.user.id)).toBe(20);
    const twice = await inject('POST', `/api/user/follow-requests/${asker.user.id}/approve`, me.headers);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ message: 'Follow request not found' });
    // the follower now sees the plates
    await makePost(t.app, { userId: me.user.id });
    expect((await inject('GET', `/api/users/${me.user.id}/posts`, asker.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/api/users/${me.user.id}/posts`, other.headers)).statusCode).toBe(403);
  });

  it('declines: the request is gone, nobody is told; missing requests are 404', async () => {
    const me = await cook({ isPrivate: true });
    const asker = await cook();
    await inject('POST', `/api/users/${me.user.id}/follow`, asker.headers);
    const res = await inject('POST', `/api/user/follow-requests/${asker.user.id}/decline`, me.headers);
    expect(res.json()).toEqual({ userId: asker.user.id, status: 'declined', pendingRequestCount: 0, message: 'Follow request declined' });
    expect(await followRow(asker.user.id, me.user.id)).toBeUndefined();
    expect(await notificationsOf(asker.user.id)).toEqual([]);
    expect((await inject('POST', `/api/user/follow-requests/${asker.user.id}/decline`, me.headers)).statusCode).toBe(404);
    // an accepted follow is not a request
    await follow(asker.user.id, me.user.id);
    expect((await inject('POST', `/api/user/follow-requests/${asker.user.id}/decline`, me.headers)).statusCode).toBe(404);
    expect((await followRow(asker.user.id, me.user.id))?.status).toBe('accepted');
  });
});

describe('blocks', () => {
  it('blocks with an optional reason, ends follows both ways, hides the chat for the blocker; blocking again updates the reason', async () => {
    const me = await cook();
    const them = await makeUser(t.app);
    await follow(me.user.id, them.id);
    await follow(them.id, me.user.id, 'pending');
    const [session] = await db().insert(chatSessions).values({ user1Id: them.id, user2Id: me.user.id }).returning();
    await db().insert(chatSessionUserData).values({ sessionId: session!.id, userId: them.id });

    const res = await inject('POST', `/api/users/${them.id}/block`, me.headers, { reason: 'rude' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'User blocked', block: { blockerId: me.user.id, blockedId: them.id, reason: 'rude' } });
    expect(await followRow(me.user.id, them.id)).toBeUndefined();
    expect(await followRow(them.id, me.user.id)).toBeUndefined();
    const chat = await db().select().from(chatSessionUserData).where(eq(chatSessionUserData.sessionId, session!.id));
    expect(chat.find((r) => r.userId === me.user.id)?.isBlocked).toBe(true);
    expect(chat.find((r) => r.userId === them.id)?.isBlocked).toBe(false);

    const again = await inject('POST', `/api/users/${them.id}/block`, me.headers, { reason: 'very rude' });
    expect(again.json()).toMatchObject({ block: { reason: 'very rude' } });
    expect(await db().select().from(userBlocks).where(eq(userBlocks.blockerId, me.user.id))).toHaveLength(1);
  });

  it('takes an empty or missing body', async () => {
    const me = await cook();
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    expect((await inject('POST', `/api/users/${a.id}/block`, me.headers)).json()).toMatchObject({ block: { reason: null } });
    expect((await inject('POST', `/api/users/${b.id}/block`, me.headers, {})).json()).toMatchObject({ block: { reason: null } });
    const long = await inject('POST', `/api/users/${b.id}/block`, me.headers, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'reason' });
  });

  it('refuses yourself (400), missing users (404) and guests (401)', async () => {
    const me = await cook();
    const self = await inject('POST', `/api/users/${me.user.id}/block`, me.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: 'You cannot block yourself' });
    expect((await inject('POST', '/api/users/2000000000/block', me.headers)).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await inject('POST', `/api/users/${me.user.id}/block`)).statusCode).toBe(401);
  });

  it('lists blocked users newest first at /api/users/blocked (not taken for a profile id), and answers block status', async () => {
    const me = await cook();
    const first = await makeUser(t.app, { displayName: 'First' });
    const second = await makeUser(t.app);
    await verifyUser(t.app, first.id, 'business');
    await inject('POST', `/api/users/${first.id}/block`, me.headers, { reason: 'spam' });
    await inject('POST', `/api/users/${second.id}/block`, me.headers);
    const res = await inject('GET', '/api/users/blocked', me.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json<BlockedUsersResponse>();
    expect(list.users.map((u) => u.id)).toEqual([second.id, first.id]);
    expect(list.users[1]).toMatchObject({ username: first.username, displayName: 'First', reason: 'spam', isVerified: true, verifiedType: 'business' });
    expect(list.users[0]).toMatchObject({ isVerified: false, verifiedType: null });
    expectNoPrivateKeys(list);
    expect((await inject('GET', '/api/users/blocked')).statusCode).toBe(401);

    expect((await inject('GET', `/api/users/${first.id}/blocked`, me.headers)).json()).toEqual({ blocked: true, isBlocked: true });
    expect((await inject('GET', `/api/users/${me.user.id}/blocked`, (await cook()).headers)).json()).toEqual({ blocked: false, isBlocked: false });
    // being blocked by someone is not "I blocked them"
    expect((await inject('GET', `/api/users/${me.user.id}/blocked`, await headersOf(first))).json()).toEqual({ blocked: false, isBlocked: false });
  });

  it('unblocks harmlessly twice; follows are not restored and the chat shows again', async () => {
    const me = await cook();
    const them = await makeUser(t.app);
    await follow(me.user.id, them.id);
    const [session] = await db().insert(chatSessions).values({ user1Id: me.user.id, user2Id: them.id }).returning();
    await inject('POST', `/api/users/${them.id}/block`, me.headers);
    const res = await inject('DELETE', `/api/users/${them.id}/block`, me.headers);
    expect(res.json()).toEqual({ message: 'User unblocked', blockedId: them.id });
    expect((await inject('DELETE', `/api/users/${them.id}/block`, me.headers)).statusCode).toBe(200);
    expect(await followRow(me.user.id, them.id)).toBeUndefined();
    const [row] = await db()
      .select()
      .from(chatSessionUserData)
      .where(and(eq(chatSessionUserData.sessionId, session!.id), eq(chatSessionUserData.userId, me.user.id)));
    expect(row?.isBlocked).toBe(false);
    expect((await inject('GET', `/api/users/${them.id}`, me.headers)).json()).toMatchObject({ isBlocked: false, canViewPosts: true });
  });

  it('keeps engagement off the blocker plates and comments: 404 for rating, comment, reply and heart', async () => {
    const owner = await cook();
    const blocked = await cook();
    const post = await makePost(t.app, { userId: owner.user.id });
    const third = await makePost(t.app);
    await inject('POST', `/api/posts/${third.id}/rate`, owner.headers, { comment: 'mine' });
    const comments = (await inject('GET', `/api/posts/${third.id}/comments`, owner.headers)).json<{ comments: Array<{ id: number }> }>();
    const ownerComment = comments.comments[0]!.id;
    await inject('POST', `/api/users/${blocked.user.id}/block`, owner.headers);

    expect((await inject('POST', `/api/posts/${post.id}/rate`, blocked.headers, { rating: 5 })).statusCode).toBe(404);
    expect((await inject('POST', `/api/posts/${post.id}/rate`, blocked.headers, { comment: 'hi' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/posts/${post.id}/saves`, blocked.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/posts/${post.id}/comments`, blocked.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/api/comments/${ownerComment}/replies`, blocked.headers, { content: 'hey' })).statusCode).toBe(404);
    expect((await inject('POST', `/api/comments/${ownerComment}/hearts`, blocked.headers)).statusCode).toBe(404);
    // the comment is not listed to the blocked user on the third plate, and vice versa
    const seen = (await inject('GET', `/api/posts/${third.id}/comments`, blocked.headers)).json<{ comments: Array<{ id: number }> }>();
    expect(seen.comments.map((c) => c.id)).not.toContain(ownerComment);
    expect((await inject('GET', `/api/posts/${third.id}/comments`)).json<{ comments: Array<{ id: number }> }>().comments.map((c) => c.id)).toContain(ownerComment);
  });

  it('keeps the blocker plates out of the blocked user saved page and location pages, both ways', async () => {
    const owner = await cook();
    const other = await cook();
    const place = `Blockville ${owner.user.id}`;
    const plate = await makePost(t.app, { userId: owner.user.id, location: place });
    const theirs = await makePost(t.app, { userId: other.user.id, location: place });
    await inject('POST', `/api/posts/${plate.id}/saves`, other.headers);
    await inject('POST', `/api/posts/${theirs.id}/saves`, owner.headers);
    const ids = async (url: string, headers: Record<string, string>) =>
      (await inject('GET', url, headers)).json<{ posts: Array<{ id: number }> }>().posts.map((p) => p.id);
    expect(await ids('/api/saved-posts', other.headers)).toContain(plate.id);
    await inject('POST', `/api/users/${other.user.id}/block`, owner.headers);
    expect(await ids('/api/saved-posts', other.headers)).not.toContain(plate.id);
    expect(await ids('/api/saved-posts', owner.headers)).not.toContain(theirs.id);
    const at = `/api/posts?location=${encodeURIComponent(place)}`;
    expect(await ids(at, other.headers)).toEqual([theirs.id]);
    expect(await ids(at, owner.headers)).toEqual([plate.id]);
    expect((await ids(at, {})).sort()).toEqual([plate.id, theirs.id].sort());
  });

  it('hides replies across a block too', async () => {
    const viewer = await cook();
    const replier = await cook();
    const author = await cook();
    const post = await makePost(t.app);
    await inject('POST', `/api/posts/${post.id}/rate`, author.headers, { comment: 'a comment' });
    const commentId = (await inject('GET', `/api/posts/${post.id}/comments`)).json<{ comments: Array<{ id: number }> }>().comments[0]!.id;
    await inject('POST', `/api/comments/${commentId}/replies`, replier.headers, { content: 'a reply' });
    await inject('POST', `/api/users/${replier.user.id}/block`, viewer.headers);
    const page = (await inject('GET', `/api/posts/${post.id}/comments`, viewer.headers)).json<{ comments: Array<{ replies: unknown[] }> }>();
    expect(page.comments[0]!.replies).toEqual([]);
    const guest = (await inject('GET', `/api/posts/${post.id}/comments`)).json<{ comments: Array<{ replies: unknown[] }> }>();
    expect(guest.comments[0]!.replies).toHaveLength(1);
  });

  it('never notifies across a block: no notification from someone the recipient blocked, or who blocked them', async () => {
    const owner = await cook();
    const fan = await cook();
    const post = await makePost(t.app);
    // owner comments on a third plate; fan replies and hearts it while blocked by the owner
    await inject('POST', `/api/posts/${post.id}/rate`, owner.headers, { comment: 'nice' });
    const commentId = (await inject('GET', `/api/posts/${post.id}/comments`)).json<{ comments: Array<{ id: number }> }>().comments[0]!.id;
    await db().insert(userBlocks).values({ blockerId: owner.user.id, blockedId: fan.user.id });
    const service = createNotificationsService({ repo: createNotificationsRepository(db()) });
    await service.notify({ userId: owner.user.id, actorId: fan.user.id, type: 'like', title: 'x', message: 'y' });
    await service.notify({ userId: fan.user.id, actorId: owner.user.id, type: 'like', title: 'x', message: 'y' });
    await service.notify({ userId: owner.user.id, type: 'system', title: 'no actor', message: 'still told' });
    expect((await notificationsOf(owner.user.id)).map((n) => n.title)).toEqual(['no actor']);
    expect(await notificationsOf(fan.user.id)).toEqual([]);
    // and through the API: a reply attempt is refused without telling anyone
    expect((await inject('POST', `/api/comments/${commentId}/replies`, fan.headers, { content: 'hey' })).statusCode).toBe(404);
    expect((await notificationsOf(owner.user.id)).map((n) => n.title)).toEqual(['no actor']);
  });
});

describe('GET /api/suggested-users', () => {
  it('ranks friends of friends first, then followers, then points; leaves out me, follows, requests, blocks, inactive and unverified', async () => {
    const me = await cook();
    const friend = await makeUser(t.app);
    const fof = await makeUser(t.app, { points: 0 });
    const popular = await makeUser(t.app, { points: 0 });
    const rich = await makeUser(t.app, { points: 5000 });
    const requested = await makeUser(t.app, { isPrivate: true });
    const blocker = await makeUser(t.app);
    const blockedByMe = await makeUser(t.app);
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    const unverified = await makeUser(t.app, { emailVerified: false });
    await follow(me.user.id, friend.id);
    await follow(friend.id, fof.id);
    await follow(me.user.id, requested.id, 'pending');
    await block(blocker.id, me.user.id);
    await block(me.user.id, blockedByMe.id);
    for (let i = 0; i < 3; i += 1) await follow((await makeUser(t.app, { emailVerified: false })).id, popular.id);

    const res = await inject('GET', '/api/suggested-users?limit=20', me.headers);
    expect(res.statusCode).toBe(200);
    const users = res.json<SuggestedUsersResponse>().users;
    const ids = users.map((u) => u.id);
    const excluded = [me.user.id, friend.id, requested.id, blocker.id, blockedByMe.id, gone.id, unverified.id];
    for (const id of excluded) expect(ids).not.toContain(id);
    // followed by someone I follow: first, whatever their numbers
    expect(ids).toContain(rich.id);
    expect(ids[0]).toBe(fof.id);
    expect(users.find((u) => u.id === popular.id)).toMatchObject({ followerCount: 3, followState: 'none' });
    expect(ids.indexOf(popular.id)).toBeLessThan(ids.indexOf(rich.id));
    // the rest: by followers, then by points
    const rest = users.slice(1);
    for (let i = 1; i < rest.length; i += 1) {
      const [a, b] = [rest[i - 1]!, rest[i]!];
      expect(a.followerCount > b.followerCount || (a.followerCount === b.followerCount && a.points >= b.points)).toBe(true);
    }
    expectNoPrivateKeys(users);
  });

  it('is for signed-in users only and honours the limit', async () => {
    expect((await inject('GET', '/api/suggested-users')).statusCode).toBe(401);
    const me = await cook();
    const res = await inject('GET', '/api/suggested-users?limit=1', me.headers);
    expect(res.json<SuggestedUsersResponse>().users).toHaveLength(1);
    expect((await inject('GET', '/api/suggested-users?limit=99', me.headers)).statusCode).toBe(400);
  });
});

async function headersOf(user: User) {
  const { authorization } = await signIn(t.app, user.username);
  return { authorization };
}
