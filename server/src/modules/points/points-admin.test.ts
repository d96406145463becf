import {
  ADJUSTMENT_TITLE,
  POINT_MESSAGES,
  adjustmentMessage,
  type AdjustmentResponse,
  type LedgerResponse,
  type PointRuleDto,
  type PointRulesResponse,
  type PublicPointRulesResponse,
  type PointsMembersResponse,
  type RecomputeResponse,
} from '@plates/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs, notifications, pointRules, pointTransactions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createPointsAdminRepository } from './points-admin.repository.js';
import { createPointsAdminService } from './points-admin.service.js';
import { createPointsRepository } from './points.repository.js';
import { createPointsService } from './points.service.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

let t: TestApp;
let admin: Cook;
let keeper: Cook;
let moderator: Cook;
let member: Cook;
let rules: PointRuleDto[];

const db = () => t.app.services.database.db;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const ruleOf = (action: string) => rules.find((r) => r.actionType === action)!;
const totals = async (userId: number) => {
  const [row] = await db().select({ points: users.points, level: users.level }).from(users).where(eq(users.id, userId));
  return row!;
};
const auditRows = (action: string) => db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, action)).orderBy(desc(adminAuditLogs.id));

/** The points service as the app wires it, on a clock of the test's. */
function pointsAt(now: () => Date) {
  return createPointsService({
    repo: createPointsRepository(db()),
    notifications: createNotificationsService({ repo: createNotificationsRepository(db()) }),
    now,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  keeper = await makeSignedInUser(t.app);
  await grantRole(t.app, keeper.user.id, 'moderator', { permissions: ['manage_points'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
  rules = (await inject('GET', '/api/admin/points/rules', keeper.headers)).json<PointRulesResponse>().rules;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // Every test starts from the seeded rules.
  for (const rule of rules) {
    await db().update(pointRules).set({ pointsAwarded: rule.pointsAwarded, isActive: true, dailyCap: null }).where(eq(pointRules.id, rule.id));
  }
});

describe('/admin/point-system API', () => {
  it('answers 401 to visitors and 403 to members and moderators without manage_points on every call', async () => {
    const rule = ruleOf('rating_given');
    const calls = [
      ['GET', '/api/admin/points/rules', undefined],
      ['PATCH', `/api/admin/points/rules/${rule.id}`, { pointsAwarded: 6 }],
      ['GET', '/api/admin/points/members?q=a', undefined],
      ['GET', `/api/admin/points/members/${member.user.id}/ledger`, undefined],
      ['POST', `/api/admin/points/members/${member.user.id}/adjustments`, { points: 5, reason: 'x' }],
      ['POST', '/api/admin/points/recompute', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await totals(member.user.id)).toEqual({ points: 0, level: 1 });
    expect(await auditRows('point_rule_updated')).toEqual([]);
  });

  it('lists the seeded rules; a change is bounded, audited, and applies to awards from then on', async () => {
    expect(rules.map((r) => [r.actionType, r.pointsAwarded, r.isActive, r.dailyCap])).toEqual(
      expect.arrayContaining([
        ['post_approved', 100, true, null],
        ['rating_given', 5, true, null],
        ['follow_received', 20, true, null],
      ]),
    );
    const rule = ruleOf('rating_given');
    const url = `/api/admin/points/rules/${rule.id}`;
    for (const body of [{ pointsAwarded: 1001 }, { pointsAwarded: -1001 }, { pointsAwarded: 2.5 }, { dailyCap: 0 }, {}]) {
      const res = await inject('PATCH', url, keeper.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await inject('PATCH', '/api/admin/points/rules/999999', keeper.headers, { isActive: false })).statusCode).toBe(404);

    const cook = await makeUser(t.app);
    const points = pointsAt(() => new Date());
    await points.award({ userId: cook.id, action: 'rating_given', entityType: 'post', entityId: 1 });
    const res = await inject('PATCH', url, keeper.headers, { pointsAwarded: 7, dailyCap: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PointRuleDto>()).toMatchObject({ id: rule.id, pointsAwarded: 7, isActive: true, dailyCap: 50 });
    await points.award({ userId: cook.id, action: 'rating_given', entityType: 'post', entityId: 2 });
    const ledger = await db().select({ points: pointTransactions.points }).from(pointTransactions).where(eq(pointTransactions.userId, cook.id)).orderBy(pointTransactions.id);
    expect(ledger.map((r) => r.points)).toEqual([5, 7]);
    expect(await totals(cook.id)).toEqual({ points: 12, level: 1 });

    // Switched off: no award at all.
    expect((await inject('PATCH', url, keeper.headers, { isActive: false })).statusCode).toBe(200);
    expect(await points.award({ userId: cook.id, action: 'rating_given', entityType: 'post', entityId: 3 })).toBe(0);
    expect(await totals(cook.id)).toEqual({ points: 12, level: 1 });

    const [audit] = await auditRows('point_rule_updated');
    expect(audit).toMatchObject({
      adminId: keeper.user.id,
      targetType: 'point_rule',
      targetId: rule.id,
      before: { pointsAwarded: 7, isActive: true, dailyCap: 50 },
      after: { pointsAwarded: 7, isActive: false, dailyCap: 50 },
    });
    expect(await auditRows('point_rule_updated')).toHaveLength(2);
  });

  it('tells everyone what each action earns now (GET /api/points/rules): active rules only, edits from the next request on', async () => {
    const publicRules = async () => (await inject('GET', '/api/points/rules')).json<PublicPointRulesResponse>().rules;
    expect(await publicRules()).toEqual(
      expect.arrayContaining([
        { actionType: 'post_approved', description: ruleOf('post_approved').description, points: 100, dailyCap: null },
        { actionType: 'rating_given', description: ruleOf('rating_given').description, points: 5, dailyCap: null },
      ]),
    );
    await inject('PATCH', `/api/admin/points/rules/${ruleOf('rating_given').id}`, keeper.headers, { pointsAwarded: 8, dailyCap: 40 });
    await inject('PATCH', `/api/admin/points/rules/${ruleOf('follow_received').id}`, keeper.headers, { isActive: false });
    const after = await publicRules();
    expect(after.find((r) => r.actionType === 'rating_given')).toMatchObject({ points: 8, dailyCap: 40 });
    expect(after.map((r) => r.actionType)).not.toContain('follow_received');
  });

  it('caps a rule per member per UTC day: the award over the cap earns what is left, then nothing until the next day', async () => {
    const rule = ruleOf('rating_given');
    expect((await inject('PATCH', `/api/admin/points/rules/${rule.id}`, keeper.headers, { dailyCap: 12 })).statusCode).toBe(200);
    let clock = new Date('2026-03-01T23:00:00Z');
    const points = pointsAt(() => clock);
    const cook = await makeUser(t.app);
    const award = (entityId: number) => points.award({ userId: cook.id, action: 'rating_given', entityType: 'post', entityId }, undefined);
    expect([await award(1), await award(2), await award(3), await award(4)]).toEqual([5, 5, 2, 0]);
    // Nothing earned writes nothing: the ledger holds three rows.
    expect(await db().select().from(pointTransactions).where(eq(pointTransactions.userId, cook.id))).toHaveLength(3);
    // Another member has their own allowance.
    const other = await makeUser(t.app);
    expect(await points.award({ userId: other.id, action: 'rating_given', entityType: 'post', entityId: 1 })).toBe(5);
    clock = new Date('2026-03-02T00:00:00Z');
    expect(await award(4)).toBe(5);
    expect(await totals(cook.id)).toEqual({ points: 17, level: 1 });
  });

  it('keeps the cap under parallel awards: three follows at once near the cap earn exactly up to it', async () => {
    const rule = ruleOf('follow_received');
    expect((await inject('PATCH', `/api/admin/points/rules/${rule.id}`, keeper.headers, { dailyCap: 50 })).statusCode).toBe(200);
    const star = await makeSignedInUser(t.app);
    const fans = await Promise.all([1, 2, 3, 4].map(() => makeSignedInUser(t.app)));
    expect((await inject('POST', `/api/users/${star.user.id}/follow`, fans[0]!.headers)).statusCode).toBe(200);
    expect(await totals(star.user.id)).toEqual({ points: 20, level: 1 });
    const answers = await Promise.all(fans.slice(1).map((fan) => inject('POST', `/api/users/${star.user.id}/follow`, fan.headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ledger = await db().select({ points: pointTransactions.points }).from(pointTransactions).where(eq(pointTransactions.userId, star.user.id));
    expect(ledger.map((r) => r.points).sort((a, b) => b - a)).toEqual([20, 20, 10]);
    expect(await totals(star.user.id)).toEqual({ points: 50, level: 1 });
  });

  it("finds members by username and pages a member's ledger newest first with running totals and filters", async () => {
    const cook = await makeSignedInUser(t.app);
    const found = (await inject('GET', `/api/admin/points/members?q=${cook.user.username.slice(0, -2).toUpperCase()}`, keeper.headers)).json<PointsMembersResponse>();
    expect(found.members.map((m) => m.id)).toContain(cook.user.id);
    expect((await inject('GET', '/api/admin/points/members?q=%25', keeper.headers)).json<PointsMembersResponse>().members).toEqual([]);

    let clock = new Date('2026-04-01T10:00:00Z');
    const points = pointsAt(() => clock);
    await points.award({ userId: cook.user.id, action: 'rating_given', entityType: 'post', entityId: 1 }); // 5
    clock = new Date('2026-04-02T10:00:00Z');
    await points.award({ userId: cook.user.id, action: 'comment_given', entityType: 'post', entityId: 1 }); // 5
    clock = new Date('2026-04-03T10:00:00Z');
    await points.award({ userId: cook.user.id, action: 'post_approved', entityType: 'post', entityId: 1 }); // 100
    const adjusted = await inject('POST', `/api/admin/points/members/${cook.user.id}/adjustments`, keeper.headers, { points: -3, reason: 'Duplicate plate' });
    expect(adjusted.statusCode, adjusted.body).toBe(201);

    const ledgerUrl = `/api/admin/points/members/${cook.user.id}/ledger`;
    const page = async (query: string) => {
      const res = await inject('GET', `${ledgerUrl}?${query}`, keeper.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LedgerResponse>();
    };
    const first = await page('limit=2');
    expect(first.member).toMatchObject({ id: cook.user.id, points: 107, level: 1 });
    expect(first.entries.map((e) => [e.points, e.balance, e.manual])).toEqual([
      [-3, 107, true],
      [100, 110, false],
    ]);
    expect(first.entries[0]).toMatchObject({ description: 'Duplicate plate', rule: null, relatedEntityType: 'admin_adjustment', relatedEntityId: keeper.user.id });
    expect(first.entries[1]?.rule).toEqual({ id: ruleOf('post_approved').id, actionType: 'post_approved' });
    const second = await page(`limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => [e.points, e.balance])).toEqual([
      [5, 10],
      [5, 5],
    ]);
    expect(second.nextCursor).toBeNull();

    // Filters keep the true balances.
    expect((await page('manual=true')).entries.map((e) => e.points)).toEqual([-3]);
    expect((await page('manual=false')).entries.map((e) => e.points)).toEqual([100, 5, 5]);
    expect((await page(`ruleId=${ruleOf('comment_given').id}`)).entries.map((e) => [e.points, e.balance])).toEqual([[5, 10]]);
    expect((await page('from=2026-04-02&to=2026-04-02')).entries.map((e) => e.balance)).toEqual([10]);
    expect((await page('from=2026-04-01&to=2026-04-02')).entries.map((e) => e.balance)).toEqual([10, 5]);
    expect((await inject('GET', `${ledgerUrl}?cursor=nonsense!`, keeper.headers)).statusCode).toBe(400);
    expect((await inject('GET', `${ledgerUrl}?from=yesterday`, keeper.headers)).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/points/members/999999/ledger', keeper.headers)).statusCode).toBe(404);
  });

  it('adjusts with a reason: ledger row, total and level in one transaction, the member told, an audit row; refused when invalid', async () => {
    const cook = await makeSignedInUser(t.app);
    const url = `/api/admin/points/members/${cook.user.id}/adjustments`;
    for (const body of [{ points: 0, reason: 'x' }, { points: 5 }, { points: 5, reason: '   ' }, { points: 100_001, reason: 'x' }, { points: 1.5, reason: 'x' }]) {
      expect((await inject('POST', url, keeper.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const below = await inject('POST', url, keeper.headers, { points: -1, reason: 'Too far' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: POINT_MESSAGES.belowZero, field: 'points' });
    expect((await inject('POST', '/api/admin/points/members/999999/adjustments', keeper.headers, { points: 5, reason: 'x' })).statusCode).toBe(404);

    const res = await inject('POST', url, keeper.headers, { points: 2600, reason: '  Contest winner  ' });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<AdjustmentResponse>();
    expect(answer.member).toMatchObject({ id: cook.user.id, points: 2600, level: 3 });
    expect(answer.entry).toMatchObject({ points: 2600, balance: 2600, manual: true, description: 'Contest winner' });
    expect(await totals(cook.user.id)).toEqual({ points: 2600, level: 3 });

    const told = await db()
      .select({ type: notifications.type, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, cook.user.id))
      .orderBy(notifications.id);
    expect(told).toEqual([
      { type: 'system', title: ADJUSTMENT_TITLE, message: adjustmentMessage(2600, 'Contest winner') },
      { type: 'achievement', title: 'Level up!', message: 'You reached level 2: Kitchen Helper' },
      { type: 'achievement', title: 'Level up!', message: 'You reached level 3: Home Chef' },
    ]);
    expect(adjustmentMessage(-5, 'Spam')).toBe('An admin adjusted your points (-5): Spam');

    const [audit] = await db().select().from(adminAuditLogs).where(and(eq(adminAuditLogs.action, 'points_adjusted'), eq(adminAuditLogs.targetId, cook.user.id)));
    expect(audit).toMatchObject({
      adminId: keeper.user.id,
      targetType: 'user',
      reason: 'Contest winner',
      before: { points: 0, level: 1 },
      after: { points: 2600, level: 3 },
    });

    // Down again: the level follows, and nothing is announced for a level lost.
    expect((await inject('POST', url, keeper.headers, { points: -2000, reason: 'Correction' })).statusCode).toBe(201);
    expect(await totals(cook.user.id)).toEqual({ points: 600, level: 1 });
    expect(await db().select().from(notifications).where(eq(notifications.userId, cook.user.id))).toHaveLength(4);
  });

  it('recompute rebuilds every total from the ledger to what the incremental path produced, and a second run changes nothing', async () => {
    const cooks = await Promise.all([1, 2, 3].map(() => makeSignedInUser(t.app)));
    const [a, b, c] = cooks as [Cook, Cook, Cook];
    // A plate approved, rated and commented on, follows, and an adjustment.
    const plate = await makePost(t.app, { userId: a.user.id, approvalStatus: 'pending', approvedAt: null });
    expect((await inject('POST', `/api/admin/posts/${plate.id}/approve`, admin.headers)).statusCode).toBe(200);
    expect((await inject('POST', `/api/posts/${plate.id}/rate`, b.headers, { rating: 5, comment: 'Lovely' })).statusCode).toBe(200);
    expect((await inject('POST', `/api/posts/${plate.id}/rate`, c.headers, { rating: 4 })).statusCode).toBe(200);
    expect((await inject('POST', `/api/posts/${plate.id}/rate`, c.headers, { comment: 'Again' })).statusCode).toBe(200);
    expect((await inject('POST', `/api/users/${a.user.id}/follow`, b.headers)).statusCode).toBe(200);
    expect((await inject('POST', `/api/users/${b.user.id}/follow`, c.headers)).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/points/members/${c.user.id}/adjustments`, keeper.headers, { points: 950, reason: 'Bonus' })).statusCode).toBe(201);

    const ids = cooks.map((x) => x.user.id);
    const everyone = async () =>
      db().select({ id: users.id, points: users.points, level: users.level }).from(users).orderBy(users.id);
    const incremental = await everyone();
    const mine = ids.map((id) => incremental.find((r) => r.id === id));
    expect(mine.map((r) => r?.points)).toEqual([100 + 10 + 10 + 20, 5 + 5 + 20, 5 + 5 + 950]);
    expect(mine[2]?.level).toBe(1);

    // Corrupt the stored totals (one of them only in its level), then recompute.
    await db().update(users).set({ points: 9999, level: 4 }).where(eq(users.id, a.user.id));
    await db().update(users).set({ points: 0 }).where(eq(users.id, b.user.id));
    await db().update(users).set({ level: 5 }).where(eq(users.id, c.user.id));
    const res = await inject('POST', '/api/admin/points/recompute', keeper.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RecomputeResponse>()).toEqual({ members: incremental.length, changed: 3 });
    expect(await everyone()).toEqual(incremental);

    const again = await inject('POST', '/api/admin/points/recompute', keeper.headers);
    expect(again.json<RecomputeResponse>()).toEqual({ members: incremental.length, changed: 0 });
    const audits = await auditRows('points_recomputed');
    expect(audits.map((r) => r.details)).toEqual([
      { members: incremental.length, changed: 0 },
      { members: incremental.length, changed: 3 },
    ]);

    // In small batches: the same result, batch boundaries included.
    await db().update(users).set({ points: sql`${users.points} + 1` }).where(inArray(users.id, ids));
    const staff = { id: admin.user.id, isAdmin: true, username: admin.user.username, permissions: new Set([]), roles: ['admin'] };
    const batched = createPointsAdminService({
      repo: createPointsAdminRepository(db()),
      points: createPointsRepository(db()),
      levels: pointsAt(() => new Date()),
      audit: createAudit(createAdminRepository(db())),
      notifications: createNotificationsService({ repo: createNotificationsRepository(db()) }),
      batchSize: 2,
    });
    expect(await batched.recompute(staff, { ip: '127.0.0.1', userAgent: null })).toEqual({ members: incremental.length, changed: 3 });
    expect(await everyone()).toEqual(incremental);
  });
});
