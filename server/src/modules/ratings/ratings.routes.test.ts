import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pointRules, pointTransactions, posts, ratings, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser } from '../../test/factories.js';
import { createRatingsRepository } from './ratings.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;

const cook = (overrides: Partial<User> = {}) => makeSignedInUser(t.app, overrides);

const rate = (postId: number, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/posts/${postId}/rate`, headers, payload: payload as object });

async function counters(postId: number) {
  const [row] = await db()
    .select({ ratingCount: posts.ratingCount, ratingSum: posts.ratingSum, commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row!;
}

const aggregate = (postId: number) => createRatingsRepository(db()).aggregate(postId);

async function pointsFor(userId: number, action: string) {
  return db()
    .select({ points: pointTransactions.points, entityType: pointTransactions.relatedEntityType, entityId: pointTransactions.relatedEntityId })
    .from(pointTransactions)
    .innerJoin(pointRules, eq(pointRules.id, pointTransactions.pointRuleId))
    .where(and(eq(pointTransactions.userId, userId), eq(pointRules.actionType, action)));
}

const notificationsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

describe('POST /api/posts/{id}/rate', () => {
  it('refuses a rating of your own plate but lets you comment on it', async () => {
    const owner = await cook();
    const post = await makePost(t.app, { userId: owner.user.id });

    const refused = await rate(post.id, owner.headers, { rating: 5 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: "You cannot rate plates you've posted (but you can still comment)",
    });
    const both = await rate(post.id, owner.headers, { rating: 4, comment: 'and a note' });
    expect(both.statusCode).toBe(403);
    expect(await counters(post.id)).toEqual({ ratingCount: 0, ratingSum: 0, commentCount: 0 });

    const comment = await rate(post.id, owner.headers, { comment: '  Thanks for looking!  ' });
    expect(comment.statusCode).toBe(200);
    expect(comment.json()).toMatchObject({ id: post.id, commentCount: 1, ratingCount: 0, userRating: null });
    const [row] = await db().select().from(ratings).where(eq(ratings.postId, post.id));
    expect(row).toMatchObject({ rating: null, comment: 'Thanks for looking!' });
    // No notification to yourself, and no points for commenting on your own plate.
    expect(await notificationsOf(owner.user.id)).toHaveLength(0);
    expect(await pointsFor(owner.user.id, 'comment_given')).toEqual([]);
  });

  it.each([
    [0, 'Rating must be between 1 and 5'],
    [6, 'Rating must be between 1 and 5'],
    [2.5, 'Rating must be a whole number of stars'],
    ['5', 'Rating must be a number from 1 to 5'],
    [null, 'Rating must be a number from 1 to 5'],
  ])('answers 400 for rating %j', async (rating, message) => {
    const rater = await cook();
    const post = await makePost(t.app);
    const res = await rate(post.id, rater.headers, { rating });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'rating', message });
    expect(await counters(post.id)).toEqual({ ratingCount: 0, ratingSum: 0, commentCount: 0 });
  });

  it('answers 400 for a blank comment and for an empty body', async () => {
    const rater = await cook();
    const post = await makePost(t.app);
    const blank = await rate(post.id, rater.headers, { comment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'comment', message: 'Comment cannot be empty' });
    const empty = await rate(post.id, rater.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'rating' });
  });

  it('needs a signed-in user (401 before validation) and an existing plate (404)', async () => {
    const post = await makePost(t.app);
    const guest = await rate(post.id, {}, { rating: 0 });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('UNAUTHORIZED');
    const rater = await cook();
    const missing = await rate(2_000_000_000, rater.headers, { rating: 3 });
    expect(missing.statusCode).toBe(404);
    const badId = await rate(0, rater.headers, { rating: 3 });
    expect(badId.statusCode).toBe(400);
  });

  it('does not rate or comment on plates that are not approved', async () => {
    const owner = await cook();
    const rater = await cook();
    const admin = await cook({ isAdmin: true });
    for (const approvalStatus of ['pending', 'rejected'] as const) {
      const post = await makePost(t.app, { userId: owner.user.id, approvalStatus });
      expect((await rate(post.id, rater.headers, { rating: 4 })).statusCode).toBe(404);
      expect((await rate(post.id, rater.headers, { comment: 'hi' })).statusCode).toBe(404);
      const byAdmin = await rate(post.id, admin.headers, { rating: 4 });
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toMatch(/awaiting approval/);
      expect((await rate(post.id, owner.headers, { comment: 'mine' })).statusCode).toBe(403);
      expect(await counters(post.id)).toEqual({ ratingCount: 0, ratingSum: 0, commentCount: 0 });
    }
  });

  it('replaces a re-rating: count unchanged, sum and average moved by the difference', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const b = await cook();
    const first = await rate(post.id, a.headers, { rating: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ratingCount: 1, averageRating: 2, userRating: 2 });
    const again = await rate(post.id, a.headers, { rating: 4 });
    expect(again.json()).toMatchObject({ ratingCount: 1, averageRating: 4, userRating: 4 });
    const other = await rate(post.id, b.headers, { rating: 5 });
    expect(other.json()).toMatchObject({ ratingCount: 2, averageRating: 4.5, userRating: 5 });
    expect(await counters(post.id)).toEqual({ ratingCount: 2, ratingSum: 9, commentCount: 0 });
    const rows = await db().select().from(ratings).where(eq(ratings.postId, post.id));
    expect(rows).toHaveLength(2);
  });

  it('takes a rating and a comment together, and comments any number of times', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const both = await rate(post.id, a.headers, { rating: 3, comment: 'Nice crust' });
    expect(both.json()).toMatchObject({ ratingCount: 1, commentCount: 1, userRating: 3 });
    // re-rating with a comment: the rating is replaced, the comment is a new row
    const again = await rate(post.id, a.headers, { rating: 5, comment: 'Even better cold' });
    expect(again.json()).toMatchObject({ ratingCount: 1, commentCount: 2, averageRating: 5 });
    await rate(post.id, a.headers, { comment: 'Third thought' });
    const rows = await db().select().from(ratings).where(eq(ratings.postId, post.id)).orderBy(ratings.id);
    expect(rows.map((r) => [r.rating, r.comment])).toEqual([
      [5, 'Nice crust'],
      [null, 'Even better cold'],
      [null, 'Third thought'],
    ]);
    expect(await counters(post.id)).toEqual(await aggregate(post.id));
  });

  it('keeps the counters equal to the rows under 20 concurrent raters and racing re-ratings', async () => {
    const post = await makePost(t.app);
    const raters = await Promise.all(Array.from({ length: 20 }, () => cook()));
    const results = await Promise.all(
      raters.map((r, i) => rate(post.id, r.headers, i % 3 === 0 ? { rating: (i % 5) + 1, comment: `c${i}` } : { rating: (i % 5) + 1 })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(raters.map(() => 200));
    const agg = await aggregate(post.id);
    expect(agg.ratingCount).toBe(20);
    expect(await counters(post.id)).toEqual(agg);

    // One user racing ten re-ratings of the same plate: one row, the counters still agree.
    const racer = raters[0]!;
    await Promise.all(Array.from({ length: 10 }, (_, i) => rate(post.id, racer.headers, { rating: (i % 5) + 1 })));
    const after = await aggregate(post.id);
    expect(after.ratingCount).toBe(20);
    expect(await counters(post.id)).toEqual(after);
  });

  it('awards points once: rating_given per plate, rating_received per rating, comment_given per plate', async () => {
    const author = await cook();
    const post = await makePost(t.app, { userId: author.user.id });
    const rater = await cook();
    await rate(post.id, rater.headers, { rating: 3 });
    await rate(post.id, rater.headers, { rating: 5 });
    await rate(post.id, rater.headers, { comment: 'one' });
    await rate(post.id, rater.headers, { comment: 'two' });

    expect(await pointsFor(rater.user.id, 'rating_given')).toEqual([{ points: 5, entityType: 'post', entityId: post.id }]);
    expect(await pointsFor(rater.user.id, 'comment_given')).toEqual([{ points: 5, entityType: 'post', entityId: post.id }]);
    const [ratingRow] = await db()
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.postId, post.id), eq(ratings.userId, rater.user.id), eq(ratings.rating, 5)));
    expect(await pointsFor(author.user.id, 'rating_received')).toEqual([
      { points: 10, entityType: 'rating', entityId: ratingRow!.id },
    ]);
    const [totals] = await db().select({ points: users.points }).from(users).where(eq(users.id, rater.user.id));
    expect(totals!.points).toBe(10);
  });

  it("notifies the plate's author of ratings and comments, never the actor", async () => {
    const author = await cook({ displayName: 'Ann Author' });
    const post = await makePost(t.app, { userId: author.user.id, title: 'Lemon tart' });
    const rater = await cook({ displayName: 'Rita Rater' });
    await rate(post.id, rater.headers, { rating: 4 });
    await rate(post.id, rater.headers, { rating: 4 }); // same value again: nothing new to say
    await rate(post.id, rater.headers, { comment: 'Lovely' });
    await rate(post.id, author.headers, { comment: 'Thank you' });

    const rows = await notificationsOf(author.user.id);
    expect(rows.map((n) => [n.type, n.title, n.message, n.actorId, n.postId])).toEqual([
      ['rating', 'New rating', 'Rita Rater rated "Lemon tart" 4/5', rater.user.id, post.id],
      ['comment', 'New comment', 'Rita Rater commented on "Lemon tart"', rater.user.id, post.id],
    ]);
    expect(await notificationsOf(rater.user.id)).toHaveLength(0);
  });
});
