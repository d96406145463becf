import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedResponse, ProfileDto } from '@plates/common';
import { userVerifications } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { expectNoPrivateKeys, usersHarness } from '../../test/users.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { db, inject, cook, follow, block } = usersHarness(() => t);

const profile = async (id: number, headers: Record<string, string> = {}) => {
  const res = await inject('GET', `/api/users/${id}`, headers);
  return { status: res.statusCode, body: res.json<ProfileDto & { code?: string; message?: string }>() };
};

describe('GET /api/users/{id}', () => {
  it('answers the profile with counts, badge and the viewer standing, and nothing private', async () => {
    const owner = await cook({ displayName: 'Ada', bio: 'Cooks', location: 'Paris', points: 1200, level: 2 });
    await db().insert(userVerifications).values({ userId: owner.user.id, verifiedType: 'gold' });
    const viewer = await cook();
    const fan = await makeUser(t.app);
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    await follow(viewer.user.id, owner.user.id);
    await follow(fan.id, owner.user.id);
    await follow(gone.id, owner.user.id); // deactivated followers are not counted
    await follow(owner.user.id, viewer.user.id);
    await makePost(t.app, { userId: owner.user.id });
    await makePost(t.app, { userId: owner.user.id });
    await makePost(t.app, { userId: owner.user.id, approvalStatus: 'pending' });

    const seen = await profile(owner.user.id, viewer.headers);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      id: owner.user.id,
      username: owner.user.username,
      displayName: 'Ada',
      bio: 'Cooks',
      location: 'Paris',
      isPrivate: false,
      chatEnabled: true,
      isVerified: true,
      verifiedType: 'gold',
      points: 1200,
      level: 2,
      followerCount: 2,
      followingCount: 1,
      postCount: 2,
      isFollowing: true,
      followState: 'following',
      followsYou: true,
      isBlocked: false,
      isOwn: false,
      canViewPosts: true,
      pendingRequestCount: 0,
    });
    expectNoPrivateKeys(seen.body);
    expect(Object.keys(seen.body).sort()).toEqual(Object.keys(ProfileDtoKeys).sort());

    const own = await profile(owner.user.id, owner.headers);
    expect(own.body).toMatchObject({ isOwn: true, postCount: 3, followState: 'none', canViewPosts: true });
    const guest = await profile(owner.user.id);
    expect(guest.body).toMatchObject({ isOwn: false, followState: 'none', followsYou: false, canViewPosts: true, postCount: 2 });
  });

  it('shows the pending request count only to the owner', async () => {
    const owner = await cook({ isPrivate: true });
    const asking = await makeUser(t.app);
    const other = await cook();
    await follow(asking.id, owner.user.id, 'pending');
    expect((await profile(owner.user.id, owner.headers)).body.pendingRequestCount).toBe(1);
    expect((await profile(owner.user.id, other.headers)).body.pendingRequestCount).toBe(0);
  });

  it('shows a private profile with its counts, but its plates only to followers, the owner and admins', async () => {
    const owner = await cook({ isPrivate: true });
    const stranger = await cook();
    const pending = await cook();
    const follower = await cook();
    const admin = await cook({ isAdmin: true });
    await follow(pending.user.id, owner.user.id, 'pending');
    await follow(follower.user.id, owner.user.id);
    await makePost(t.app, { userId: owner.user.id });
    const expectations: Array<[Record<string, string>, boolean]> = [
      [{}, false],
      [stranger.headers, false],
      [pending.headers, false],
      [follower.headers, true],
      [owner.headers, true],
      [admin.headers, true],
    ];
    for (const [headers, canViewPosts] of expectations) {
      const seen = await profile(owner.user.id, headers);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ isPrivate: true, canViewPosts, postCount: 1, followerCount: 1 });
    }
    expect((await profile(owner.user.id, pending.headers)).body.followState).toBe('requested');
  });

  it('is 404 for a missing user and for deactivated or suspended accounts, except to admins', async () => {
    const admin = await cook({ isAdmin: true });
    const viewer = await cook();
    expect(await profile(2_000_000_000)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND', message: 'User not found' } });
    for (const accountStatus of ['deactivated', 'suspended'] as const) {
      const gone = await makeUser(t.app, { accountStatus });
      expect((await profile(gone.id)).status).toBe(404);
      expect((await profile(gone.id, viewer.headers)).status).toBe(404);
      expect((await profile(gone.id, admin.headers)).status).toBe(200);
    }
  });

  it('is 404 to someone the owner blocked; the blocker sees it with isBlocked and no plates', async () => {
    const owner = await cook();
    const blocked = await cook();
    const blocker = await cook();
    await block(owner.user.id, blocked.user.id);
    await block(blocker.user.id, owner.user.id);
    expect(await profile(owner.user.id, blocked.headers)).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect(await profile(owner.user.id, blocker.headers)).toMatchObject({
      status: 200,
      body: { isBlocked: true, canViewPosts: false },
    });
  });

  it('refuses a non-numeric id with 400 and never reads X-User-ID or ?userId', async () => {
    expect((await inject('GET', '/api/users/abc')).statusCode).toBe(400);
    const owner = await cook();
    const res = await inject('GET', `/api/users/${owner.user.id}?userId=${owner.user.id}`, { 'x-user-id': String(owner.user.id) });
    expect(res.json()).toMatchObject({ isOwn: false, pendingRequestCount: 0 });
  });
});

