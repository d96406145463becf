// The analysis of earlier plates (record 0039): POST/DELETE /api/admin/ai/backfill, permission
// manage_settings, audited; approved plates without an analysis, newest first, from their stored
// rendition, one at a time and only while the pool has nothing queued.
import { desc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAiResponse, ANALYSIS_MESSAGES } from '@plates/common';
import { adminAuditLogs, postAnalyses, posts } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { fakeAnalyzer, type FakeAnalyzer } from '../../test/fake-analyzer.js';
import { grantRole, makePost, makeSignedInUser } from '../../test/factories.js';
import { sized } from '../../test/media.fixtures.js';
import { createAnalysisRepository, STALE_CLAIM_MINUTES } from './analysis.repository.js';

let t: TestApp;
let engine: FakeAnalyzer;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  engine = fakeAnalyzer();
  t = await buildTestApp({ analyzer: engine });
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;
const analysis = () => t.app.services.analysis;
const call = (method: 'POST' | 'DELETE', headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method, url: '/api/admin/ai/backfill', headers });
const overview = async () => {
  const res = await t.app.inject({ url: '/api/admin/ai', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return AdminAiResponse.parse(res.json());
};
const audits = (action: string) => db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, action)).orderBy(desc(adminAuditLogs.id));
const analysedIds = async () => (await db().select({ id: postAnalyses.postId }).from(postAnalyses)).map((r) => r.id).sort((a, b) => a - b);

/** A plate with its stored rendition (a distinct image per plate: the fake records which it was given). */
let side = 40;
async function plate(approvalStatus: 'approved' | 'pending' | 'rejected' = 'approved', stored = true) {
  const post = (await makePost(t.app, { approvalStatus }))!;
  const image = await sized(side++, 40);
  if (stored) await t.app.services.storage.put(post.imageKey!, image, 'image/png');
  return { id: post.id, image };
}
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('who may start and stop it', () => {
  it('answers 401 to visitors and 403 to members and staff without manage_settings', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/admin/ai/backfill' })).statusCode).toBe(401);
      for (const who of [member, moderator]) expect((await call(method, who.headers)).statusCode).toBe(403);
    }
    expect((await overview()).figures.backfill).toEqual({ running: false, done: 0 });
    expect(await audits('ai_backfill_started')).toHaveLength(0);
  });
});

describe('the claim', () => {
  it('hands a plate to one claimer only, and a release never deletes a stored analysis', async () => {
    const repo = createAnalysisRepository(db());
    const only = await plate();
    const [first, second] = await Promise.all([repo.claimUnanalysed(undefined), repo.claimUnanalysed(undefined)]);
    const claims = [first, second].filter((c) => c.claimed);
    expect(claims).toHaveLength(1);
    expect(claims[0]?.claimed?.postId).toBe(only.id);
    expect(await repo.claimUnanalysed(undefined)).toEqual({ picked: undefined, claimed: undefined });
    await repo.releaseClaim(only.id);
    expect((await repo.claimUnanalysed(only.id)).picked).toBeUndefined();
    expect((await repo.claimUnanalysed(undefined)).claimed?.postId).toBe(only.id);
    await repo.upsert({ postId: only.id, foodFound: true, imageSha256: 'y' });
    await repo.releaseClaim(only.id);
    expect(await analysedIds()).toContain(only.id);
    await db().delete(posts).where(eq(posts.id, only.id));
  });

  it('takes over a claim left by an instance that died mid-plate, never a fresh one', async () => {
    const repo = createAnalysisRepository(db());
    const fresh = await plate();
    const stale = await plate();
    await db().insert(postAnalyses).values([
      { postId: fresh.id, analysedAt: new Date(Date.now() - (STALE_CLAIM_MINUTES - 1) * 60_000) },
      { postId: stale.id, analysedAt: new Date(Date.now() - (STALE_CLAIM_MINUTES + 1) * 60_000) },
    ]);
    const [first, second] = await Promise.all([repo.claimUnanalysed(undefined), repo.claimUnanalysed(undefined)]);
    expect([first, second].filter((c) => c.claimed).map((c) => c.claimed?.postId)).toEqual([stale.id]);
    expect(await repo.claimUnanalysed(undefined)).toEqual({ picked: undefined, claimed: undefined });
    await db().delete(posts).where(inArray(posts.id, [fresh.id, stale.id]));
  });
});

