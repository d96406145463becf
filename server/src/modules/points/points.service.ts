import { LEVELS } from '@plates/common';
import type { Db, Tx } from '../../db/client.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsRepository } from './points.repository.js';

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
 * Admins change the amounts, switch rules off and set a daily cap (/admin/point-system): a change
 * applies to awards from then on; the ledger keeps what was earned. A cap is the most points one
 * member earns from a rule per UTC day: an award that would pass it earns only what is left of it
 * (nothing once it is reached; record 0032). A cap limits earning only: a negative rule is not capped.
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

export const LEVEL_UP_TITLE = 'Level up!';

export function levelUpMessage(level: number): string {
  const name = LEVELS.find((l) => l.level === level)?.name ?? `Level ${level}`;
  return `You reached level ${level}: ${name}`;
}

const DAY_MS = 86_400_000;

/** The UTC day holding `at`, as [start, end). */
export function utcDay(at: Date): { from: Date; to: Date } {
  const from = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

export function createPointsService(deps: {
  repo: PointsRepository;
  /** Tells a member of each level they reach. */
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
}) {
  const { repo, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  /** One 'achievement' notification per level reached between `before` and `after`. */
  async function announceLevels(userId: number, levels: { before: number; after: number } | undefined, tx?: Db | Tx): Promise<void> {
    for (let level = (levels?.before ?? 0) + 1; levels && level <= levels.after; level += 1) {
      await notifications.notify({ userId, type: 'achievement', title: LEVEL_UP_TITLE, message: levelUpMessage(level), metadata: { level } }, tx);
    }
  }

  return {
    announceLevels,

    /** Awards the action's points unless this award was already made; answers the points given. */
    async award(award: Award, tx?: Db | Tx): Promise<number> {
      const rule = await repo.activeRule(award.action, tx);
      if (!rule || rule.pointsAwarded === 0) return 0;
      const entry = { userId: award.userId, ruleId: rule.id, entityType: award.entityType, entityId: award.entityId };
      // Made already (a re-rating): nothing to lock. Otherwise asked again under the member's lock.
      if (await repo.recorded(entry, tx)) return 0;
      if (!(await repo.lockMember(award.userId, tx))) return 0;
      if (await repo.recorded(entry, tx)) return 0;
      const at = now();
      let points = rule.pointsAwarded;
      if (rule.dailyCap !== null && points > 0) {
        const day = utcDay(at);
        const left = rule.dailyCap - (await repo.earnedBetween(award.userId, rule.id, day.from, day.to, tx));
        points = Math.min(points, Math.max(0, left));
        if (points === 0) return 0;
      }
      await repo.record({ ...entry, points, description: rule.description, at }, tx);
      await announceLevels(award.userId, await repo.addPoints(award.userId, points, tx), tx);
      return points;
    },

    /**
     * Cancels an award as if it had never been made (an undone bulk approval): its ledger row
     * goes and the member's total and level move back, so a later award of the same entity is
     * made again and the recompute still equals the totals. (A voided rating's points are taken
     * back with `takeBack` instead, which keeps the award from being made again.)
     */
    async cancel(award: Award, tx: Db | Tx): Promise<number> {
      const rule = await repo.ruleFor(award.action, tx);
      if (!rule) return 0;
      if (!(await repo.lockMember(award.userId, tx))) return 0;
      const points = await repo.removeEntry({ userId: award.userId, ruleId: rule.id, entityType: award.entityType, entityId: award.entityId }, tx);
      if (points !== 0) await repo.addPoints(award.userId, -points, tx);
      return points;
    },

    /**
     * Takes back what these awards earned (a voided rating's, record 0034): for each award still
     * holding points, a negative ledger row under its rule and entity (so the award is not made
     * again), and each member's total and level moved down, members locked in id order. Answers
     * the points taken per member (only those who lost some).
     */
    async takeBack(awards: Award[], reason: string, tx: Db | Tx): Promise<Map<number, number>> {
      const held = await repo.balances(awards, tx);
      await repo.recordTakeBacks(held, reason, tx);
      const byMember = new Map<number, number>();
      for (const h of held) byMember.set(h.userId, (byMember.get(h.userId) ?? 0) + h.points);
      for (const [userId, points] of [...byMember.entries()].sort((a, b) => a[0] - b[0])) {
        await repo.addPoints(userId, -points, tx);
      }
      return byMember;
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
