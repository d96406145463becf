import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointTransactions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { createPointsService } from './points.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function totals(userId: number) {
  const [row] = await t.app.services.database.db.select({ points: users.points, level: users.level }).from(users).where(eq(users.id, userId));
  return row!;
}

describe('points', () => {
  it('awards a rule once per entity, with the ledger and the totals in step', async () => {
    const db = t.app.services.database.db;
    const points = createPointsService(db);
    const user = await makeUser(t.app);
    expect(await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 1 })).toBe(100);
    expect(await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 1 })).toBe(0);
    expect(await points.award({ userId: user.id, action: 'rating_given', entityType: 'post', entityId: 1 })).toBe(5);
    expect(await totals(user.id)).toEqual({ points: 105, level: 1 });
    const ledger = await db.select().from(pointTransactions).where(eq(pointTransactions.userId, user.id));
    expect(ledger.map((r) => r.points).sort()).toEqual([100, 5]);
  });

  it('moves the level with the points, in the same statement', async () => {
    const db = t.app.services.database.db;
    const points = createPointsService(db);
    const user = await makeUser(t.app, { points: 950 });
    await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 2 });
    expect(await totals(user.id)).toEqual({ points: 1050, level: 2 });
    const top = await makeUser(t.app, { points: 399_950, level: 9 });
    await points.award({ userId: top.id, action: 'post_approved', entityType: 'post', entityId: 3 });
    expect(await totals(top.id)).toEqual({ points: 400_050, level: 10 });
  });

  it('rolls back with the transaction that earned it', async () => {
    const db = t.app.services.database.db;
    const points = createPointsService(db);
    const user = await makeUser(t.app);
    await expect(
      db.transaction(async (tx) => {
        await points.award({ userId: user.id, action: 'follow_received', entityType: 'user', entityId: 99 }, tx);
        throw new Error('the follow failed');
      }),
    ).rejects.toThrow('the follow failed');
    expect(await totals(user.id)).toEqual({ points: 0, level: 1 });
    expect(await db.select().from(pointTransactions).where(eq(pointTransactions.userId, user.id))).toEqual([]);
  });
});
