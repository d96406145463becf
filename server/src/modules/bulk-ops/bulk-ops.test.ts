import {
  BULK_BATCH_CAP,
  BULK_MESSAGES,
  BULK_UNDO_MS,
  type BulkBatchesResponse,
  type BulkPreviewBody,
  type BulkPreviewResponse,
  type BulkRunResponse,
  type BulkUndoResponse,
} from '@plates/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLogs,
  bulkOperations,
  featuredPosts,
  notifications,
  pointTransactions,
  posts,
  ratings,
  reports,
  securityEvents,
  users,
  userWarnings,
} from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { createFeaturedRepository } from '../featured/featured.repository.js';
import { createFeaturedService } from '../featured/featured.service.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createPointsRepository } from '../points/points.repository.js';
import { createPointsService } from '../points/points.service.js';
import { createBulkOpsRepository } from './bulk-ops.repository.js';
import { createBulkOpsService } from './bulk-ops.service.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

let t: TestApp;
let admin: Cook;
let operator: Cook;
let moderator: Cook;
let member: Cook;

const db = () => t.app.services.database.db;
const meta = { ip: '127.0.0.1', userAgent: 'test' };
const inject = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const preview = (body: BulkPreviewBody, headers: Headers = operator.headers) => inject('POST', '/api/admin/bulk-ops/preview', headers, body);
const run = (body: BulkPreviewBody & { expectedCount: number }, headers: Headers = operator.headers) => inject('POST', '/api/admin/bulk-ops', headers, body);
const statuses = async (ids: number[]) =>
  (await db().select({ id: posts.id, s: posts.approvalStatus }).from(posts).where(inArray(posts.id, ids)).orderBy(posts.id)).map((r) => r.s);
const noticesOf = (userId: number, title: string) =>
  db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const auditOf = (action: string) => db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, action)).orderBy(desc(adminAuditLogs.id));

/** A cook with `n` pending plates. */
async function cookWithPending(n: number, overrides: Parameters<typeof makePost>[1] = {}) {
  const cook = await makeUser(t.app);
  const plates = [];
  for (let i = 0; i < n; i += 1) plates.push(await makePost(t.app, { userId: cook.id, approvalStatus: 'pending', approvedAt: null, ...overrides }));
  return { cook, plates, ids: plates.map((p) => p.id) };
}

