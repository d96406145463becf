// Per-member limits of comments, replies, ratings and hearts (docs/decisions/0002-rate-limits.md),
// with small numbers so a burst meets them: refused writes answer 429 with the catalogue's words
// and Retry-After, and store nothing.
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { commentReplies, posts, ratings } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { commentsPerUser: 5, ratingsPerUser: 8, tapsPerUser: 4 } });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;
const inject = (method: 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const commentsBy = async (userId: number, postId: number) =>
  db()
    .select({ id: ratings.id, comment: ratings.comment })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.postId, postId), isNotNull(ratings.comment)));

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message });
}

it('takes a burst of comments up to the limit, refuses the rest with 429 and stores only the accepted ones', async () => {
  const post = await makePost(t.app);
  const fan = await makeSignedInUser(t.app);
  const burst = await Promise.all(
    Array.from({ length: 9 }, (_, i) => inject('POST', `/api/posts/${post.id}/rate`, fan.headers, { comment: `comment ${i}` })),
  );
  const accepted = burst.filter((r) => r.statusCode === 200);
  const refused = burst.filter((r) => r.statusCode !== 200);
  expect(accepted).toHaveLength(5);
  expect(refused).toHaveLength(4);
  for (const res of refused) expectRefused(res, MESSAGES.commentRateLimited);
  expect(await commentsBy(fan.user.id, post.id)).toHaveLength(5);
  const [counters] = await db().select({ commentCount: posts.commentCount }).from(posts).where(eq(posts.id, post.id));
  expect(counters?.commentCount).toBe(5);
});

it('counts replies with comments on one counter, and per member', async () => {
  const post = await makePost(t.app);
  const [talker, other] = [await makeSignedInUser(t.app), await makeSignedInUser(t.app)];
  for (let i = 0; i < 3; i += 1) {
    expect((await inject('POST', `/api/posts/${post.id}/rate`, talker.headers, { comment: `c${i}` })).statusCode).toBe(200);
  }
  const [target] = await commentsBy(talker.user.id, post.id);
  for (let i = 0; i < 2; i += 1) {
    expect((await inject('POST', `/api/comments/${target!.id}/replies`, talker.headers, { content: `r${i}` })).statusCode).toBe(201);
  }
  expectRefused(await inject('POST', `/api/comments/${target!.id}/replies`, talker.headers, { content: 'one too many' }), MESSAGES.commentRateLimited);
  expectRefused(await inject('POST', `/api/posts/${post.id}/rate`, talker.headers, { comment: 'and this' }), MESSAGES.commentRateLimited);
  expect(await db().select().from(commentReplies).where(eq(commentReplies.userId, talker.user.id))).toHaveLength(2);
  expect(await commentsBy(talker.user.id, post.id)).toHaveLength(3);
  // Someone else still replies.
  expect((await inject('POST', `/api/comments/${target!.id}/replies`, other.headers, { content: 'hi' })).statusCode).toBe(201);
});

it('limits ratings (a re-rating counts too) apart from comments, which still go through', async () => {
  const post = await makePost(t.app);
  const rater = await makeSignedInUser(t.app);
  for (let i = 0; i < 8; i += 1) {
    expect((await inject('POST', `/api/posts/${post.id}/rate`, rater.headers, { rating: (i % 5) + 1 })).statusCode).toBe(200);
  }
  const refused = await inject('POST', `/api/posts/${post.id}/rate`, rater.headers, { rating: 5 });
  expectRefused(refused, MESSAGES.ratingRateLimited);
  const [row] = await db().select({ rating: ratings.rating }).from(ratings).where(and(eq(ratings.userId, rater.user.id), eq(ratings.postId, post.id)));
  expect(row?.rating).toBe(3); // the eighth rating (8 % 5 = 3); the refused 5 was not stored
  expect((await inject('POST', `/api/posts/${post.id}/rate`, rater.headers, { comment: 'words still welcome' })).statusCode).toBe(200);
});

it('limits hearts on comments and replies (taps), with the catalogue words', async () => {
  const post = await makePost(t.app);
  const [author, fan] = [await makeSignedInUser(t.app), await makeSignedInUser(t.app)];
  await inject('POST', `/api/posts/${post.id}/rate`, author.headers, { comment: 'heart me' });
  const [target] = await commentsBy(author.user.id, post.id);
  for (const method of ['POST', 'DELETE', 'POST', 'DELETE'] as const) {
    expect((await inject(method, `/api/comments/${target!.id}/hearts`, fan.headers)).statusCode).toBe(200);
  }
  expectRefused(await inject('POST', `/api/comments/${target!.id}/hearts`, fan.headers), MESSAGES.rateLimited);
  const [after] = await db().select({ heartCount: ratings.heartCount }).from(ratings).where(eq(ratings.id, target!.id));
  expect(after?.heartCount).toBe(0);
});
