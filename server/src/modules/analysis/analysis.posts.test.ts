// The analysis stored with each posted plate (a job after its commit), the adult content hold
// (approved → pending, approval points back, never rejected), the moderators' hints on pending
// plates, and GET /api/posts/{id}/similar with the feed's visibility rule.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYSIS_PARTS, type PendingPostsResponse, type PostDto } from '@plates/common';
import { follows, pointTransactions, postAnalyses, posts, userBlocks, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { EXPLICIT_SCORES, fakeAnalyzer, NEUTRAL_SCORES, unitVector, type FakeAnalyzer } from '../../test/fake-analyzer.js';
import { makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { sized } from '../../test/media.fixtures.js';
import { multipartBody, type FormPart } from '../../test/multipart.js';

let t: TestApp;
let engine: FakeAnalyzer;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let cook: Awaited<ReturnType<typeof makeSignedInUser>>;
const defaultAnswer = fakeAnalyzer().answer;

beforeAll(async () => {
  engine = fakeAnalyzer();
  t = await buildTestApp({ analyzer: engine });
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  cook = await makeSignedInUser(t.app);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  engine.answer = defaultAnswer;
  engine.failures = 0;
  engine.busy = false;
  for (const name of ANALYSIS_PARTS) {
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/ai/parts/${name}`, headers: admin.headers, payload: { enabled: true } });
    expect(res.statusCode).toBe(200);
  }
});

const db = () => t.app.services.database.db;
let size = 40;
/** A photo no earlier test sent (the raw analysis is cached by its bytes). */
const freshImage = async () => ({ bytes: await sized((size += 1), 40), filename: 'plate.png', type: 'image/png' });

async function post(headers: Record<string, string>, parts: FormPart[]): Promise<PostDto> {
  const body = await multipartBody(parts);
  const res = await t.app.inject({ method: 'POST', url: '/api/posts', headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDto>();
}

const analysisOf = async (postId: number) => (await db().select().from(postAnalyses).where(eq(postAnalyses.postId, postId)))[0];
const statusOf = async (postId: number) => (await db().select({ s: posts.approvalStatus }).from(posts).where(eq(posts.id, postId)))[0]?.s;
const pointsOf = async (userId: number) => (await db().select({ p: users.points }).from(users).where(eq(users.id, userId)))[0]?.p;

describe('the analysis stored with a posted plate', () => {
  it('is written by a job after the upload answered, with every part', async () => {
    const plate = await post(cook.headers, [['title', 'Margherita pizza'], ['image', await freshImage()]]);
    await t.app.services.jobs.drain();
    const row = await analysisOf(plate.id);
    expect(row).toMatchObject({ qualityScore: 72, qualityTips: ['dark'], foodFound: true, foodBest: 'pizza', nsfwHeld: false, nsfwScores: NEUTRAL_SCORES });
    expect(row?.embedding).toHaveLength(64);
    expect(Math.hypot(...row!.embedding!)).toBeCloseTo(1, 5);
    expect(await statusOf(plate.id)).toBe('pending');
  });

  it('reuses the analysis the upload dialog made of the same bytes', async () => {
    const image = await freshImage();
    const body = await multipartBody([['image', image]]);
    const res = await t.app.inject({ method: 'POST', url: '/api/analysis/photo', headers: { ...cook.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    const calls = engine.calls.length;
    const plate = await post(cook.headers, [['title', 'Same photo'], ['image', image]]);
    await t.app.services.jobs.drain();
    expect(engine.calls.length).toBe(calls);
    expect((await analysisOf(plate.id))?.qualityScore).toBe(72);
  });

  it('tries a failed analysis once more', async () => {
    engine.failures = 1;
    const plate = await post(cook.headers, [['title', 'Second try'], ['image', await freshImage()]]);
    // The second try comes after the queue's back-off (20 ms in tests).
    await t.app.services.jobs.drain({ delayed: true });
    expect(await analysisOf(plate.id)).toBeDefined();
  });

  it('asks a busy pool again later, the upload answered at once', async () => {
    engine.busy = true;
    const plate = await post(cook.headers, [['title', 'Busy pool'], ['image', await freshImage()]]);
    await t.app.services.jobs.drain();
    expect(await analysisOf(plate.id)).toBeUndefined();
    engine.busy = false;
    // The retry (after 20 ms in tests, 30 s in the app) runs as a job of its own.
    await expect
      .poll(async () => {
        await t.app.services.jobs.drain();
        return (await analysisOf(plate.id))?.qualityScore;
      }, { timeout: 3000 })
      .toBe(72);
  });

  it('stores nothing for a part switched off', async () => {
    const off = await t.app.inject({ method: 'PUT', url: '/api/admin/ai/parts/nsfw_check', headers: admin.headers, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), nsfw: { scores: EXPLICIT_SCORES, held: true } });
    const plate = await post(admin.headers, [['title', 'Unchecked'], ['image', await freshImage()]]);
    await t.app.services.jobs.drain();
    expect(await analysisOf(plate.id)).toMatchObject({ nsfwScores: null, nsfwHeld: false });
    expect(await statusOf(plate.id)).toBe('approved');
  });

  it("holds an admin's approved plate: back to pending, the approval points taken back, never rejected", async () => {
    const author = await makeSignedInUser(t.app, { isAdmin: true });
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), nsfw: { scores: EXPLICIT_SCORES, held: true } });
    const plate = await post(author.headers, [['title', 'Held plate'], ['image', await freshImage()]]);
    expect(plate.approvalStatus).toBe('approved');
    expect(await pointsOf(author.user.id)).toBe(100);
    await t.app.services.jobs.drain();
    expect(await statusOf(plate.id)).toBe('pending');
    expect(await pointsOf(author.user.id)).toBe(0);
    const ledger = await db()
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, author.user.id), eq(pointTransactions.relatedEntityId, plate.id)));
    expect(ledger).toEqual([]);
    // Gone from the feed for visitors.
    const feed = (await t.app.inject('/api/posts')).json<{ posts: PostDto[] }>();
    expect(feed.posts.map((p) => p.id)).not.toContain(plate.id);

    // The moderator's hint says why; approving it again earns the points again.
    const pending = (await t.app.inject({ url: '/api/admin/posts/pending?page=1', headers: admin.headers })).json<PendingPostsResponse>();
    const hint = pending.hints?.find((h) => h.postId === plate.id);
    expect(hint?.analysis).toEqual({ nsfw: { held: true, score: 0.9 }, noFood: null, qualityScore: 72 });
    const approve = await t.app.inject({ method: 'POST', url: `/api/admin/posts/${plate.id}/approve`, headers: admin.headers });
    expect(approve.statusCode).toBe(200);
    expect(await pointsOf(author.user.id)).toBe(100);
  });

  it("keeps a member's held plate pending (it already was)", async () => {
    engine.answer = () => ({ ...defaultAnswer(Buffer.alloc(0)), nsfw: { scores: EXPLICIT_SCORES, held: true } });
    const plate = await post(cook.headers, [['title', 'Held pending'], ['image', await freshImage()]]);
    await t.app.services.jobs.drain();
    expect(await statusOf(plate.id)).toBe('pending');
    expect((await analysisOf(plate.id))?.nsfwHeld).toBe(true);
  });
});

describe('hints on the pending queue', () => {
  it('tells no food with the best guess, a quality score, and null without an analysis', async () => {
    const noFood = await makePost(t.app, { approvalStatus: 'pending', createdAt: new Date(Date.UTC(2001, 0, 1)) });
    const unanalysed = await makePost(t.app, { approvalStatus: 'pending', createdAt: new Date(Date.UTC(2001, 0, 2)) });
    await db().insert(postAnalyses).values({ postId: noFood.id, qualityScore: 40, foodFound: false, foodBest: 'cat', nsfwScores: NEUTRAL_SCORES });
    const res = await t.app.inject({ url: '/api/admin/posts/pending?page=1', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const hints = res.json<PendingPostsResponse>().hints ?? [];
    expect(hints.find((h) => h.postId === noFood.id)?.analysis).toEqual({ nsfw: null, noFood: { best: 'cat' }, qualityScore: 40 });
    expect(hints.find((h) => h.postId === unanalysed.id)?.analysis).toBeNull();
  });
});

describe('GET /api/posts/{id}/similar', () => {
  let viewer: Awaited<ReturnType<typeof makeSignedInUser>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    viewer = await makeSignedInUser(t.app);
    const open = await makeUser(t.app);
    const blocked = await makeUser(t.app);
    const blocker = await makeUser(t.app);
    const privateFollowed = await makeUser(t.app, { isPrivate: true });
    const privateStranger = await makeUser(t.app, { isPrivate: true });
    await db().insert(userBlocks).values([
      { blockerId: viewer.user.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.user.id },
    ]);
    await db().insert(follows).values({ followerId: viewer.user.id, followingId: privateFollowed.id, status: 'accepted' });
    const plates: Array<[string, number, Parameters<typeof makePost>[1], number[]]> = [
      ['origin', 0, { userId: open.id }, unitVector(0)],
      ['near', 0, { userId: open.id }, unitVector(0, 0.1)],
      ['followed', 0, { userId: privateFollowed.id }, unitVector(0, 0.2)],
      ['blocked', 0, { userId: blocked.id }, unitVector(0, 0.05)],
      ['blocker', 0, { userId: blocker.id }, unitVector(0, 0.06)],
      ['private', 0, { userId: privateStranger.id }, unitVector(0, 0.07)],
      ['pending', 0, { userId: open.id, approvalStatus: 'pending' }, unitVector(0, 0.08)],
      ['far', 0, { userId: open.id }, unitVector(20)],
      ['hidden', 0, { userId: privateStranger.id }, unitVector(0, 0.3)],
    ];
    for (const [name, , values, vector] of plates) {
      const row = await makePost(t.app, values);
      ids[name] = row.id;
      await db().insert(postAnalyses).values({ postId: row.id, embedding: vector });
    }
  });

  const similar = (id: number, query = '', headers: Record<string, string> = viewer.headers) =>
    t.app.inject({ url: `/api/posts/${id}/similar${query}`, headers });
  /** The answer's plates among this block's own (plates of earlier tests have analyses too). */
  const ours = (body: { posts: PostDto[] }) => body.posts.map((p) => p.id).filter((id) => Object.values(ids).includes(id));

  it('answers the nearest plates the viewer may see, nearest first, never the plate itself', async () => {
    const res = await similar(ids.origin!);
    expect(res.statusCode).toBe(200);
    expect(ours(res.json())).toEqual([ids.near, ids.followed, ids.far]);
    const one = await similar(ids.origin!, '?limit=1');
    expect(one.json<{ posts: PostDto[] }>().posts.map((p) => p.id)).toEqual([ids.near]);
  });

  it('shows a visitor only public approved plates', async () => {
    const res = await similar(ids.origin!, '', {});
    expect(res.statusCode).toBe(200);
    expect(ours(res.json())).toEqual([ids.blocked, ids.blocker, ids.near, ids.far]);
  });

  it('answers 404 for a plate the viewer may not see, and 400 for a limit out of bounds', async () => {
    expect((await similar(ids.hidden!)).statusCode).toBe(404);
    expect((await similar(ids.pending!)).statusCode).toBe(404);
    expect((await similar(ids.blocked!)).statusCode).toBe(404);
    expect((await similar(ids.origin!, '?limit=13')).statusCode).toBe(400);
    expect((await similar(ids.origin!, '?limit=0')).statusCode).toBe(400);
  });

  it('answers no plates when similar plates are switched off', async () => {
    const off = await t.app.inject({ method: 'PUT', url: '/api/admin/ai/parts/similar_plates', headers: admin.headers, payload: { enabled: false } });
    expect(off.statusCode).toBe(200);
    const res = await similar(ids.origin!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ posts: [] });
  });
});
