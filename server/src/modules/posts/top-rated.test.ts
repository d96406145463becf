import type { PostDto } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { bayesianScore, meanRating, periodStart, rankTopRated } from './top-rated.js';

describe('Bayesian ranking maths', () => {
  it('pulls few votes towards the mean and leaves many near their own average', () => {
    expect(bayesianScore({ ratingSum: 5, ratingCount: 1 }, 3.5, 5)).toBeCloseTo((5 * 3.5 + 5) / 6, 10);
    expect(bayesianScore({ ratingSum: 480, ratingCount: 100 }, 3.5, 5)).toBeCloseTo((17.5 + 480) / 105, 10);
    expect(bayesianScore({ ratingSum: 0, ratingCount: 0 }, 3.7, 5)).toBe(3.7);
  });

  it('ranks a hundred 4.8s above one 5-star vote', () => {
    const plates = [
      { id: 1, ratingSum: 5, ratingCount: 1 },
      { id: 2, ratingSum: 480, ratingCount: 100 },
      { id: 3, ratingSum: 60, ratingCount: 20 },
      { id: 4, ratingSum: 0, ratingCount: 0 },
    ];
    expect(rankTopRated(plates).map((p) => p.id)).toEqual([2, 1, 3]);
    expect(meanRating(plates)).toBeCloseTo(545 / 121, 10);
    expect(meanRating([])).toBe(3);
  });

  it('opens the day and week windows back from now', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(periodStart('day', now)?.toISOString()).toBe('2025-06-09T12:00:00.000Z');
    expect(periodStart('week', now)?.toISOString()).toBe('2025-06-03T12:00:00.000Z');
    expect(periodStart('all', now)).toBeUndefined();
  });
});

describe('GET /api/top-rated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ranks by the Bayesian average, windows by creation time and skips unrated and unapproved plates', async () => {
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const author = await makeUser(t.app);
    const make = (ratingSum: number, ratingCount: number, createdAt: Date, extra = {}) =>
      makePost(t.app, { userId: author.id, ratingSum, ratingCount, createdAt, ...extra });
    const single5 = await make(5, 1, hoursAgo(1));
    const many48 = await make(480, 100, hoursAgo(2));
    const mediocre = await make(300, 100, hoursAgo(3)); // mean 3: m lands near 3.9
    await make(0, 0, hoursAgo(1)); // never rated
    await make(50, 10, hoursAgo(1), { approvalStatus: 'pending' });
    const lastWeek = await make(250, 50, hoursAgo(72)); // 5.0 over fifty votes, three days old
    const ancient = await make(500, 100, hoursAgo(24 * 30)); // perfect, a month old

    const get = async (query: string) => {
      const res = await t.app.inject(`/api/top-rated?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PostDto[]>().map((p) => p.id);
    };
    expect(await get('period=day&limit=10')).toEqual([many48.id, single5.id, mediocre.id]);
    expect(await get('period=week&limit=10')).toEqual([lastWeek.id, many48.id, single5.id, mediocre.id]);
    expect(await get('period=all&limit=10')).toEqual([ancient.id, lastWeek.id, many48.id, single5.id, mediocre.id]);
    expect(await get('period=all&limit=2')).toEqual([ancient.id, lastWeek.id]);
    // default: today, five plates
    expect(await get('')).toEqual([many48.id, single5.id, mediocre.id]);
    expect((await t.app.inject('/api/top-rated?period=month')).statusCode).toBe(400);
    const [first] = (await t.app.inject('/api/top-rated?period=day&limit=1')).json<PostDto[]>();
    expect(first).toMatchObject({ averageRating: 4.8, ratingCount: 100 });
  });
});
