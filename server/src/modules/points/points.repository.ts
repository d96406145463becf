import { LEVELS } from '@plates/common';
import { and, eq, gte, lt, Param, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { pointRules, pointTransactions, users } from '../../db/schema/index.js';
import type { Award } from './points.service.js';

/** `users.level` from the points it will hold, as one SQL expression over the level thresholds. */
export function levelFor(points: SQL): SQL {
  const branches = [...LEVELS]
    .reverse()
    .map((l) => sql`when ${points} >= ${l.minPoints} then ${l.level}`);
  return sql`(case ${sql.join(branches, sql` `)} else 1 end)`;
}

export interface PointEntry {
  userId: number;
  ruleId: number;
  entityType: string;
  entityId: number;
}

/** The ledger rows of one entry (a member, a rule, the thing it was for). */
function entryRows(entry: PointEntry): SQL | undefined {
  return and(
    eq(pointTransactions.userId, entry.userId),
    eq(pointTransactions.pointRuleId, entry.ruleId),
    eq(pointTransactions.relatedEntityType, entry.entityType),
    eq(pointTransactions.relatedEntityId, entry.entityId),
  );
}

/** The points ledger (`point_rules`, `point_transactions`) and the totals on `users`; every call in the caller's transaction. */
export function createPointsRepository(db: Db) {
  return {
    /** The active rule for an action. */
    async activeRule(action: string, tx: Db | Tx = db) {
      const [rule] = await tx
        .select()
        .from(pointRules)
        .where(and(eq(pointRules.actionType, action), eq(pointRules.isActive, true)))
        .limit(1);
      return rule;
    },

    /**
     * Locks the member's row for the rest of the transaction, before anything is read for an award:
     * two awards (or an award and a recompute) for one member take turns, so neither the "once per
     * entity" check nor the daily cap can be passed twice at once (record 0032). FOR NO KEY UPDATE,
     * not FOR UPDATE: the action's own rows (a follow, a rating) hold KEY SHARE on the member
     * through their foreign keys, which FOR UPDATE would wait on, and two such actions deadlock.
     */
    async lockMember(userId: number, tx: Db | Tx = db): Promise<boolean> {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      return row !== undefined;
    },

    /** The points a member has earned from a rule within [from, to). */
    async earnedBetween(userId: number, ruleId: number, from: Date, to: Date, tx: Db | Tx = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int` })
        .from(pointTransactions)
        .where(
          and(
            eq(pointTransactions.userId, userId),
            eq(pointTransactions.pointRuleId, ruleId),
            gte(pointTransactions.timestamp, from),
            lt(pointTransactions.timestamp, to),
          ),
        );
      return Number(row?.total ?? 0);
    },

    /** Whether this entry is in the ledger already. */
    async recorded(entry: PointEntry, tx: Db | Tx = db): Promise<boolean> {
      const [found] = await tx
        .select({ id: pointTransactions.id })
        .from(pointTransactions)
        .where(entryRows(entry))
        .limit(1);
      return found !== undefined;
    },

    /** The rule for an action, active or not. */
    async ruleFor(action: string, tx: Db | Tx = db) {
      const [rule] = await tx.select().from(pointRules).where(eq(pointRules.actionType, action)).limit(1);
      return rule;
    },

    /** Deletes this entry's ledger rows; answers the points they held. */
    async removeEntry(entry: PointEntry, tx: Db | Tx = db): Promise<number> {
      const rows = await tx
        .delete(pointTransactions)
        .where(entryRows(entry))
        .returning({ points: pointTransactions.points });
      return rows.reduce((sum, row) => sum + row.points, 0);
    },

    /** Writes the ledger row. */
    async record(entry: PointEntry & { points: number; description: string | null; at?: Date }, tx: Db | Tx = db): Promise<void> {
      await tx.insert(pointTransactions).values({
        ...(entry.at ? { timestamp: entry.at } : {}),
        userId: entry.userId,
        pointRuleId: entry.ruleId,
        points: entry.points,
        description: entry.description,
        relatedEntityType: entry.entityType,
        relatedEntityId: entry.entityId,
      });
    },

    /**
     * What each award still holds in the ledger (its rows under the action's rule and entity,
     * summed, so an earlier take-back counts), for those holding more than 0. One statement.
     */
    async balances(awards: Award[], tx: Db | Tx = db): Promise<(PointEntry & { points: number })[]> {
      if (awards.length === 0) return [];
      const result = await tx.execute<Record<string, unknown>>(sql`
        with wanted as (
          select * from unnest(${new Param(awards.map((a) => a.userId))}::int[], ${new Param(awards.map((a) => a.action))}::text[],
            ${new Param(awards.map((a) => a.entityType))}::text[], ${new Param(awards.map((a) => a.entityId))}::int[]) as w(user_id, action, entity_type, entity_id)
        )
        select pt.user_id, pt.point_rule_id, pt.related_entity_type, pt.related_entity_id, sum(pt.points)::int as points
        from wanted w
        join ${pointRules} pr on pr.action_type = w.action
        join ${pointTransactions} pt on pt.point_rule_id = pr.id and pt.user_id = w.user_id
          and pt.related_entity_type = w.entity_type and pt.related_entity_id = w.entity_id
        group by pt.user_id, pt.point_rule_id, pt.related_entity_type, pt.related_entity_id
        having sum(pt.points) > 0
        order by pt.user_id, pt.point_rule_id, pt.related_entity_id`);
      return result.rows.map((r) => ({
        userId: Number(r.user_id),
        ruleId: Number(r.point_rule_id),
        entityType: String(r.related_entity_type),
        entityId: Number(r.related_entity_id),
        points: Number(r.points),
      }));
    },

    /** Writes take-back rows, one statement: each the negative of `points`, under its rule and entity. */
    async recordTakeBacks(entries: (PointEntry & { points: number })[], description: string, tx: Db | Tx = db): Promise<void> {
      if (entries.length === 0) return;
      await tx.execute(sql`
        insert into ${pointTransactions} (user_id, point_rule_id, points, description, related_entity_type, related_entity_id)
        select user_id, rule_id, -points, ${description}, entity_type, entity_id
        from unnest(${new Param(entries.map((e) => e.userId))}::int[], ${new Param(entries.map((e) => e.ruleId))}::int[],
          ${new Param(entries.map((e) => e.points))}::int[], ${new Param(entries.map((e) => e.entityType))}::text[],
          ${new Param(entries.map((e) => e.entityId))}::int[]) as t(user_id, rule_id, points, entity_type, entity_id)`);
    },

    /**
     * Adds to a member's points and moves their level with them, the row locked first (two awards
     * at once cannot both see the old level); answers the level before and after.
     */
    async addPoints(userId: number, points: number, tx: Db | Tx = db): Promise<{ before: number; after: number } | undefined> {
      const [before] = await tx.select({ level: users.level }).from(users).where(eq(users.id, userId)).for('no key update');
      const next = sql`${users.points} + ${points}`;
      const [after] = await tx
        .update(users)
        .set({ points: next, level: levelFor(next) })
        .where(eq(users.id, userId))
        .returning({ level: users.level });
      return before && after ? { before: before.level, after: after.level } : undefined;
    },
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
