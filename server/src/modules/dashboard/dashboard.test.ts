// /admin's figures: GET /api/admin/stats (view_dashboard). The service is run over the real
// database with a fixed clock in 2030, so only the rows made here at known instants fall in its
// periods: UTC day buckets with zeros, the previous period's totals, active members, queue ages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, DASHBOARD_METRICS, MESSAGES, type StatsResponse } from '@plates/common';
import { chatMessages, chatSessions, commentReplies, ratings, reports, signInEvents, userWarnings, verificationRequests } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { createDashboardRepository } from './dashboard.repository.js';
import { createDashboardService } from './dashboard.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;
let analyst: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;

const NOW = new Date('2030-06-15T12:00:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  analyst = await makeSignedInUser(t.app);
  await grantRole(t.app, analyst.user.id, 'analyst', { permissions: ['view_dashboard'] });
  member = await makeSignedInUser(t.app);
  await seed();
});
afterAll(async () => t?.close());

/**
 * With 7 days at NOW the period is 2030-06-09..15 and the one before it 2030-06-02..08.
 * u1 posts on the 10th (approved on the 11th) and replies on the 13th; u2 rates in the previous
 * period and comments on the 13th, and chats on the 14th; u3 rates on the 13th and signs in on the
 * 15th; u4 (older) posts a plate still pending on the 12th.
 */
async function seed() {
  const db = t.app.services.database.db;
  const u1 = await makeUser(t.app, { createdAt: at('2030-06-09T00:00:00Z') }); // first second of the period
  const u2 = await makeUser(t.app, { createdAt: at('2030-06-08T23:59:59Z') }); // last second of the one before
  const u3 = await makeUser(t.app, { createdAt: at('2030-06-15T01:00:00Z') }); // today
  const u4 = await makeUser(t.app, { createdAt: at('2030-06-01T12:00:00Z') }); // before both periods
  const plate = await makePost(t.app, { userId: u1.id, createdAt: at('2030-06-10T10:00:00Z'), approvedAt: at('2030-06-11T09:00:00Z') });
  await makePost(t.app, { userId: u4.id, approvalStatus: 'pending', approvedAt: null, createdAt: at('2030-06-12T08:00:00Z') });
  await db.insert(ratings).values({ postId: plate.id, userId: u2.id, rating: 3, createdAt: at('2030-06-05T10:00:00Z') });
  const [rated] = await db
    .insert(ratings)
    .values({ postId: plate.id, userId: u3.id, rating: 5, comment: 'Lovely', createdAt: at('2030-06-13T20:00:00Z') })
    .returning();
  await db.insert(ratings).values({ postId: plate.id, userId: u2.id, comment: 'Again?', createdAt: at('2030-06-13T22:30:00Z') });
  await db.insert(commentReplies).values({ ratingId: rated!.id, userId: u1.id, content: 'Thanks', createdAt: at('2030-06-13T21:00:00Z') });
  const [session] = await db.insert(chatSessions).values({ user1Id: u1.id, user2Id: u2.id }).returning();
  await db.insert(chatMessages).values({ sessionId: session!.id, senderId: u2.id, receiverId: u1.id, content: 'Hi', createdAt: at('2030-06-14T23:59:59Z') });
  await db.insert(signInEvents).values([
    { userId: u3.id, success: true, createdAt: at('2030-06-15T00:00:00Z') },
    { userId: u4.id, success: false, failureReason: 'password', createdAt: at('2030-06-15T00:00:00Z') },
  ]);
  await db.insert(reports).values([
    { userId: u1.id, targetType: 'post', targetId: plate.id, reason: 'spam', createdAt: at('2030-06-14T10:00:00Z') },
    {
      userId: u1.id,
      targetType: 'user',
      targetId: u4.id,
      reason: 'fake',
      status: 'dismissed',
      createdAt: at('2030-06-07T10:00:00Z'),
      reviewedAt: at('2030-06-10T00:30:00Z'),
    },
  ]);
  await db.insert(userWarnings).values({ userId: u4.id, reason: 'Spam', appealText: 'Not me', appealStatus: 'pending', appealedAt: at('2030-06-14T12:00:00Z') });
  // one verification request waiting since this morning; an earlier, decided one is not in the queue
  await db.insert(verificationRequests).values([
    { userId: u1.id, reason: 'Chef', links: [], status: 'declined', decisionReason: 'Too soon', createdAt: at('2030-06-01T09:00:00Z') },
    { userId: u2.id, reason: 'Food writer', links: [], createdAt: at('2030-06-15T06:00:00Z') },
  ]);
}

const service = () => createDashboardService({ repo: createDashboardRepository(t.app.services.database.db), now: () => NOW });

function column(stats: StatsResponse, metric: (typeof DASHBOARD_METRICS)[number]) {
  return Object.fromEntries(stats.series.filter((d) => d[metric] > 0).map((d) => [d.date, d[metric]]));
}

