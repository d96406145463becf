import { FeedResponse, PostDto } from '@plates/common';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, posts, userBlocks, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn, verifyUser } from '../../test/factories.js';

// Plate cards are kept in memory (post-cards.ts): these tests read a card once so it is held,
// change what it shows or who may see it, and read again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function headersOf(user: User) {
  return { authorization: (await signIn(t.app, user.username)).authorization };
}

async function plate(id: number, headers: Record<string, string> = {}) {
  return t.app.inject({ url: `/api/posts/${id}`, headers });
}

async function feedCard(id: number, location: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/posts?location=${encodeURIComponent(location)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedResponse>().posts.find((p) => p.id === id);
}

describe('plate cards held in memory', () => {
  it('show a rating, an edit by hand, a renamed author and a new badge at once', async () => {
    const cook = await makeUser(t.app);
    const location = `Cardtown ${cook.id}`;
    const post = await makePost(t.app, { userId: cook.id, location });
    const reader = await headersOf(await makeUser(t.app));
    const rater = await headersOf(await makeUser(t.app));
    expect(await feedCard(post.id, location, reader)).toMatchObject({ ratingCount: 0, averageRating: 0 });
    expect((await plate(post.id)).json()).toMatchObject({ ratingCount: 0 });

    const rated = await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: rater, payload: { rating: 4 } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await feedCard(post.id, location, reader)).toMatchObject({ ratingCount: 1, averageRating: 4 });
    expect((await plate(post.id)).json()).toMatchObject({ ratingCount: 1, averageRating: 4 });
    expect((await plate(post.id, reader)).json()).toMatchObject({ ratingCount: 1, averageRating: 4 });

    const db = t.app.services.database.db;
    await db.update(posts).set({ title: 'Edited by hand' }).where(eq(posts.id, post.id));
    await db.update(users).set({ displayName: 'Renamed Cook' }).where(eq(users.id, cook.id));
    expect((await plate(post.id)).json()).toMatchObject({ title: 'Edited by hand', user: { displayName: 'Renamed Cook' } });
    expect(await feedCard(post.id, location, reader)).toMatchObject({ title: 'Edited by hand', user: { displayName: 'Renamed Cook' } });

    await verifyUser(t.app, cook.id, 'gold');
    expect((await plate(post.id, reader)).json()).toMatchObject({ user: { isVerified: true, verifiedType: 'gold' } });
  });

  it('never carry one member’s save or stars to another viewer', async () => {
    const location = `Marksville ${Date.now()}`;
    const post = await makePost(t.app, { location });
    const fan = await headersOf(await makeUser(t.app));
    const other = await headersOf(await makeUser(t.app));
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/saves`, headers: fan })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: fan, payload: { rating: 5 } })).statusCode).toBe(200);
    for (let round = 0; round < 2; round++) {
      expect(await feedCard(post.id, location, fan)).toMatchObject({ isSaved: true, userRating: 5 });
      expect((await plate(post.id, fan)).json()).toMatchObject({ isSaved: true, userRating: 5 });
      expect(await feedCard(post.id, location, other)).toMatchObject({ isSaved: false, userRating: null });
      expect((await plate(post.id, other)).json()).toMatchObject({ isSaved: false, userRating: null });
      expect((await plate(post.id)).json()).toMatchObject({ isSaved: false, userRating: null });
    }
  });

  it('on a profile: the viewer’s own marks and a new rating, read with the page', async () => {
    const cook = await makeUser(t.app);
    const post = await makePost(t.app, { userId: cook.id });
    const fan = await headersOf(await makeUser(t.app));
    const other = await headersOf(await makeUser(t.app));
    const card = async (headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url: `/api/users/${cook.id}/posts`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<FeedResponse>().posts.find((p) => p.id === post.id);
    };
    expect(await card(other)).toMatchObject({ ratingCount: 0, isSaved: false, userRating: null });
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/saves`, headers: fan })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: fan, payload: { rating: 2 } })).statusCode).toBe(200);
    expect(await card(fan)).toMatchObject({ ratingCount: 1, averageRating: 2, isSaved: true, userRating: 2 });
    expect(await card(other)).toMatchObject({ ratingCount: 1, averageRating: 2, isSaved: false, userRating: null });
    expect(await card()).toMatchObject({ ratingCount: 1, isSaved: false, userRating: null });
  });

  it('never show a pending plate, a private author or a blocked one to someone who may not see it', async () => {
    const owner = await makeUser(t.app);
    const ownerHeaders = await headersOf(owner);
    const stranger = await makeUser(t.app);
    const strangerHeaders = await headersOf(stranger);
    const pending = await makePost(t.app, { userId: owner.id, approvalStatus: 'pending', approvedAt: null });
    expect((await plate(pending.id, ownerHeaders)).statusCode).toBe(200);
    expect((await plate(pending.id)).statusCode).toBe(404);
    expect((await plate(pending.id, strangerHeaders)).statusCode).toBe(404);

    const hidden = await makeUser(t.app, { isPrivate: true });
    const location = `Hiddenham ${hidden.id}`;
    const secret = await makePost(t.app, { userId: hidden.id, location });
    const follower = await makeUser(t.app);
    await t.app.services.database.db.insert(follows).values({ followerId: follower.id, followingId: hidden.id, status: 'accepted' });
    const followerHeaders = await headersOf(follower);
    expect((await plate(secret.id, followerHeaders)).statusCode).toBe(200);
    expect(await feedCard(secret.id, location, followerHeaders)).toBeDefined();
    expect((await plate(secret.id)).statusCode).toBe(404);
    expect((await plate(secret.id, strangerHeaders)).statusCode).toBe(404);
    expect(await feedCard(secret.id, location, strangerHeaders)).toBeUndefined();
    expect(await feedCard(secret.id, location)).toBeUndefined();

    const open = await makePost(t.app, { userId: owner.id });
    expect((await plate(open.id, strangerHeaders)).statusCode).toBe(200);
    await t.app.services.database.db.insert(userBlocks).values({ blockerId: owner.id, blockedId: stranger.id });
    expect((await plate(open.id, strangerHeaders)).statusCode).toBe(404);
    expect((await plate(open.id)).statusCode).toBe(200);
  });

  it('answer a member’s feed and a plate with exactly what the schema allows', async () => {
    const location = `Schemaville ${Date.now()}`;
    const ids = [(await makePost(t.app, { location, categoryIds: [1, 2] })).id, (await makePost(t.app, { location })).id];
    const headers = await headersOf(await makeUser(t.app));
    for (let round = 0; round < 2; round++) {
      const res = await t.app.inject({ url: `/api/posts?location=${encodeURIComponent(location)}`, headers });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json<FeedResponse>();
      expect(body.posts.map((p) => p.id).sort()).toEqual([...ids].sort());
      expect(FeedResponse.parse(body)).toEqual(body);
      const one = (await plate(ids[0]!, headers)).json<PostDto>();
      expect(PostDto.parse(one)).toEqual(one);
      expect(one.categories).toHaveLength(2);
    }
  });
});
