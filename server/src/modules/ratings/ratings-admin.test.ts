import {
  RATING_INTEGRITY_MESSAGES,
  RATINGS_VOIDED_TITLE,
  type BurstsResponse,
  type EvidenceResponse,
  type RingsResponse,
  type SharedResponse,
  type VoidRatingsResponse,
} from '@plates/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs, notifications, pointTransactions, posts, ratings, signInEvents, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

let t: TestApp;
let admin: Cook;
let reviewer: Cook;
let moderator: Cook;
let member: Cook;
/** The planted ring of three, the pair of two, the honest fan and the great cook they like. */
let ring: Cook[];
let pair: Cook[];
let fan: Cook;
let greatCook: Cook;
/** Plates by someone outside every group, rated low by the ring and the fan. */
let outsidePlates: number[];
const platesOf = new Map<number, number[]>();

const DAY = 86_400_000;
const longAgo = () => new Date(Date.now() - 200 * DAY);
const db = () => t.app.services.database.db;
const inject = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function rate(cook: Cook, postId: number, rating: number): Promise<void> {
  const res = await inject('POST', `/api/posts/${postId}/rate`, cook.headers, { rating });
  expect(res.statusCode, res.body).toBe(200);
}

/** An established member (joined 200 days ago) with three plates. */
async function oldCook(): Promise<Cook> {
  const cook = await makeSignedInUser(t.app, { createdAt: longAgo() });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await makePost(t.app, { userId: cook.user.id })).id);
  platesOf.set(cook.user.id, ids);
  return cook;
}

async function rateAll(rater: Cook, author: Cook, rating: number): Promise<void> {
  for (const postId of platesOf.get(author.user.id)!) await rate(rater, postId, rating);
}

const ratingIdsBetween = async (raters: Cook[], authors: Cook[]) =>
  (
    await db()
      .select({ id: ratings.id })
      .from(ratings)
      .innerJoin(posts, eq(posts.id, ratings.postId))
      .where(
        and(
          inArray(
            ratings.userId,
            raters.map((c) => c.user.id),
          ),
          inArray(
            posts.userId,
            authors.map((c) => c.user.id),
          ),
          sql`${ratings.rating} is not null`,
        ),
      )
  ).map((r) => r.id);

