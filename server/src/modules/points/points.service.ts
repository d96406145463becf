import { LEVELS } from '@plates/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pointRules, pointTransactions, users } from '../../db/schema/index.js';
import { createNotificationsService, type NotificationsService } from '../notifications/notifications.service.js';

/**
 * Points for what people do (rules in `point_rules`, seeded by migration 0001):
 *
 * | action          | points | counted once per                                   |
 * |-----------------|--------|----------------------------------------------------|
 * | post_approved   | 100    | plate                                              |
 * | rating_received | 10     | rating (a re-rating replaces, it does not add)     |
 * | rating_given    | 5      | plate rated                                        |
 * | comment_given   | 5      | plate commented on (more comments earn nothing)    |
 * | follow_received | 20     | follower (unfollowing and following again: nothing)|
 *
 * Each award writes a `point_transactions` row and moves `users.points` and `users.level` in the
 * same transaction as the action that earned it, so the ledger and the totals never disagree.
 * Reaching a new level writes an 'achievement' notification per level reached, in that transaction
 * too (the user row is locked first, so two awards at once cannot both announce one level).
 */
export type PointAction = 'post_approved' | 'rating_received' | 'rating_given' | 'comment_given' | 'follow_received';

export interface Award {
  userId: number;
  action: PointAction;
  /** What the award is for; one award per (user, action, entity). */
  entityType: 'post' | 'rating' | 'user';
  entityId: number;
}

/** `users.level` from the points it will hold, as one SQL expression over the level thresholds. */
function levelFor(points: SQL): SQL {
  const branches = [...LEVELS]
    .reverse()
    .map((l) => sql`when ${points} >= ${l.minPoints} then ${l.level}`);
  return sql`(case ${sql.join(branches, sql` `)} else 1 end)`;
}

export const LEVEL_UP_TITLE = 'Level up!';

export function levelUpMessage(level: number): string {
  const name = LEVELS.find((l) => l.level === level)?.name ?? `Level ${level}`;
  return `You reached level ${level}: ${name}`;
}

export function createPointsService(
  db: Db,
  notifications: Pick<NotificationsService, 'notify'> = createNotificationsService(db),
) {
  return {
    /** Awards the action's points unless this award was already made; answers the points given. */
    async award(award: Award, tx: Db | Tx = db): Promise<number> {
      const [rule] = await tx
        .select()
        .from(pointRules)
        .where(and(eq(pointRules.actionType, award.action), eq(pointRules.isActive, true)))
        .limit(1);
      if (!rule || rule.pointsAwarded === 0) return 0;
      const [already] = await tx
        .select({ id: pointTransactions.id })
        .from(pointTransactions)
        .where(
          and(
            eq(pointTransactions.userId, award.userId),
            eq(pointTransactions.pointRuleId, rule.id),
            eq(pointTransactions.relatedEntityType, award.entityType),
            eq(pointTransactions.relatedEntityId, award.entityId),
          ),
        )
        .limit(1);
      if (already) return 0;
      await tx.insert(pointTransactions).values({
        userId: award.userId,
        pointRuleId: rule.id,
        points: rule.pointsAwarded,
        description: rule.description,
        relatedEntityType: award.entityType,
        relatedEntityId: award.entityId,
      });
      const [before] = await tx
        .select({ level: users.level })
        .from(users)
        .where(eq(users.id, award.userId))
        .for('update');
      const next = sql`${users.points} + ${rule.pointsAwarded}`;
      const [after] = await tx
        .update(users)
        .set({ points: next, level: levelFor(next) })
        .where(eq(users.id, award.userId))
        .returning({ level: users.level });
      if (before && after) {
        for (let level = before.level + 1; level <= after.level; level += 1) {
          await notifications.notify(
            {
              userId: award.userId,
              type: 'achievement',
              title: LEVEL_UP_TITLE,
              message: levelUpMessage(level),
              metadata: { level },
            },
            tx,
          );
        }
      }
      return rule.pointsAwarded;
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
