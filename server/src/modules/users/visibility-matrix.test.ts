import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsResponse, FeedResponse, PostDto, ProfileDto, SearchResponse } from '@plates/common';
import { follows, ratings, userBlocks, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../../test/factories.js';

/**
 * Who sees what of one person (the owner), on every surface, written out as a table.
 *
 * Surfaces: the profile (`GET /api/users/{id}`: status and `canViewPosts`), the owner's plate list
 * (`GET /api/users/{id}/posts`), the feed (`GET /api/posts`: does it hold the owner's plate?), the
 * plate page (`GET /api/posts/{id}`), the owner's comment on a third person's public plate (listed
 * in `GET /api/posts/{third}/comments`?), top rated (`GET /api/top-rated?period=all`), and search
 * (`GET /api/search`: is the plate found by its title, is the owner found by their username?).
 *
 * Viewers: a guest, a stranger, an accepted follower, a follower still pending, the owner, someone
 * the owner blocked ("blocked"), someone who blocked the owner ("blocker"), and an admin.
 */
type ViewerKind = 'anonymous' | 'stranger' | 'follower' | 'pendingFollower' | 'owner' | 'blocked' | 'blocker' | 'admin';
const VIEWERS: ViewerKind[] = ['anonymous', 'stranger', 'follower', 'pendingFollower', 'owner', 'blocked', 'blocker', 'admin'];

interface Expected {
  profile: 200 | 404;
  /** `canViewPosts` of the profile; null where the profile is 404. */
  canViewPosts: boolean | null;
  userPosts: 200 | 403 | 404;
  feed: boolean;
  post: 200 | 404;
  comment: boolean;
  topRated: boolean;
  searchPlate: boolean;
  searchPerson: boolean;
}

const row = (
  profile: Expected['profile'],
  canViewPosts: Expected['canViewPosts'],
  userPosts: Expected['userPosts'],
  feed: boolean,
  post: Expected['post'],
  comment: boolean,
  topRated: boolean,
  searchPlate: boolean,
  searchPerson: boolean,
): Expected => ({ profile, canViewPosts, userPosts, feed, post, comment, topRated, searchPlate, searchPerson });

// prettier-ignore
const PUBLIC_OWNER: Record<ViewerKind, Expected> = {
  //                    profile canView userPosts feed  post  comment topRated searchPlate searchPerson
  anonymous:       row(200,    true,   200,      true, 200,  true,   true, true, true),
  stranger:        row(200,    true,   200,      true, 200,  true,   true, true, true),
  follower:        row(200,    true,   200,      true, 200,  true,   true, true, true),
  pendingFollower: row(200,    true,   200,      true, 200,  true,   true, true, true),
  owner:           row(200,    true,   200,      true, 200,  true,   true, true, true),
  blocked:         row(404,    null,   404,      false, 404, false,  false, false, false),
  blocker:         row(200,    false,  404,      false, 404, false,  false, false, false),
  admin:           row(200,    true,   200,      true, 200,  true,   true, true, true),
};

// A private account shows its profile and counts to everyone, its plates to accepted followers,
// itself and admins. Its comments on other people's public plates stay public.
// prettier-ignore
const PRIVATE_OWNER: Record<ViewerKind, Expected> = {
  //                    profile canView userPosts feed  post  comment topRated searchPlate searchPerson
  anonymous:       row(200,    false,  403,      false, 404, true,   false, false, true),
  stranger:        row(200,    false,  403,      false, 404, true,   false, false, true),
  follower:        row(200,    true,   200,      true, 200,  true,   true, true, true),
  pendingFollower: row(200,    false,  403,      false, 404, true,   false, false, true),
  owner:           row(200,    true,   200,      true, 200,  true,   true, true, true),
  blocked:         row(404,    null,   404,      false, 404, false,  false, false, false),
  blocker:         row(200,    false,  404,      false, 404, false,  false, false, false),
  admin:           row(200,    true,   200,      true, 200,  true,   true, true, true),
};

// A deactivated (public) account disappears for everyone but admins, who still see the profile and
// the plates (moderation); its comments are hidden from everyone. The owner is left out: deactivating
// signs them out everywhere, and signing in again reactivates the account.
// prettier-ignore
const DEACTIVATED_OWNER: Partial<Record<ViewerKind, Expected>> = {
  //                    profile canView userPosts feed  post  comment topRated searchPlate searchPerson
  anonymous:       row(404,    null,   404,      false, 404, false,  false, false, false),
  stranger:        row(404,    null,   404,      false, 404, false,  false, false, false),
  follower:        row(404,    null,   404,      false, 404, false,  false, false, false),
  pendingFollower: row(404,    null,   404,      false, 404, false,  false, false, false),
  blocked:         row(404,    null,   404,      false, 404, false,  false, false, false),
  blocker:         row(404,    null,   404,      false, 404, false,  false, false, false),
  admin:           row(200,    true,   200,      true, 200,  false,  true, true, false),
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Scenario {
  owner: User;
  ownerPostId: number;
  ownerPostTitle: string;
  thirdPostId: number;
  commentId: number;
  headers: Record<ViewerKind, Record<string, string>>;
}

/** An owner with a rated plate and a comment on a third person's plate, and one viewer of each kind. */
async function scenario(ownerValues: Partial<User>): Promise<Scenario> {
  const app = t.app;
  const db = app.services.database.db;
  const owner = await makeSignedInUser(app, { isPrivate: ownerValues.isPrivate ?? false });
  const third = await makePost(app);
  const ownerPost = await makePost(app, { userId: owner.user.id, ratingCount: 1, ratingSum: 5 });
  const [comment] = await db
    .insert(ratings)
    .values({ postId: third.id, userId: owner.user.id, comment: `owner ${owner.user.id} was here` })
    .returning();
  const viewer = async () => makeSignedInUser(app);
  const [stranger, follower, pendingFollower, blocked, blocker, admin] = [
    await viewer(),
    await viewer(),
    await viewer(),
    await viewer(),
    await viewer(),
    await makeSignedInUser(app, { isAdmin: true }),
  ];
  await db.insert(follows).values([
    { followerId: follower.user.id, followingId: owner.user.id, status: 'accepted' },
    { followerId: pendingFollower.user.id, followingId: owner.user.id, status: 'pending' },
  ]);
  await db.insert(userBlocks).values([
    { blockerId: owner.user.id, blockedId: blocked.user.id },
    { blockerId: blocker.user.id, blockedId: owner.user.id },
  ]);
  if (ownerValues.accountStatus) await db.update(users).set({ accountStatus: ownerValues.accountStatus }).where(eq(users.id, owner.user.id));
  return {
    owner: owner.user,
    ownerPostId: ownerPost.id,
    ownerPostTitle: ownerPost.title,
    thirdPostId: third.id,
    commentId: comment!.id,
    headers: {
      anonymous: {},
      stranger: stranger.headers,
      follower: follower.headers,
      pendingFollower: pendingFollower.headers,
      owner: owner.headers,
      blocked: blocked.headers,
      blocker: blocker.headers,
      admin: admin.headers,
    },
  };
}

/** What one viewer actually gets on every surface. */
async function observe(s: Scenario, headers: Record<string, string>): Promise<Expected> {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const profile = await get(`/api/users/${s.owner.id}`);
  const userPosts = await get(`/api/users/${s.owner.id}/posts`);
  const feed = (await get('/api/posts?limit=50')).json<FeedResponse>();
  const post = await get(`/api/posts/${s.ownerPostId}`);
  const comments = (await get(`/api/posts/${s.thirdPostId}/comments?limit=50`)).json<CommentsResponse>();
  const topRated = (await get('/api/top-rated?period=all&limit=50')).json<PostDto[]>();
  const plates = (await get(`/api/search?tab=food&limit=50&q=${encodeURIComponent(s.ownerPostTitle)}`)).json<SearchResponse>();
  const people = (await get(`/api/search?tab=users&limit=50&q=${encodeURIComponent(s.owner.username)}`)).json<SearchResponse>();
  return {
    profile: profile.statusCode as Expected['profile'],
    canViewPosts: profile.statusCode === 200 ? profile.json<ProfileDto>().canViewPosts : null,
    userPosts: userPosts.statusCode as Expected['userPosts'],
    feed: feed.posts.some((p) => p.id === s.ownerPostId),
    post: post.statusCode as Expected['post'],
    comment: comments.comments.some((c) => c.id === s.commentId),
    topRated: topRated.some((p) => p.id === s.ownerPostId),
    searchPlate: plates.posts.some((p) => p.id === s.ownerPostId),
    searchPerson: people.users.some((u) => u.id === s.owner.id),
  };
}

const OWNERS: Array<[string, Partial<User>, Partial<Record<ViewerKind, Expected>>]> = [
  ['public owner', { isPrivate: false }, PUBLIC_OWNER],
  ['private owner', { isPrivate: true }, PRIVATE_OWNER],
  ['deactivated owner', { isPrivate: false, accountStatus: 'deactivated' }, DEACTIVATED_OWNER],
];

describe.each(OWNERS)('what each viewer sees of a %s', (_name, ownerValues, table) => {
  let s: Scenario;
  beforeAll(async () => {
    s = await scenario(ownerValues);
  });

  it.each(VIEWERS.filter((v) => table[v] !== undefined))('%s', async (viewer) => {
    expect(await observe(s, s.headers[viewer])).toEqual(table[viewer]);
  });
});

describe('a deleted account', () => {
  it('is gone from every surface for every viewer', async () => {
    const s = await scenario({ isPrivate: false });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: s.headers.owner });
    expect(res.statusCode).toBe(200);
    const gone = row(404, null, 404, false, 404, false, false, false, false);
    for (const viewer of VIEWERS.filter((v) => v !== 'owner')) {
      expect(await observe(s, s.headers[viewer]), viewer).toEqual(gone);
    }
    // and the owner's old session is no session at all
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${s.owner.id}`, headers: s.headers.owner })).statusCode).toBe(404);
  });
});
