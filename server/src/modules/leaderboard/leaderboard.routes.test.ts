import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardResponse } from '@plates/common';
import { userVerifications } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const page = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<LeaderboardResponse>();
};

describe('GET /api/leaderboard', () => {
  it('ranks active verified users by points, ties sharing a rank, the same across pages', async () => {
    // points: 30000, 5000, 5000, 5000, 1200, 0 (+ users who must not appear)
    const top = await makeUser(t.app, { points: 30000, level: 6, displayName: 'Top' });
    const tied = [];
    for (let i = 0; i < 3; i += 1) tied.push(await makeUser(t.app, { points: 5000, level: 4 }));
    const mid = await makeUser(t.app, { points: 1200, level: 2 });
    const zero = await makeUser(t.app, { points: 0 });
    await makeUser(t.app, { points: 99999, level: 7, emailVerified: false });
    await makeUser(t.app, { points: 99999, level: 7, accountStatus: 'deactivated' });
    await makeUser(t.app, { points: 99999, level: 7, accountStatus: 'suspended' });
    await t.app.services.database.db.insert(userVerifications).values({ userId: top.id, verifiedType: 'gold' });

    const whole = await page('?limit=50');
    expect(whole.nextCursor).toBeNull();
    expect(whole.users.map((u) => [u.id, u.rank])).toEqual([
      [top.id, 1],
      [tied[0]!.id, 2],
      [tied[1]!.id, 2],
      [tied[2]!.id, 2],
      [mid.id, 5],
      [zero.id, 6],
    ]);
    expect(whole.users[0]).toEqual({
      id: top.id,
      username: top.username,
      displayName: 'Top',
      profileImage: null,
      isAdmin: false,
      isVerified: true,
      verifiedType: 'gold',
      points: 30000,
      level: 6,
      levelName: 'Culinary Artist',
      rank: 1,
    });
    expect(whole.users[4]).toMatchObject({ levelName: 'Kitchen Helper', isVerified: false, verifiedType: null });
    expect(JSON.stringify(whole)).not.toMatch(/email|password/);

    // Pages of 2 give the same order and ranks, with a cursor inside the tie.
    const seen: Array<[number, number]> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p: LeaderboardResponse = await page(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.users.map((u): [number, number] => [u.id, u.rank]));
      cursor = p.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(whole.users.map((u) => [u.id, u.rank]));
  });

  it('rejects a forged cursor and a bad limit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard?cursor=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard?limit=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard?limit=51' })).statusCode).toBe(400);
  });
});