describe('the dashboard service over real rows and a fixed clock', () => {
  it('buckets each metric by UTC day over the last 7 days, zero-filled, oldest first', async () => {
    const stats = await service().stats(7);
    expect(stats).toMatchObject({ days: 7, from: '2030-06-09', to: '2030-06-15', generatedAt: NOW.toISOString() });
    expect(stats.series.map((d) => d.date)).toEqual(['2030-06-09', '2030-06-10', '2030-06-11', '2030-06-12', '2030-06-13', '2030-06-14', '2030-06-15']);
    expect(stats.series[3]).toEqual({ date: '2030-06-12', ...Object.fromEntries(DASHBOARD_METRICS.map((m) => [m, m === 'platesPosted' || m === 'activeMembers' ? 1 : 0])) });
    expect(column(stats, 'signUps')).toEqual({ '2030-06-09': 1, '2030-06-15': 1 });
    expect(column(stats, 'platesPosted')).toEqual({ '2030-06-10': 1, '2030-06-12': 1 });
    expect(column(stats, 'platesApproved')).toEqual({ '2030-06-11': 1 });
    expect(column(stats, 'ratings')).toEqual({ '2030-06-13': 1 });
    expect(column(stats, 'comments')).toEqual({ '2030-06-13': 3 });
    expect(column(stats, 'chatMessages')).toEqual({ '2030-06-14': 1 });
    expect(column(stats, 'reportsOpened')).toEqual({ '2030-06-14': 1 });
    expect(column(stats, 'reportsResolved')).toEqual({ '2030-06-10': 1 });
    // u1 posted (10th) and replied (13th); u4 posted (12th); u2 and u3 commented (13th); u2 chatted
    // (14th); u3 signed in (15th; u4's failed sign-in is no activity)
    expect(column(stats, 'activeMembers')).toEqual({ '2030-06-10': 1, '2030-06-12': 1, '2030-06-13': 3, '2030-06-14': 1, '2030-06-15': 1 });
  });

  it('sets each total beside the 7 days before (active members counted once per period)', async () => {
    const totals = Object.fromEntries((await service().stats(7)).totals.map((x) => [x.metric, [x.current, x.previous]]));
    expect(totals).toEqual({
      signUps: [2, 1],
      activeMembers: [4, 1],
      platesPosted: [2, 0],
      platesApproved: [1, 0],
      ratings: [1, 1],
      comments: [3, 0],
      chatMessages: [1, 0],
      reportsOpened: [1, 1],
      reportsResolved: [1, 0],
    });
  });

  it('a longer period takes in the earlier days: 30 days from 2030-05-17', async () => {
    const stats = await service().stats(30);
    expect(stats.series).toHaveLength(30);
    expect(stats.from).toBe('2030-05-17');
    const totals = Object.fromEntries(stats.totals.map((x) => [x.metric, [x.current, x.previous]]));
    expect(totals.signUps).toEqual([4, 0]);
    expect(totals.ratings).toEqual([2, 0]);
  });

  it('answers each queue with its size and the age of its oldest item', async () => {
    const { queues } = await service().stats(7);
    expect(queues).toEqual([
      { queue: 'pending_posts', count: 1, oldestAt: '2030-06-12T08:00:00.000Z', oldestAgeSeconds: 3 * 86_400 + 4 * 3600 },
      { queue: 'reports', count: 1, oldestAt: '2030-06-14T10:00:00.000Z', oldestAgeSeconds: 26 * 3600 },
      { queue: 'appeals', count: 1, oldestAt: '2030-06-14T12:00:00.000Z', oldestAgeSeconds: 86_400 },
      { queue: 'verification_requests', count: 1, oldestAt: '2030-06-15T06:00:00.000Z', oldestAgeSeconds: 6 * 3600 },
    ]);
  });
});

describe('GET /api/admin/stats', () => {
  const get = (url: string, headers?: { authorization: string }) => t.app.inject({ url, ...(headers ? { headers } : {}) });

  it('answers 401 to visitors and 403 to members and moderators without view_dashboard', async () => {
    expect((await get('/api/admin/stats')).statusCode).toBe(401);
    for (const who of [member, moderator]) {
      const res = await get('/api/admin/stats', who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
    }
  });

  it('answers 30 days by default to a holder of view_dashboard, today last', async () => {
    const res = await get('/api/admin/stats', analyst.headers);
    expect(res.statusCode).toBe(200);
    const stats = res.json<StatsResponse>();
    expect(stats.days).toBe(30);
    expect(stats.series).toHaveLength(30);
    expect(stats.to).toBe(new Date().toISOString().slice(0, 10));
    expect(stats.totals.map((x) => x.metric)).toEqual([...DASHBOARD_METRICS]);
    expect(stats.queues.map((q) => q.queue)).toEqual(['pending_posts', 'reports', 'appeals', 'verification_requests']);
    // the four accounts of this file's staff signed up and signed in today
    expect(stats.series.at(-1)).toMatchObject({ signUps: 4, activeMembers: 4 });
  });

  it.each(['7', '90'])('answers ?days=%s with that many days', async (days) => {
    const res = await get(`/api/admin/stats?days=${days}`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<StatsResponse>().series).toHaveLength(Number(days));
  });

  it.each(['14', '0', '-7', 'abc', '30.5', ''])('refuses ?days=%s with the catalogue words', async (days) => {
    const res = await get(`/api/admin/stats?days=${days}`, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: DASHBOARD_MESSAGES.badDays, field: 'days' });
  });
});
