import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommentsResponse, ReplyDto } from '@plates/common';
import { commentHearts, commentReplies, notifications, posts, ratings, replyHearts, userVerifications, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser, verifyUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;

const cook = (overrides: Partial<User> = {}) => makeSignedInUser(t.app, overrides);
type Cook = Awaited<ReturnType<typeof cook>>;

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function comment(postId: number, who: Cook, text: string): Promise<number> {
  const res = await inject('POST', `/api/posts/${postId}/rate`, who.headers, { comment: text });
  expect(res.statusCode).toBe(200);
  const [row] = await db().select({ id: ratings.id }).from(ratings).where(eq(ratings.comment, text));
  return row!.id;
}

async function reply(commentId: number, who: Cook, content: string): Promise<ReplyDto> {
  const res = await inject('POST', `/api/comments/${commentId}/replies`, who.headers, { content });
  expect(res.statusCode).toBe(201);
  return res.json<ReplyDto>();
}

const list = async (postId: number, who?: Cook, query = '') => {
  const res = await inject('GET', `/api/posts/${postId}/comments${query}`, who?.headers ?? {});
  expect(res.statusCode).toBe(200);
  return res.json<CommentsResponse>();
};

const counters = async (postId: number) =>
  (await db().select({ commentCount: posts.commentCount, ratingCount: posts.ratingCount, ratingSum: posts.ratingSum }).from(posts).where(eq(posts.id, postId)))[0]!;

describe('GET /api/posts/{id}/comments', () => {
  it('lists comments newest first with authors, replies oldest first and the viewer hearts', async () => {
    const post = await makePost(t.app);
    const a = await cook({ displayName: 'Ada' });
    const b = await cook();
    const first = await comment(post.id, a, 'first!');
    const second = await comment(post.id, b, 'second');
    // a rating without a comment is not a comment
    await inject('POST', `/api/posts/${post.id}/rate`, b.headers, { rating: 4 });
    const r1 = await reply(first, b, 'reply one');
    await reply(first, a, 'reply two');
    await inject('POST', `/api/comments/${first}/hearts`, b.headers);
    await inject('POST', `/api/replies/${r1.id}/hearts`, b.headers);

    const seenByB = await list(post.id, b);
    expect(seenByB.nextCursor).toBeNull();
    expect(seenByB.comments.map((c) => c.id)).toEqual([second, first]);
    const firstDto = seenByB.comments[1]!;
    expect(firstDto).toMatchObject({
      comment: 'first!',
      isHearted: true,
      heartCount: 1,
      user: { id: a.user.id, username: a.user.username, displayName: 'Ada', profileImage: null, isAdmin: false, isVerified: false, verifiedType: null },
    });
    expect(Object.keys(firstDto.user).sort()).toEqual(['displayName', 'id', 'isAdmin', 'isVerified', 'profileImage', 'username', 'verifiedType']);
    expect(firstDto.replies.map((r) => [r.content, r.isHearted, r.heartCount])).toEqual([
      ['reply one', true, 1],
      ['reply two', false, 0],
    ]);

    const guest = await list(post.id);
    expect(guest.comments[1]).toMatchObject({ isHearted: false, heartCount: 1 });
    expect(guest.comments[1]!.replies[0]).toMatchObject({ isHearted: false, heartCount: 1 });
  });

  it("shows a verified author's badge on their comments and replies, and none once it is revoked", async () => {
    const post = await makePost(t.app);
    const business = await cook();
    const plain = await cook();
    await verifyUser(t.app, business.user.id, 'business');
    const id = await comment(post.id, business, `badge-${post.id}`);
    const answer = await reply(id, business, 'a reply with a badge');
    // the answer to the reply itself carries the badge too
    expect(answer.user).toMatchObject({ isVerified: true, verifiedType: 'business' });
    await reply(id, plain, 'a reply without one');

    const [dto] = (await list(post.id, plain)).comments;
    expect(dto!.user).toMatchObject({ id: business.user.id, isVerified: true, verifiedType: 'business' });
    expect(dto!.replies.map((r) => [r.user.id, r.user.isVerified, r.user.verifiedType])).toEqual([
      [business.user.id, true, 'business'],
      [plain.user.id, false, null],
    ]);

    await db().update(userVerifications).set({ isActive: false }).where(eq(userVerifications.userId, business.user.id));
    const [after] = (await list(post.id, plain)).comments;
    expect(after!.user).toMatchObject({ isVerified: false, verifiedType: null });
  });

  it('pages with an opaque cursor and rejects a forged one', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await comment(post.id, a, `page-${post.id}-${i}`));
    const one = await list(post.id, a, '?limit=2');
    expect(one.comments.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    const two = await list(post.id, a, `?limit=2&cursor=${one.nextCursor}`);
    expect(two.comments.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const three = await list(post.id, a, `?limit=2&cursor=${two.nextCursor}`);
    expect(three.comments.map((c) => c.id)).toEqual([ids[0]]);
    expect(three.nextCursor).toBeNull();
    const forged = await inject('GET', `/api/posts/${post.id}/comments?cursor=nonsense`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
  });

  it('hides comments of plates the viewer cannot see', async () => {
    const owner = await cook();
    const post = await makePost(t.app, { userId: owner.user.id, approvalStatus: 'pending' });
    expect((await inject('GET', `/api/posts/${post.id}/comments`)).statusCode).toBe(404);
    expect((await inject('GET', `/api/posts/${post.id}/comments`, owner.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/posts/2000000000/comments')).statusCode).toBe(404);
  });

  it('runs a fixed number of queries per page: 1 comment or 30 with replies and hearts', async () => {
    const viewer = await cook();
    const others = await Promise.all(Array.from({ length: 3 }, () => cook()));
    // badges come from a join in the same statements, never a query per author
    await verifyUser(t.app, others[0]!.user.id, 'gold');
    await verifyUser(t.app, others[1]!.user.id);
    const small = await makePost(t.app);
    const big = await makePost(t.app);
    const c = await comment(small.id, others[0]!, `only-${small.id}`);
    await reply(c, others[1]!, 'r');
    await inject('POST', `/api/comments/${c}/hearts`, viewer.headers);
    for (let i = 0; i < 30; i += 1) {
      const id = await comment(big.id, others[i % 3]!, `many-${big.id}-${i}`);
      await reply(id, others[(i + 1) % 3]!, `r${i}`);
      await reply(id, others[(i + 2) % 3]!, `s${i}`);
      if (i % 2 === 0) await inject('POST', `/api/comments/${id}/hearts`, viewer.headers);
    }

    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const count = async (postId: number) => {
      // Notification pushes of the writes above run as jobs (on Redis, a worker's turn later):
      // they finish first, so only the page's own statements are counted.
      await t.app.services.jobs.drain();
      const spy = vi.spyOn(client, 'query');
      try {
        const page = await list(postId, viewer, '?limit=50');
        return { queries: spy.mock.calls.length, comments: page.comments.length };
      } finally {
        spy.mockRestore();
      }
    };
    const one = await count(small.id);
    const thirty = await count(big.id);
    expect(one.comments).toBe(1);
    expect(thirty.comments).toBe(30);
    expect(one.queries).toBeGreaterThan(0);
    expect(thirty.queries).toBe(one.queries);
  });
});

describe('replies', () => {
  it('adds a reply (201), bumps reply_count and tells the comment author', async () => {
    const post = await makePost(t.app, { title: 'Ramen' });
    const a = await cook({ displayName: 'Ann' });
    const b = await cook({ displayName: 'Ben' });
    const c = await comment(post.id, a, `reply-target-${post.id}`);
    const dto = await reply(c, b, '  agreed  ');
    expect(dto).toMatchObject({ content: 'agreed', isHearted: false, heartCount: 0, user: { id: b.user.id, displayName: 'Ben' } });
    await reply(c, a, 'my own thread');
    const [row] = await db().select({ replyCount: ratings.replyCount }).from(ratings).where(eq(ratings.id, c));
    expect(row!.replyCount).toBe(2);
    const told = await db().select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(told.map((n) => [n.type, n.title, n.message])).toEqual([
      ['reply', 'New reply', 'Ben replied to your comment on "Ramen"'],
    ]);
  });

  it('validates the reply and the comment', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const c = await comment(post.id, a, `v-${post.id}`);
    const blank = await inject('POST', `/api/comments/${c}/replies`, a.headers, { content: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'content', message: 'Reply cannot be empty' });
    expect((await inject('POST', `/api/comments/${c}/replies`, {}, { content: 'x' })).statusCode).toBe(401);
    expect((await inject('POST', '/api/comments/2000000000/replies', a.headers, { content: 'x' })).statusCode).toBe(404);
    // a rating-only row is not a comment
    const rater = await cook();
    await inject('POST', `/api/posts/${post.id}/rate`, rater.headers, { rating: 3 });
    const [ratingOnly] = await db().select({ id: ratings.id }).from(ratings).where(eq(ratings.userId, rater.user.id));
    expect((await inject('POST', `/api/comments/${ratingOnly!.id}/replies`, a.headers, { content: 'x' })).statusCode).toBe(404);
  });
});

describe('deleting comments and replies', () => {
  it('lets the author, the plate owner and an admin delete, nobody else', async () => {
    const owner = await cook();
    const post = await makePost(t.app, { userId: owner.user.id });
    const author = await cook();
    const stranger = await cook();
    const admin = await cook({ isAdmin: true });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await comment(post.id, author, `del-${post.id}-${i}`));
    expect(await counters(post.id)).toMatchObject({ commentCount: 3 });

    const refused = await inject('DELETE', `/api/comments/${ids[0]}`, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect((await inject('DELETE', `/api/comments/${ids[0]}`)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/comments/${ids[0]}`, author.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/comments/${ids[1]}`, owner.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/comments/${ids[2]}`, admin.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/comments/${ids[2]}`, admin.headers)).statusCode).toBe(404);
    expect(await counters(post.id)).toMatchObject({ commentCount: 0 });
  });

  it('keeps the star rating of a rating-and-comment row and clears its comment, replies and hearts', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const b = await cook();
    await inject('POST', `/api/posts/${post.id}/rate`, a.headers, { rating: 4, comment: `both-${post.id}` });
    const [row] = await db().select({ id: ratings.id }).from(ratings).where(eq(ratings.postId, post.id));
    const r = await reply(row!.id, b, 'nice');
    await inject('POST', `/api/comments/${row!.id}/hearts`, b.headers);
    await inject('POST', `/api/replies/${r.id}/hearts`, a.headers);

    expect((await inject('DELETE', `/api/comments/${row!.id}`, a.headers)).statusCode).toBe(204);
    const [kept] = await db().select().from(ratings).where(eq(ratings.id, row!.id));
    expect(kept).toMatchObject({ rating: 4, comment: null, replyCount: 0, heartCount: 0 });
    expect(await db().select().from(commentReplies).where(eq(commentReplies.ratingId, row!.id))).toHaveLength(0);
    expect(await db().select().from(commentHearts).where(eq(commentHearts.ratingId, row!.id))).toHaveLength(0);
    expect(await counters(post.id)).toEqual({ commentCount: 0, ratingCount: 1, ratingSum: 4 });
    expect((await list(post.id)).comments).toHaveLength(0);
  });

  it('deletes a reply and moves reply_count', async () => {
    const owner = await cook();
    const post = await makePost(t.app, { userId: owner.user.id });
    const a = await cook();
    const b = await cook();
    const c = await comment(post.id, a, `rep-${post.id}`);
    const r1 = await reply(c, b, 'one');
    const r2 = await reply(c, b, 'two');
    expect((await inject('DELETE', `/api/replies/${r1.id}`, a.headers)).statusCode).toBe(403); // the comment's author is not the reply's
    expect((await inject('DELETE', `/api/replies/${r1.id}`, b.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/replies/${r2.id}`, owner.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/replies/${r2.id}`, owner.headers)).statusCode).toBe(404);
    const [row] = await db().select({ replyCount: ratings.replyCount }).from(ratings).where(eq(ratings.id, c));
    expect(row!.replyCount).toBe(0);
  });
});

describe('hearts', () => {
  it('hearts and unhearts idempotently, and notifies once, never yourself', async () => {
    const post = await makePost(t.app, { title: 'Pho' });
    const a = await cook();
    const b = await cook({ displayName: 'Bea' });
    const c = await comment(post.id, a, `heart-${post.id}`);
    const r = await reply(c, a, 'own reply');

    for (const url of [`/api/comments/${c}/hearts`, `/api/replies/${r.id}/hearts`]) {
      expect((await inject('POST', url, b.headers)).json()).toEqual({ isHearted: true, heartCount: 1 });
      expect((await inject('POST', url, b.headers)).json()).toEqual({ isHearted: true, heartCount: 1 });
      expect((await inject('POST', url, a.headers)).json()).toEqual({ isHearted: true, heartCount: 2 });
      expect((await inject('DELETE', url, b.headers)).json()).toEqual({ isHearted: false, heartCount: 1 });
      expect((await inject('DELETE', url, b.headers)).json()).toEqual({ isHearted: false, heartCount: 1 });
      expect((await inject('POST', url, {})).statusCode).toBe(401);
    }
    expect((await inject('POST', '/api/comments/2000000000/hearts', b.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', '/api/replies/2000000000/hearts', b.headers)).statusCode).toBe(404);

    const told = await db().select().from(notifications).where(eq(notifications.userId, a.user.id)).orderBy(notifications.id);
    expect(told.map((n) => [n.type, n.title, n.message])).toEqual([
      ['like', 'New like', 'Bea liked your comment on "Pho"'],
      ['like', 'New like', 'Bea liked your reply on "Pho"'],
    ]);
  });

  it('keeps heart_count equal to the heart rows when one user toggles concurrently', async () => {
    const post = await makePost(t.app);
    const a = await cook();
    const b = await cook();
    const c = await comment(post.id, a, `race-${post.id}`);
    const r = await reply(c, a, 'race reply');
    const toggles = (url: string) =>
      Promise.all(Array.from({ length: 30 }, (_, i) => inject(i % 2 === 0 ? 'POST' : 'DELETE', url, b.headers)));
    const results = [...(await toggles(`/api/comments/${c}/hearts`)), ...(await toggles(`/api/replies/${r.id}/hearts`))];
    expect(results.every((res) => res.statusCode === 200)).toBe(true);

    const hearts = await db().select().from(commentHearts).where(eq(commentHearts.ratingId, c));
    const [row] = await db().select({ heartCount: ratings.heartCount }).from(ratings).where(eq(ratings.id, c));
    expect(hearts.length).toBeLessThanOrEqual(1);
    expect(row!.heartCount).toBe(hearts.length);
    const rHearts = await db().select().from(replyHearts).where(eq(replyHearts.replyId, r.id));
    const [rRow] = await db().select({ heartCount: commentReplies.heartCount }).from(commentReplies).where(eq(commentReplies.id, r.id));
    expect(rRow!.heartCount).toBe(rHearts.length);
  });
});