describe('GET /api/users/{id}/posts', () => {
  it('lists approved plates newest first in cursor pages; the owner also sees pending and rejected ones', async () => {
    const owner = await cook();
    const viewer = await cook();
    const base = Date.now() - 60_000;
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await makePost(t.app, { userId: owner.user.id, createdAt: new Date(base + i * 1000) }));
    }
    const pending = await makePost(t.app, { userId: owner.user.id, approvalStatus: 'pending', createdAt: new Date(base + 10_000) });
    const rejected = await makePost(t.app, { userId: owner.user.id, approvalStatus: 'rejected', createdAt: new Date(base + 11_000) });
    await makePost(t.app); // someone else's

    const first = (await inject('GET', `/api/users/${owner.user.id}/posts?limit=3`, viewer.headers)).json<FeedResponse>();
    expect(first.posts.map((p) => p.id)).toEqual([made[4]!.id, made[3]!.id, made[2]!.id]);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await inject('GET', `/api/users/${owner.user.id}/posts?limit=3&cursor=${first.nextCursor}`, viewer.headers)
    ).json<FeedResponse>();
    expect(second.posts.map((p) => p.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect(second.nextCursor).toBeNull();
    expectNoPrivateKeys(first);

    const own = (await inject('GET', `/api/users/${owner.user.id}/posts?limit=50`, owner.headers)).json<FeedResponse>();
    expect(own.posts.map((p) => p.id).slice(0, 2)).toEqual([rejected.id, pending.id]);
    expect(own.posts).toHaveLength(7);
    const admin = await cook({ isAdmin: true });
    const byAdmin = (await inject('GET', `/api/users/${owner.user.id}/posts?limit=50`, admin.headers)).json<FeedResponse>();
    expect(byAdmin.posts).toHaveLength(5);
  });

  it('is 403 for a private account the viewer does not follow, 404 across a block or for a deactivated owner', async () => {
    const owner = await cook({ isPrivate: true });
    const stranger = await cook();
    const follower = await cook();
    await follow(follower.user.id, owner.user.id);
    await makePost(t.app, { userId: owner.user.id });
    const refused = await inject('GET', `/api/users/${owner.user.id}/posts`, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: 'This account is private. Follow to see their plates.' });
    expect((await inject('GET', `/api/users/${owner.user.id}/posts`)).statusCode).toBe(403);
    const allowed = await inject('GET', `/api/users/${owner.user.id}/posts`, follower.headers);
    expect(allowed.json(), allowed.body).toMatchObject({ posts: [{ userId: owner.user.id }] });

    const blocked = await cook();
    await block(owner.user.id, blocked.user.id);
    expect((await inject('GET', `/api/users/${owner.user.id}/posts`, blocked.headers)).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const blocker = await cook();
    await block(blocker.user.id, owner.user.id);
    expect((await inject('GET', `/api/users/${owner.user.id}/posts`, blocker.headers)).statusCode).toBe(404);
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    expect((await inject('GET', `/api/users/${gone.id}/posts`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/users/2000000000/posts')).statusCode).toBe(404);
  });
});

/** Every key of ProfileDto, so an extra column in the answer fails the test. */
const ProfileDtoKeys: Record<keyof ProfileDto, true> = {
  id: true,
  username: true,
  displayName: true,
  profileImage: true,
  isAdmin: true,
  isVerified: true,
  verifiedType: true,
  points: true,
  level: true,
  bio: true,
  location: true,
  isPrivate: true,
  chatEnabled: true,
  createdAt: true,
  followerCount: true,
  followingCount: true,
  postCount: true,
  isFollowing: true,
  followState: true,
  followsYou: true,
  isBlocked: true,
  isOwn: true,
  canViewPosts: true,
  pendingRequestCount: true,
};