const totals = async (userId: number) => {
  const [row] = await db().select({ points: users.points, level: users.level }).from(users).where(eq(users.id, userId));
  return row!;
};
const ledgerSum = async (userId: number) => {
  const [row] = await db()
    .select({ sum: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int` })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId));
  return Number(row!.sum);
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  reviewer = await makeSignedInUser(t.app);
  await grantRole(t.app, reviewer.user.id, 'moderator', { permissions: ['review_ratings'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);

  const outsider = await makeUser(t.app, { createdAt: longAgo() });
  outsidePlates = [];
  for (let i = 0; i < 4; i++) outsidePlates.push((await makePost(t.app, { userId: outsider.id })).id);

  ring = [await oldCook(), await oldCook(), await oldCook()];
  for (const a of ring) {
    for (const b of ring) if (a !== b) await rateAll(a, b, 5);
    for (const postId of outsidePlates.slice(0, 3)) await rate(a, postId, 2);
  }
  // A pair with no other ratings at all: no usual average to compare with, still reciprocal 5s.
  pair = [await oldCook(), await oldCook()];
  await rateAll(pair[0]!, pair[1]!, 5);
  await rateAll(pair[1]!, pair[0]!, 5);

  // An honest fan: loves a great cook's plates (5s, far above their usual 2), and the cook rates
  // the fan's plates as they rate everyone's: not reciprocal, so no pair.
  fan = await oldCook();
  greatCook = await oldCook();
  await rateAll(fan, greatCook, 5);
  for (const postId of outsidePlates.slice(0, 3)) await rate(fan, postId, 2);
  await rateAll(greatCook, fan, 3);
  await rate(greatCook, outsidePlates[3]!, 3);
});
afterAll(async () => {
  await t?.close();
});

describe('/admin/ratings API', () => {
  it('answers 401 to visitors and 403 to members and moderators without review_ratings on every call', async () => {
    const calls = [
      ['GET', '/api/admin/ratings/rings', undefined],
      ['GET', '/api/admin/ratings/bursts', undefined],
      ['GET', '/api/admin/ratings/shared-accounts', undefined],
      ['GET', `/api/admin/ratings/evidence?raterIds=${member.user.id}&authorIds=${member.user.id}`, undefined],
      ['POST', '/api/admin/ratings/void', { ratingIds: [1], reason: 'x' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, reviewer.headers, method === 'POST' ? { ratingIds: [2_000_000], reason: 'x' } : undefined)).statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('finds the planted ring and the pair, with their averages inside and for everyone else, and not the honest fan', async () => {
    const res = await inject('GET', '/api/admin/ratings/rings', reviewer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { findings } = res.json<RingsResponse>();
    expect(findings.map((f) => [f.kind, f.members.map((m) => m.id)])).toEqual([
      ['ring', ring.map((c) => c.user.id)],
      ['pair', pair.map((c) => c.user.id)],
    ]);
    const [ringFinding, pairFinding] = findings;
    expect(ringFinding!.pairs).toHaveLength(3);
    for (const m of ringFinding!.members) {
      expect(m).toMatchObject({ insideCount: 6, insideAverage: 5, usualCount: 3, usualAverage: 2 });
    }
    expect(ringFinding!.pairs[0]!.a).toMatchObject({ count: 3, average: 5, usualAverage: 2, usualCount: 3 });
    expect(pairFinding!.pairs[0]!.a).toMatchObject({ count: 3, average: 5, usualAverage: null, usualCount: 0 });
    const flagged = findings.flatMap((f) => f.members.map((m) => m.id));
    expect(flagged).not.toContain(fan.user.id);
    expect(flagged).not.toContain(greatCook.user.id);
  });

  it('lists the ratings behind a finding, newest first, a page at a time; refuses a bad query', async () => {
    const ids = ring.map((c) => c.user.id).join(',');
    const first = await inject('GET', `/api/admin/ratings/evidence?raterIds=${ids}&authorIds=${ids}&limit=10`, reviewer.headers);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<EvidenceResponse>();
    expect(page1.ratings).toHaveLength(10);
    expect(page1.ratings.every((r) => r.rating === 5)).toBe(true);
    const second = await inject('GET', `/api/admin/ratings/evidence?raterIds=${ids}&authorIds=${ids}&limit=10&cursor=${page1.nextCursor}`, reviewer.headers);
    const page2 = second.json<EvidenceResponse>();
    expect(page2.ratings).toHaveLength(8);
    expect(page2.nextCursor).toBeNull();
    expect(Math.min(...page1.ratings.map((r) => r.id))).toBeGreaterThan(Math.max(...page2.ratings.map((r) => r.id)));

    for (const url of [
      '/api/admin/ratings/evidence',
      `/api/admin/ratings/evidence?raterIds=${ids}`,
      '/api/admin/ratings/evidence?raterIds=a,b&postId=1',
      `/api/admin/ratings/evidence?raterIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}&postId=1`,
      `/api/admin/ratings/evidence?raterIds=${ids}&postId=1&cursor=not*a*cursor`,
    ]) {
      const res = await inject('GET', url, reviewer.headers);
      expect(res.statusCode, url).toBe(400);
    }
    const scope = await inject('GET', `/api/admin/ratings/evidence?raterIds=${ids}`, reviewer.headers);
    expect(scope.json<{ message: string }>().message).toBe(RATING_INTEGRITY_MESSAGES.scopeRequired);
  });

  it('finds a burst of ratings from new accounts, with the window and the raters’ ages; not a popular plate of established members', async () => {
    const cook = await makeUser(t.app, { createdAt: longAgo() });
    const target = await makePost(t.app, { userId: cook.id });
    const popular = await makePost(t.app, { userId: cook.id });
    const nearly = await makePost(t.app, { userId: cook.id });
    const fresh = [];
    for (let i = 0; i < 4; i++) fresh.push(await makeSignedInUser(t.app));
    for (const f of fresh) await rate(f, target.id, 5);
    for (const f of fresh.slice(0, 3)) await rate(f, nearly.id, 5);
    for (const c of [...ring, fan, greatCook]) await rate(c, popular.id, 5);

    const res = await inject('GET', '/api/admin/ratings/bursts', reviewer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { findings } = res.json<BurstsResponse>();
    expect(findings.map((f) => f.post.id)).toEqual([target.id]);
    const [burst] = findings;
    expect(burst).toMatchObject({ count: 4, average: 5, post: { id: target.id, ratingCount: 4, averageRating: 5, author: { id: cook.id } } });
    expect(burst!.raters.map((r) => r.id)).toEqual(fresh.map((f) => f.user.id));
    expect(burst!.raters.every((r) => r.accountAgeHours < 1)).toBe(true);
    expect(Date.parse(burst!.windowEnd)).toBeGreaterThanOrEqual(Date.parse(burst!.windowStart));

    const evidence = await inject('GET', `/api/admin/ratings/evidence?raterIds=${fresh.map((f) => f.user.id).join(',')}&postId=${target.id}`, reviewer.headers);
    expect(evidence.json<EvidenceResponse>().ratings.map((r) => r.post.id)).toEqual([target.id, target.id, target.id, target.id]);
    // The burst's plate is cleaned up for the tests after this one.
    await db().delete(posts).where(inArray(posts.id, [target.id, popular.id, nearly.id]));
  });

  it('finds accounts signed in from one address with one browser, not a household on two devices', async () => {
    await t.app.services.jobs.drain();
    await db().delete(signInEvents);
    const login = async (username: string, remoteAddress: string, agent: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: DEFAULT_PASSWORD }, remoteAddress, headers: { 'user-agent': agent } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const main = await makeUser(t.app);
    const sock = await makeUser(t.app);
    const partner = await makeUser(t.app);
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';
    await login(main.username, '203.0.113.7', agent);
    await login(sock.username, '203.0.113.7', agent);
    await login(sock.username, '203.0.113.7', agent);
    await login(partner.username, '203.0.113.7', 'Mozilla/5.0 (iPhone) Safari/18');
    await login(fan.user.username, '198.51.100.2', agent);
    // Long ago: outside the window.
    await t.app.services.jobs.drain();
    await db().insert(signInEvents).values([
      { userId: fan.user.id, success: true, ip: '192.0.2.9', userAgent: 'old', createdAt: new Date(Date.now() - 120 * DAY) },
      { userId: greatCook.user.id, success: true, ip: '192.0.2.9', userAgent: 'old', createdAt: new Date(Date.now() - 120 * DAY) },
      { userId: greatCook.user.id, success: false, ip: '198.51.100.2', userAgent: agent },
    ]);

    const res = await inject('GET', '/api/admin/ratings/shared-accounts', reviewer.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { findings } = res.json<SharedResponse>();
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ip: '203.0.113.7', userAgent: agent });
    expect(findings[0]!.accounts.map((a) => [a.id, a.signIns])).toEqual([
      [main.id, 1],
      [sock.id, 2],
    ]);
  });

  it('refuses a bad void with 400 and changes nothing', async () => {
    for (const body of [{}, { ratingIds: [], reason: 'x' }, { ratingIds: [1], reason: '  ' }, { ratingIds: [0], reason: 'x' }, { ratingIds: Array.from({ length: 201 }, (_, i) => i + 1), reason: 'x' }, { ratingIds: [1], reason: 'x'.repeat(501) }]) {
      const res = await inject('POST', '/api/admin/ratings/void', reviewer.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await inject('POST', '/api/admin/ratings/void', reviewer.headers, { ratingIds: [], reason: 'x' });
    expect(empty.json<{ message: string }>().message).toBe(RATING_INTEGRITY_MESSAGES.ratingsRequired);
    expect(await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'ratings_voided'))).toEqual([]);
  });

  it('voids the ring: plates recounted, points taken back through the ledger, each member told once, one audit row; again changes nothing', async () => {
    const ringIds = await ratingIdsBetween(ring, ring);
    expect(ringIds).toHaveLength(18);
    // One of the ratings also carries a comment: the comment stays, the stars go.
    const [withComment] = ringIds;
    await db().update(ratings).set({ comment: 'Lovely!' }).where(eq(ratings.id, withComment!));
    const plate = platesOf.get(ring[0]!.user.id)![0]!;
    // The plate also has an honest 3 from the fan.
    await rate(fan, plate, 3);
    const before = await Promise.all(ring.map((c) => totals(c.user.id)));
    const fanBefore = await totals(fan.user.id);
    for (const c of ring) expect((await totals(c.user.id)).points).toBe(await ledgerSum(c.user.id));

    const res = await inject('POST', '/api/admin/ratings/void', reviewer.headers, { ratingIds: [...ringIds, 2_000_000], reason: 'Rating ring' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<VoidRatingsResponse>();
    // Each ring member gave 6 ratings (5 points per plate rated) and received 6 (10 points each): 90.
    expect(answer).toMatchObject({ voided: 18, skipped: 1, pointsTakenBack: 270, membersNotified: 3 });
    expect(answer.posts.find((p) => p.id === plate)).toEqual({ id: plate, ratingCount: 1, averageRating: 3 });

    const [stored] = await db().select({ ratingCount: posts.ratingCount, ratingSum: posts.ratingSum }).from(posts).where(eq(posts.id, plate));
    expect(stored).toEqual({ ratingCount: 1, ratingSum: 3 });
    expect(await ratingIdsBetween(ring, ring)).toEqual([]);
    const [kept] = await db().select({ rating: ratings.rating, comment: ratings.comment }).from(ratings).where(eq(ratings.id, withComment!));
    expect(kept).toEqual({ rating: null, comment: 'Lovely!' });

    for (const [i, c] of ring.entries()) {
      const after = await totals(c.user.id);
      expect(after.points).toBe(before[i]!.points - 90);
      expect(after.points).toBe(await ledgerSum(c.user.id));
      const taken = await db()
        .select({ points: pointTransactions.points })
        .from(pointTransactions)
        .where(and(eq(pointTransactions.userId, c.user.id), sql`${pointTransactions.points} < 0`));
      expect(taken.map((r) => r.points).sort()).toEqual([...Array(6).fill(-10), ...Array(6).fill(-5)].sort());
      const told = await db().select().from(notifications).where(and(eq(notifications.userId, c.user.id), eq(notifications.title, RATINGS_VOIDED_TITLE)));
      expect(told).toHaveLength(1);
      expect(told[0]!.message).toBe('6 of your ratings were removed; 6 ratings of your plates were removed and 90 points taken back: Rating ring');
    }
    // The fan's honest rating and points stand.
    expect(await totals(fan.user.id)).toEqual(fanBefore);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, fan.user.id), eq(notifications.title, RATINGS_VOIDED_TITLE)))).toEqual([]);

    const audits = await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'ratings_voided')).orderBy(desc(adminAuditLogs.id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ adminId: reviewer.user.id, reason: 'Rating ring' });
    const details = audits[0]!.details as { ratings: { id: number; rating: number; commentKept: boolean }[]; pointsTakenBack: number; skipped: number };
    expect(details.ratings.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ringIds].sort((a, b) => a - b));
    expect(details.ratings.every((r) => r.rating === 5)).toBe(true);
    expect(details.ratings.find((r) => r.id === withComment)?.commentKept).toBe(true);
    expect(details).toMatchObject({ pointsTakenBack: 270, skipped: 1 });

    // Again: nothing left to void, no second audit row, no second notification.
    const again = await inject('POST', '/api/admin/ratings/void', reviewer.headers, { ratingIds: ringIds, reason: 'Rating ring' });
    expect(again.json<VoidRatingsResponse>()).toEqual({ voided: 0, skipped: 18, posts: [], pointsTakenBack: 0, membersNotified: 0 });
    expect(await db().select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'ratings_voided'))).toHaveLength(1);
    for (const c of ring) expect((await totals(c.user.id)).points).toBe(before[ring.indexOf(c)]!.points - 90);

    // Re-rating a voided plate earns nothing again (the ledger still knows the plate was rated).
    await rate(ring[1]!, plate, 5);
    expect((await totals(ring[1]!.user.id)).points).toBe(before[1]!.points - 90);

    // The ring is gone from the detector.
    const rings = (await inject('GET', '/api/admin/ratings/rings', reviewer.headers)).json<RingsResponse>();
    expect(rings.findings.map((f) => f.kind)).toEqual(['pair']);
  });

  it('takes the level down with the points; admins may void too', async () => {
    const [a, b] = pair;
    // b stands just above level 2 (1000 points): the take-back brings them under it.
    await db().update(users).set({ points: 1010, level: 2 }).where(eq(users.id, b!.user.id));
    const ids = await ratingIdsBetween([a!], [b!]);
    const res = await inject('POST', '/api/admin/ratings/void', admin.headers, { ratingIds: ids, reason: 'Pair' });
    expect(res.statusCode, res.body).toBe(200);
    // b lost the 3 × 10 received; a the 3 × 5 given.
    expect(await totals(b!.user.id)).toEqual({ points: 980, level: 1 });
    expect(res.json<VoidRatingsResponse>()).toMatchObject({ voided: 3, pointsTakenBack: 45, membersNotified: 2 });
    // The cook reads why in their notifications (and the push after the commit has had its turn).
    const mine = await inject('GET', '/api/notifications', b!.headers);
    expect(mine.json<{ notifications: { title: string; message: string }[] }>().notifications.find((n) => n.title === RATINGS_VOIDED_TITLE)?.message).toBe(
      '3 ratings of your plates were removed and 30 points taken back: Pair',
    );
  });
});