/** The service as the app wires it, on a clock `ms` ahead (the undo window). */
function bulkOpsIn(ms: number) {
  const notify = createNotificationsService({ repo: createNotificationsRepository(db()) });
  const audit = createAudit(createAdminRepository(db()));
  return createBulkOpsService({
    repo: createBulkOpsRepository(db()),
    audit,
    notifications: notify,
    posts: t.app.services.posts,
    points: createPointsService({ repo: createPointsRepository(db()), notifications: notify }),
    featured: createFeaturedService({ repo: createFeaturedRepository(db()), audit, notifications: notify, postsByIds: t.app.services.posts.postsByIds }),
    moderation: t.app.services.moderation,
    now: () => new Date(Date.now() + ms),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  operator = await makeSignedInUser(t.app);
  await grantRole(t.app, operator.user.id, 'moderator', { permissions: ['run_bulk_ops'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('/admin/bulk-ops API', () => {
  it('answers 401 to visitors and 403 to members and moderators without run_bulk_ops on every call', async () => {
    const body = { filter: { target: 'plates', author: member.user.username }, action: 'approve' };
    const calls = [
      ['POST', '/api/admin/bulk-ops/preview', body],
      ['POST', '/api/admin/bulk-ops', { ...body, expectedCount: 1 }],
      ['GET', '/api/admin/bulk-ops', undefined],
      ['POST', '/api/admin/bulk-ops/1/undo', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await inject(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.headers, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await inject('GET', '/api/admin/bulk-ops', admin.headers)).statusCode).toBe(200);
    expect(await db().select().from(bulkOperations)).toEqual([]);
  });

  it('refuses bad input with 400 and the catalogue words', async () => {
    const bad: [unknown, string][] = [
      [{ filter: { target: 'comments' }, action: 'approve' }, BULK_MESSAGES.actionNotForTarget],
      [{ filter: { target: 'members', status: 'pending' }, action: 'suspend' }, BULK_MESSAGES.statusOnlyPlates],
      [{ filter: { target: 'plates', from: '2024-05-02', to: '2024-05-01' }, action: 'approve' }, BULK_MESSAGES.datesOrder],
      [{ filter: { target: 'plates', from: 'yesterday' }, action: 'approve' }, BULK_MESSAGES.badDate],
      [{ filter: { target: 'lunches' }, action: 'approve' }, ''],
    ];
    for (const [payload, message] of bad) {
      const res = await inject('POST', '/api/admin/bulk-ops/preview', operator.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json<{ message: string }>().message).toBe(message);
    }
    const noReason = await run({ filter: { target: 'plates', author: member.user.username }, action: 'reject', expectedCount: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string; field?: string }>()).toMatchObject({ message: BULK_MESSAGES.reasonRequired });
    expect((await inject('POST', '/api/admin/bulk-ops/999999/undo', operator.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/bulk-ops?cursor=%%%', operator.headers)).statusCode).toBe(400);
  });

  it('selects by author, creation days, report count, filter hit and approval status; the dry run changes nothing', async () => {
    const { cook, ids } = await cookWithPending(3);
    const [a, b, c] = ids as [number, number, number];
    await db().update(posts).set({ createdAt: new Date('2024-01-10T12:00:00Z') }).where(eq(posts.id, a));
    await db().update(posts).set({ createdAt: new Date('2024-03-10T12:00:00Z') }).where(eq(posts.id, b));
    const reporter = await makeUser(t.app);
    const reporter2 = await makeUser(t.app);
    await db().insert(reports).values([
      { userId: reporter.id, targetType: 'post', targetId: b, reason: 'spam' },
      { userId: reporter2.id, targetType: 'post', targetId: b, reason: 'spam' },
      { userId: reporter.id, targetType: 'post', targetId: c, reason: 'spam' },
    ]);
    await db().insert(securityEvents).values({ eventType: 'content_filter_hit', userId: cook.id, metadata: { entityType: 'post', entityId: c } });
    const count = async (filter: Record<string, unknown>, action: BulkPreviewBody['action'] = 'approve') => {
      const res = await preview({ filter: { target: 'plates', author: cook.username.toUpperCase(), ...filter }, action });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BulkPreviewResponse>();
    };
    const all = await count({});
    expect(all.total).toBe(3);
    expect(all.sample.map((s) => [s.id, s.current, s.becomes, s.owner.username])).toEqual(ids.map((id) => [id, 'pending', 'approved', cook.username]));
    expect((await count({ from: '2024-01-10', to: '2024-01-10' })).sample.map((s) => s.id)).toEqual([a]);
    expect((await count({ from: '2024-01-11', to: '2024-03-10' })).sample.map((s) => s.id)).toEqual([b]);
    expect((await count({ minReports: 2 })).sample.map((s) => [s.id, s.reports])).toEqual([[b, 2]]);
    expect((await count({ minReports: 1 })).total).toBe(2);
    expect((await count({ filterHit: true })).sample.map((s) => [s.id, s.filterHits])).toEqual([[c, 1]]);
    expect((await count({ filterHit: false })).total).toBe(2);
    expect((await count({ status: 'approved' })).total).toBe(0);
    expect((await count({ status: 'pending' }, 'reject')).total).toBe(3);
    expect((await preview({ filter: { target: 'plates', author: 'nobody-has-this-name' }, action: 'approve' })).json<BulkPreviewResponse>().total).toBe(0);
    // Nothing changed: the plates, the batches, the audit log, the cook's notifications.
    expect(await statuses(ids)).toEqual(['pending', 'pending', 'pending']);
    expect(await db().select().from(bulkOperations)).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, cook.id))).toEqual([]);
  });

  it('runs one audited batch, tells each member once, and refuses with 409 when the selection grew since the preview', async () => {
    const { cook, ids } = await cookWithPending(3);
    const filter = { target: 'plates' as const, author: cook.username };
    const seen = (await preview({ filter, action: 'reject', reason: 'Blurry photos' })).json<BulkPreviewResponse>();
    expect(seen.total).toBe(3);
    const extra = await makePost(t.app, { userId: cook.id, approvalStatus: 'pending', approvedAt: null });
    const grown = await run({ filter, action: 'reject', reason: 'Blurry photos', expectedCount: 3 });
    expect(grown.statusCode).toBe(409);
    expect(grown.json<{ message: string }>().message).toBe(BULK_MESSAGES.selectionChanged);
    expect(await statuses([...ids, extra.id])).toEqual(['pending', 'pending', 'pending', 'pending']);

    const res = await run({ filter, action: 'reject', reason: 'Blurry photos', expectedCount: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const { batch } = res.json<BulkRunResponse>();
    expect(batch).toMatchObject({ target: 'plates', action: 'reject', affected: 4, reason: 'Blurry photos', canUndo: true, undoneAt: null });
    expect(batch.admin?.id).toBe(operator.user.id);
    expect(await statuses([...ids, extra.id])).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    const [audit] = await auditOf('bulk_operation_run');
    expect(audit).toMatchObject({ adminId: operator.user.id, targetType: 'bulk_operation', targetId: batch.id, reason: 'Blurry photos' });
    expect(audit!.details).toMatchObject({ batchId: batch.id, affected: 4, ids: [...ids, extra.id] });
    const told = await noticesOf(cook.id, BULK_MESSAGES.changedTitle);
    expect(told.map((n) => n.message)).toEqual(['4 of your plates were not approved: Blurry photos']);
    // Nothing left to select: a second run is refused, not a 500.
    expect((await run({ filter, action: 'reject', reason: 'Again', expectedCount: 4 })).statusCode).toBe(409);
    const list = (await inject('GET', '/api/admin/bulk-ops', operator.headers)).json<BulkBatchesResponse>();
    expect(list.batches[0]?.id).toBe(batch.id);
  });

  it('refuses a batch over the cap with 400 and changes nothing', async () => {
    const cook = await makeUser(t.app);
    await db().execute(
      sql`insert into posts (user_id, title, image_url, approval_status) select ${cook.id}, 'Bulk ' || n, '/uploads/x.webp', 'pending' from generate_series(1, ${BULK_BATCH_CAP + 1}) as n`,
    );
    const filter = { target: 'plates' as const, author: cook.username };
    expect((await preview({ filter, action: 'approve' })).json<BulkPreviewResponse>()).toMatchObject({ total: BULK_BATCH_CAP + 1, cap: BULK_BATCH_CAP });
    const res = await run({ filter, action: 'approve', expectedCount: BULK_BATCH_CAP });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(BULK_MESSAGES.overCap);
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(posts).where(and(eq(posts.userId, cook.id), eq(posts.approvalStatus, 'pending')));
    expect(row!.n).toBe(BULK_BATCH_CAP + 1);
  });

  it('undo puts every item back, takes back approval points, skips and names what someone changed since, and runs once', async () => {
    const { cook, ids } = await cookWithPending(3);
    const filter = { target: 'plates' as const, author: cook.username };
    const res = await run({ filter, action: 'approve', expectedCount: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const { batch } = res.json<BulkRunResponse>();
    expect(await statuses(ids)).toEqual(['approved', 'approved', 'approved']);
    const [{ points: earned }] = (await db().select({ points: users.points }).from(users).where(eq(users.id, cook.id))) as [{ points: number }];
    expect(earned).toBeGreaterThan(0);
    // Another moderator rejects one plate after the batch.
    const changed = ids[1]!;
    expect((await inject('POST', `/api/admin/posts/${changed}/reject`, admin.headers, { reason: 'Not food' })).statusCode).toBe(200);

    const undo = await inject('POST', `/api/admin/bulk-ops/${batch.id}/undo`, operator.headers);
    expect(undo.statusCode, undo.body).toBe(200);
    const body = undo.json<BulkUndoResponse>();
    expect(body.batch).toMatchObject({ restored: 2, skipped: 1, canUndo: false, undoUntil: null });
    expect(body.batch.undoneBy?.id).toBe(operator.user.id);
    expect(body.skipped).toEqual([{ id: changed, label: expect.any(String), why: BULK_MESSAGES.skippedChanged }]);
    expect(await statuses(ids)).toEqual(['pending', 'rejected', 'pending']);
    const ledger = await db().select().from(pointTransactions).where(eq(pointTransactions.userId, cook.id));
    expect(ledger.map((l) => l.relatedEntityId)).toEqual([changed]);
    const [after] = await db().select({ points: users.points }).from(users).where(eq(users.id, cook.id));
    expect(after!.points).toBe(ledger.reduce((sum, l) => sum + l.points, 0));
    const [audit] = await auditOf('bulk_operation_undone');
    expect(audit!.details).toMatchObject({ batchId: batch.id, restored: [ids[0], ids[2]], skipped: [changed] });
    expect((await noticesOf(cook.id, BULK_MESSAGES.undoneTitle)).map((n) => n.message)).toEqual([
      'A moderator undid an earlier action: 2 of your plates are back as they were.',
    ]);

    const again = await inject('POST', `/api/admin/bulk-ops/${batch.id}/undo`, operator.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(BULK_MESSAGES.alreadyUndone);
  });

  it('refuses an undo 24 hours after the run (a clock moved ahead), and allows it just before', async () => {
    const { cook, ids } = await cookWithPending(2);
    const res = await run({ filter: { target: 'plates', author: cook.username }, action: 'remove', reason: 'Spam', expectedCount: 2 });
    const { batch } = res.json<BulkRunResponse>();
    const staff = { id: operator.user.id, isAdmin: false, roles: ['moderator'], permissions: new Set(['run_bulk_ops']) } as never;

    const late = bulkOpsIn(BULK_UNDO_MS + 1000);
    expect((await late.list(undefined)).batches.find((b) => b.id === batch.id)).toMatchObject({ canUndo: false });
    await expect(late.undo(staff, batch.id, meta)).rejects.toMatchObject({ code: 'CONFLICT', message: BULK_MESSAGES.undoExpired });
    expect(await statuses(ids)).toEqual(['rejected', 'rejected']);

    const inTime = bulkOpsIn(BULK_UNDO_MS - 60_000);
    expect((await inTime.list(undefined)).batches.find((b) => b.id === batch.id)).toMatchObject({ canUndo: true });
    expect((await inTime.undo(staff, batch.id, meta)).batch.restored).toBe(2);
    expect(await statuses(ids)).toEqual(['pending', 'pending']);
  });

  it('removes comments and brings them back', async () => {
    const cook = await makeUser(t.app);
    const plate = await makePost(t.app);
    const [c1, c2] = await db()
      .insert(ratings)
      .values([
        { postId: plate.id, userId: cook.id, comment: 'Buy cheap watches here' },
        { postId: plate.id, userId: cook.id, comment: 'Buy cheap watches there' },
      ])
      .returning();
    const filter = { target: 'comments' as const, author: cook.username };
    const seen = (await preview({ filter, action: 'remove', reason: 'Spam' })).json<BulkPreviewResponse>();
    expect(seen.sample.map((s) => [s.id, s.current, s.becomes])).toEqual([
      [c1!.id, 'visible', 'removed'],
      [c2!.id, 'visible', 'removed'],
    ]);
    const res = await run({ filter, action: 'remove', reason: 'Spam', expectedCount: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const removed = await db().select({ removedAt: ratings.removedAt }).from(ratings).where(inArray(ratings.id, [c1!.id, c2!.id]));
    expect(removed.every((r) => r.removedAt !== null)).toBe(true);
    expect((await noticesOf(cook.id, BULK_MESSAGES.changedTitle)).map((n) => n.message)).toEqual(['2 of your comments were removed: Spam']);
    const undo = await inject('POST', `/api/admin/bulk-ops/${res.json<BulkRunResponse>().batch.id}/undo`, operator.headers);
    expect(undo.json<BulkUndoResponse>().batch.restored).toBe(2);
    const back = await db().select({ removedAt: ratings.removedAt }).from(ratings).where(inArray(ratings.id, [c1!.id, c2!.id]));
    expect(back.every((r) => r.removedAt === null)).toBe(true);
  });

  it('suspends members (never admins or yourself) with a strike each, and the undo lifts it', async () => {
    const day = '2021-02-03';
    const spammers = [await makeUser(t.app), await makeUser(t.app)];
    const boss = await makeUser(t.app, { isAdmin: true });
    await db()
      .update(users)
      .set({ createdAt: new Date(`${day}T08:00:00Z`) })
      .where(inArray(users.id, [...spammers.map((s) => s.id), boss.id, operator.user.id]));
    const filter = { target: 'members' as const, from: day, to: day };
    const seen = (await preview({ filter, action: 'suspend', reason: 'Spam ring', days: 7 })).json<BulkPreviewResponse>();
    expect(seen.sample.map((s) => [s.id, s.current, s.becomes])).toEqual(spammers.map((s) => [s.id, 'active', 'suspended']));
    const res = await run({ filter, action: 'suspend', reason: 'Spam ring', days: 7, expectedCount: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BulkRunResponse>().batch.days).toBe(7);
    const rows = await db().select({ s: users.accountStatus, until: users.suspendedUntil }).from(users).where(inArray(users.id, spammers.map((s) => s.id)));
    expect(rows.every((r) => r.s === 'suspended' && r.until !== null)).toBe(true);
    for (const spammer of spammers) {
      // Told once: the strike's own notice (with the appeal).
      expect(await db().select().from(notifications).where(eq(notifications.userId, spammer.id))).toHaveLength(1);
      expect(await db().select().from(userWarnings).where(and(eq(userWarnings.userId, spammer.id), eq(userWarnings.warningType, 'suspend')))).toHaveLength(1);
    }
    const undo = await inject('POST', `/api/admin/bulk-ops/${res.json<BulkRunResponse>().batch.id}/undo`, operator.headers);
    expect(undo.json<BulkUndoResponse>().batch.restored).toBe(2);
    const back = await db().select({ s: users.accountStatus }).from(users).where(inArray(users.id, spammers.map((s) => s.id)));
    expect(back.map((r) => r.s)).toEqual(['active', 'active']);
    // Told what was lifted, not that all is as it was (another suspension of theirs may still hold).
    expect((await noticesOf(spammers[0]!.id, BULK_MESSAGES.undoneTitle)).map((n) => n.message)).toEqual([
      'A moderator undid an earlier action: the suspension it put on your account is lifted.',
    ]);
  });

  it('features approved public plates and the undo takes the featuring down', async () => {
    const cook = await makeUser(t.app);
    const plate = await makePost(t.app, { userId: cook.id });
    await makePost(t.app, { userId: cook.id, approvalStatus: 'pending', approvedAt: null });
    const filter = { target: 'plates' as const, author: cook.username };
    expect((await preview({ filter, action: 'feature' })).json<BulkPreviewResponse>().sample.map((s) => s.id)).toEqual([plate.id]);
    const res = await run({ filter, action: 'feature', expectedCount: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const featuredRow = async () => (await db().select().from(featuredPosts).where(eq(featuredPosts.postId, plate.id)))[0];
    expect(await featuredRow()).toMatchObject({ isActive: true, featuredBy: operator.user.id });
    expect((await noticesOf(cook.id, BULK_MESSAGES.changedTitle)).map((n) => [n.message, n.postId])).toEqual([
      ['Your plate was featured at the top of the home feed.', plate.id],
    ]);
    const undo = await inject('POST', `/api/admin/bulk-ops/${res.json<BulkRunResponse>().batch.id}/undo`, operator.headers);
    expect(undo.json<BulkUndoResponse>().batch.restored).toBe(1);
    expect(await featuredRow()).toMatchObject({ isActive: false, unfeaturedBy: operator.user.id });
  });
});
