import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, pointTransactions, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeSignedInUser, makeUser } from '../../test/factories.js';
import type { Db } from '../../db/client.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { createPointsRepository } from './points.repository.js';
import { createPointsService, levelUpMessage } from './points.service.js';

/** Points as the app wires them: over their repository, telling levels through notifications. */
function pointsService(db: Db) {
  return createPointsService({
    repo: createPointsRepository(db),
    notifications: createNotificationsService({ repo: createNotificationsRepository(db) }),
  });
}

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
    const points = pointsService(db);
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
    const points = pointsService(db);
    const user = await makeUser(t.app, { points: 950 });
    await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 2 });
    expect(await totals(user.id)).toEqual({ points: 1050, level: 2 });
    const top = await makeUser(t.app, { points: 399_950, level: 9 });
    await points.award({ userId: top.id, action: 'post_approved', entityType: 'post', entityId: 3 });
    expect(await totals(top.id)).toEqual({ points: 400_050, level: 10 });
  });

  it('rolls back with the transaction that earned it', async () => {
    const db = t.app.services.database.db;
    const points = pointsService(db);
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

  it('tells the user once per level reached, in the same transaction', async () => {
    const db = t.app.services.database.db;
    const points = pointsService(db);
    const achievements = async (userId: number) =>
      db
        .select({ type: notifications.type, title: notifications.title, message: notifications.message, metadata: notifications.metadata, actorId: notifications.actorId })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.id);

    const user = await makeUser(t.app, { points: 950 });
    await points.award({ userId: user.id, action: 'rating_given', entityType: 'post', entityId: 10 });
    expect(await achievements(user.id)).toEqual([]); // 955: still level 1
    await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 10 });
    expect(await achievements(user.id)).toEqual([
      { type: 'achievement', title: 'Level up!', message: 'You reached level 2: Kitchen Helper', metadata: { level: 2 }, actorId: null },
    ]);
    // the same award again earns nothing and says nothing
    await points.award({ userId: user.id, action: 'post_approved', entityType: 'post', entityId: 10 });
    expect(await achievements(user.id)).toHaveLength(1);

    // two levels at once: one notification each
    const jumper = await makeUser(t.app, { points: 2450, level: 1 });
    await points.award({ userId: jumper.id, action: 'post_approved', entityType: 'post', entityId: 11 });
    expect((await achievements(jumper.id)).map((n) => n.message)).toEqual([levelUpMessage(2), levelUpMessage(3)]);
    expect(levelUpMessage(3)).toBe('You reached level 3: Home Chef');

    // rolled back with the award
    const unlucky = await makeUser(t.app, { points: 990 });
    await expect(
      db.transaction(async (tx) => {
        await points.award({ userId: unlucky.id, action: 'follow_received', entityType: 'user', entityId: 5 }, tx);
        throw new Error('the follow failed');
      }),
    ).rejects.toThrow('the follow failed');
    expect(await achievements(unlucky.id)).toEqual([]);
    expect(await totals(unlucky.id)).toEqual({ points: 990, level: 1 });
  });

  it('announces a level reached through a follow', async () => {
    const target = await makeSignedInUser(t.app, { points: 990 });
    const fan = await makeSignedInUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${target.user.id}/follow`, headers: fan.headers });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.services.database.db
      .select({ type: notifications.type, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, target.user.id))
      .orderBy(notifications.id);
    expect(rows.map((r) => r.type).sort()).toEqual(['achievement', 'follow']);
    expect(await totals(target.user.id)).toEqual({ points: 1010, level: 2 });
  });
});