describe('POST /api/admin/ai/backfill', () => {
  it('analyses the approved plates without analysis, newest first, never the pending or rejected ones', async () => {
    const older = await plate();
    const analysedBefore = await plate();
    await db().insert(postAnalyses).values({ postId: analysedBefore.id, foodFound: true, imageSha256: 'x' });
    const pending = await plate('pending');
    const rejected = await plate('rejected');
    const newer = await plate();
    expect((await overview()).figures.notAnalysed).toBe(2);

    const res = await call('POST');
    expect(res.statusCode).toBe(200);
    expect(AdminAiResponse.parse(res.json()).figures.backfill.running).toBe(true);
    await analysis().backfillFinished();

    expect(engine.calls.map((c) => c.image)).toEqual([newer.image, older.image]);
    expect(await analysedIds()).toEqual([older.id, analysedBefore.id, newer.id]);
    const [row] = await db().select().from(postAnalyses).where(eq(postAnalyses.postId, newer.id));
    expect(row?.foodFound).toBe(true);
    expect(row?.embedding).toHaveLength(64);
    expect(row?.imageSha256).toMatch(/^[0-9a-f]{64}$/);
    const [stillPending] = await db().select({ s: posts.approvalStatus }).from(posts).where(eq(posts.id, pending.id));
    expect(stillPending?.s).toBe('pending');
    expect(await analysedIds()).not.toContain(rejected.id);

    const after = await overview();
    expect(after.figures.notAnalysed).toBe(0);
    expect(after.figures.backfill).toEqual({ running: false, done: 2 });
    const [audit] = await audits('ai_backfill_started');
    expect(audit?.adminId).toBe(admin.user.id);
    expect(audit?.after).toEqual({ notAnalysed: 2 });
  });

  it('waits while the pool has uploads queued, then goes on', async () => {
    engine.calls.length = 0;
    const waiting = await plate();
    engine.queued = 1;
    expect((await call('POST')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 150)); // several 20 ms waits
    expect(engine.calls).toHaveLength(0);
    expect((await overview()).figures.backfill.running).toBe(true);

    engine.queued = 0;
    await analysis().backfillFinished();
    expect(engine.calls.map((c) => c.image)).toEqual([waiting.image]);
    expect((await overview()).figures).toMatchObject({ notAnalysed: 0, backfill: { running: false, done: 1 } });
  });

  it('gives the plate back when the pool refuses it as busy, and analyses it once it is free', async () => {
    engine.calls.length = 0;
    const refused = await plate();
    engine.busy = true;
    await call('POST');
    await until(async () => (await overview()).figures.notAnalysed === 1);
    expect(engine.calls).toHaveLength(0);
    engine.busy = false;
    await analysis().backfillFinished();
    expect(engine.calls.map((c) => c.image)).toEqual([refused.image]);
    expect((await overview()).figures.notAnalysed).toBe(0);
  });

  it('skips a plate whose rendition is missing and leaves it counted as not analysed', async () => {
    const missing = await plate('approved', false);
    const good = await plate();
    engine.calls.length = 0;
    await call('POST');
    await analysis().backfillFinished();
    expect(engine.calls.map((c) => c.image)).toEqual([good.image]);
    expect(await analysedIds()).not.toContain(missing.id);
    expect((await overview()).figures).toMatchObject({ notAnalysed: 1, backfill: { running: false, done: 1 } });
    await db().delete(posts).where(eq(posts.id, missing.id));
  });

  it('gives up after 20 plates failed one after another (their renditions missing): the plates further on are left', async () => {
    const older = await plate();
    const broken = [];
    for (let i = 0; i < 20; i++) broken.push(await plate('approved', false));
    engine.calls.length = 0;
    await call('POST');
    await analysis().backfillFinished();
    expect(engine.calls).toHaveLength(0);
    expect((await overview()).figures).toMatchObject({ notAnalysed: 21, backfill: { running: false, done: 0 } });
    await call('POST'); // once the broken ones are gone, the older plate is reached
    await analysis().backfillFinished();
    expect(engine.calls).toHaveLength(0);
    for (const b of broken) await db().delete(posts).where(eq(posts.id, b.id));
    await call('POST');
    await analysis().backfillFinished();
    expect(engine.calls.map((c) => c.image)).toEqual([older.image]);
  });

  it('is limited like every admin write', async () => {
    const t2 = await buildTestApp({ analyzer: fakeAnalyzer(), rateLimits: { adminWritesPerUser: 1 } });
    try {
      const admin2 = await makeSignedInUser(t2.app, { isAdmin: true });
      const del = () => t2.app.inject({ method: 'DELETE', url: '/api/admin/ai/backfill', headers: admin2.headers });
      expect((await del()).statusCode).toBe(200);
      expect((await del()).statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('refuses with 409 when every analysis is switched off', async () => {
    for (const name of ['photo_quality', 'nsfw_check', 'food_check', 'cuisine_suggestions', 'similar_plates'])
      await t.app.inject({ method: 'PUT', url: `/api/admin/ai/parts/${name}`, headers: admin.headers, payload: { enabled: false } });
    const res = await call('POST');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ANALYSIS_MESSAGES.backfillAllOff);
    await t.app.inject({ method: 'PUT', url: '/api/admin/ai/parts/food_check', headers: admin.headers, payload: { enabled: true } });
  });
});

describe('DELETE /api/admin/ai/backfill', () => {
  it('stops the run, audited, and the plates stay not analysed', async () => {
    engine.calls.length = 0;
    await plate();
    await plate();
    engine.queued = 1;
    await call('POST');
    expect((await overview()).figures.backfill.running).toBe(true);

    const res = await call('DELETE');
    expect(res.statusCode).toBe(200);
    expect(AdminAiResponse.parse(res.json()).figures).toMatchObject({ notAnalysed: 2, backfill: { running: false, done: 0 } });
    engine.queued = 0;
    await new Promise((r) => setTimeout(r, 100));
    expect(engine.calls).toHaveLength(0);
    const [audit] = await audits('ai_backfill_stopped');
    expect(audit).toMatchObject({ adminId: admin.user.id, after: { done: 0 } });
  });

  it('ends when every analysis is switched off while it waits', async () => {
    engine.calls.length = 0;
    engine.queued = 1;
    await call('POST');
    expect((await overview()).figures.backfill.running).toBe(true);
    const names = ['photo_quality', 'nsfw_check', 'food_check', 'cuisine_suggestions', 'similar_plates'];
    const put = (name: string, enabled: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/ai/parts/${name}`, headers: admin.headers, payload: { enabled } });
    for (const name of names) await put(name, false);
    await analysis().backfillFinished();
    engine.queued = 0;
    expect(engine.calls).toHaveLength(0);
    expect((await overview()).figures).toMatchObject({ notAnalysed: 2, backfill: { running: false } });
    for (const name of names) await put(name, true);
  });

  it('answers the figures and records nothing when no run is going', async () => {
    const before = (await audits('ai_backfill_stopped')).length;
    expect((await call('DELETE')).statusCode).toBe(200);
    expect(await audits('ai_backfill_stopped')).toHaveLength(before);
  });

  it('stops on app close: the close does not wait for the queue to empty', async () => {
    const other = fakeAnalyzer();
    other.queued = 1;
    const t2 = await buildTestApp({ analyzer: other });
    const admin2 = await makeSignedInUser(t2.app, { isAdmin: true });
    await makePost(t2.app);
    const res = await t2.app.inject({ method: 'POST', url: '/api/admin/ai/backfill', headers: admin2.headers });
    expect(AdminAiResponse.parse(res.json()).figures.backfill.running).toBe(true);
    const started = Date.now();
    await t2.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(other.calls).toHaveLength(0);
    expect(other.closed).toBe(true);
  });

  it('leaves no placeholder claim behind', async () => {
    const claims = await db().select().from(postAnalyses).where(isNull(postAnalyses.imageSha256));
    expect(claims).toHaveLength(0);
  });
});
