// /admin/ai: the switches, the thresholds (within their bounds) and the figures; permission
// manage_settings; every change audited in its own transaction and applied to the next photo.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAiResponse, ANALYSIS_MESSAGES, ANALYSIS_PARTS, type SettingDto } from '@plates/common';
import { adminAuditLogs, aiSettings, postAnalyses } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { EXPLICIT_SCORES, fakeAnalyzer, type FakeAnalyzer } from '../../test/fake-analyzer.js';
import { grantRole, makePost, makeSignedInUser } from '../../test/factories.js';
import { sized } from '../../test/media.fixtures.js';
import { multipartBody } from '../../test/multipart.js';

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
const overview = async () => {
  const res = await t.app.inject({ url: '/api/admin/ai', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return AdminAiResponse.parse(res.json());
};
const putPart = (name: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/ai/parts/${name}`, headers, payload: payload as object });
const putThresholds = (payload: unknown, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/ai/thresholds', headers, payload: payload as object });
const lastAudit = async (action: string) =>
  (await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, action)).orderBy(desc(adminAuditLogs.id)).limit(1))[0];

describe('who may see and change the analyses', () => {
  it('answers 401 to visitors and 403 to members and staff without manage_settings', async () => {
    expect((await t.app.inject({ url: '/api/admin/ai' })).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      expect((await t.app.inject({ url: '/api/admin/ai', headers: who.headers })).statusCode).toBe(403);
      expect((await putPart('nsfw_check', { enabled: false }, who.headers)).statusCode).toBe(403);
      expect((await putThresholds({ nsfwHoldPercent: 60, foodMinPercent: 30 }, who.headers)).statusCode).toBe(403);
    }
    expect((await overview()).parts.every((p) => p.enabled)).toBe(true);
  });
});

describe('GET /api/admin/ai', () => {
  it('lists the five analyses switched on, the default thresholds, and the figures', async () => {
    const [heldRejected, heldPending, noFood] = [
      await makePost(t.app, { approvalStatus: 'rejected' }),
      await makePost(t.app, { approvalStatus: 'pending' }),
      await makePost(t.app),
    ];
    await db().insert(postAnalyses).values([
      { postId: heldRejected!.id, nsfwHeld: true, nsfwScores: EXPLICIT_SCORES, foodFound: true },
      { postId: heldPending!.id, nsfwHeld: true, nsfwScores: EXPLICIT_SCORES, foodFound: true },
      { postId: noFood!.id, foodFound: false, foodBest: 'cat' },
    ]);
    const answer = await overview();
    expect(answer.parts.map((p) => p.name)).toEqual([...ANALYSIS_PARTS]);
    expect(answer.thresholds).toEqual({ nsfwHoldPercent: 50, foodMinPercent: 30 });
    expect(answer.figures).toEqual({ notAnalysed: 0, backfill: { running: false, done: 0 }, analysed: 3, held: 2, heldDecided: 1, heldAgreed: 1, noFood: 1, queued: 0, workers: 2 });
  });
});

describe('PUT /api/admin/ai/parts/{name}', () => {
  it('switches a part off and on, audited, and the next photo is analysed without it', async () => {
    const res = await putPart('food_check', { enabled: false });
    expect(res.statusCode).toBe(200);
    expect(AdminAiResponse.parse(res.json()).parts.find((p) => p.name === 'food_check')?.enabled).toBe(false);
    const [row] = await db().select().from(aiSettings).where(eq(aiSettings.settingName, 'food_check'));
    expect(row?.enabled).toBe(false);
    const audit = await lastAudit('ai_part_changed');
    expect(audit).toMatchObject({ adminId: admin.user.id, targetType: 'ai_setting', targetLabel: 'food_check', before: { enabled: true }, after: { enabled: false } });

    const body = await multipartBody([['image', { bytes: await sized(33, 33), filename: 'a.png', type: 'image/png' }]]);
    const photo = await t.app.inject({ method: 'POST', url: '/api/analysis/photo', headers: { ...member.headers, ...body.headers }, payload: body.payload });
    expect(photo.json().food).toBeNull();
    expect(engine.calls.at(-1)?.parts.food).toBe(false);

    expect((await putPart('food_check', { enabled: true })).statusCode).toBe(200);
    expect((await overview()).parts.find((p) => p.name === 'food_check')?.enabled).toBe(true);
  });

  it('refuses an unknown part (404) and a body that is not on or off (400)', async () => {
    const unknown = await putPart('dish_namer', { enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ANALYSIS_MESSAGES.unknownPart);
    const bad = await putPart('food_check', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Say on or off.');
    expect(await db().select().from(aiSettings).where(eq(aiSettings.settingName, 'dish_namer'))).toEqual([]);
  });
});

describe('PUT /api/admin/ai/thresholds', () => {
  it('refuses values outside the safe bounds, in words, changing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ nsfwHoldPercent: 49, foodMinPercent: 30 }, 'The hold threshold must be at least 50%.'],
      [{ nsfwHoldPercent: 96, foodMinPercent: 30 }, 'The hold threshold must be at most 95%.'],
      [{ nsfwHoldPercent: 60, foodMinPercent: 9 }, 'The food threshold must be at least 10%.'],
      [{ nsfwHoldPercent: 60.5, foodMinPercent: 30 }, 'The hold threshold must be a whole number.'],
      [{ nsfwHoldPercent: '60', foodMinPercent: 30 }, 'The hold threshold must be a number.'],
    ];
    for (const [payload, message] of cases) {
      const res = await putThresholds(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await overview()).thresholds).toEqual({ nsfwHoldPercent: 50, foodMinPercent: 30 });
  });

  it('stores them audited, hands them to the engine, and keeps them off /admin/settings', async () => {
    const res = await putThresholds({ nsfwHoldPercent: 70, foodMinPercent: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json().thresholds).toEqual({ nsfwHoldPercent: 70, foodMinPercent: 40 });
    const audit = await lastAudit('ai_thresholds_changed');
    expect(audit).toMatchObject({ before: { nsfwHoldPercent: 50, foodMinPercent: 30 }, after: { nsfwHoldPercent: 70, foodMinPercent: 40 } });

    const body = await multipartBody([['image', { bytes: await sized(34, 34), filename: 'a.png', type: 'image/png' }]]);
    await t.app.inject({ method: 'POST', url: '/api/analysis/photo', headers: { ...member.headers, ...body.headers }, payload: body.payload });
    expect(engine.calls.at(-1)?.thresholds).toEqual({ nsfwHold: 0.7, foodMin: 0.4 });

    const settings = await t.app.inject({ url: '/api/admin/settings', headers: admin.headers });
    expect(settings.json<{ settings: SettingDto[] }>().settings.map((s) => s.key)).not.toContain('ai_thresholds');
    expect(await db().select().from(adminAuditLogs).where(and(eq(adminAuditLogs.action, 'setting_changed'), eq(adminAuditLogs.targetLabel, 'ai_thresholds')))).toEqual([]);
  });
});
