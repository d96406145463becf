import { ADMIN_ADJUSTMENT } from '@plates/common';
import { and, asc, between, desc, eq, gt, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { pointRules, pointTransactions, users, type NewPointRule } from '../../db/schema/index.js';
import { levelFor } from './points.repository.js';

type Conn = Db | Tx;

const memberColumns = { id: users.id, username: users.username, displayName: users.displayName, points: users.points, level: users.level };

export interface LedgerFilter {
  ruleId?: number | undefined;
  manual?: boolean | undefined;
  /** UTC day bounds: rows at or after `from`, before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
  /** The last row shown: its timestamp as Postgres wrote it (microseconds) and id. */
  after?: { at: string; id: number } | undefined;
  limit: number;
}

/** `text` at the start of the value, LIKE's own `\ % _` escaped so they match as text. */
function startsWith(column: SQL, text: string): SQL {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${column}) like ${`${escaped}%`} escape '\\'`;
}

/** The point system's admin side: rules, a member's ledger with its running balance, adjustments, recompute. */
export function createPointsAdminRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async rules() {
      return db.select().from(pointRules).orderBy(asc(pointRules.id));
    },

    async lockRule(id: number, tx: Tx) {
      const [row] = await tx.select().from(pointRules).where(eq(pointRules.id, id)).for('update');
      return row;
    },

    async updateRule(id: number, values: Partial<Pick<NewPointRule, 'pointsAwarded' | 'isActive' | 'dailyCap'>>, tx: Tx) {
      const [row] = await tx.update(pointRules).set({ ...values, updatedAt: new Date() }).where(eq(pointRules.id, id)).returning();
      return row!;
    },

    /** Members whose username starts with `q`, shortest names first (the page's member picker). */
    async searchMembers(q: string, limit: number) {
      return db
        .select(memberColumns)
        .from(users)
        .where(startsWith(sql`${users.username}`, q))
        .orderBy(sql`length(${users.username})`, asc(users.username))
        .limit(limit);
    },

    async member(id: number, conn: Conn = db) {
      const [row] = await conn.select(memberColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async lockMember(id: number, tx: Tx) {
      const [row] = await tx.select(memberColumns).from(users).where(eq(users.id, id)).for('no key update');
      return row;
    },

    /**
     * A member's ledger, newest first, each row with the member's total just after it: the running
     * sum over their whole ledger (oldest first), taken before the filters, so a filtered page still
     * shows true balances. One statement; its cost grows with the member's ledger, not the table's.
     */
    async ledger(userId: number, filter: LedgerFilter) {
      const pt = pointTransactions;
      const running = db.$with('running').as(
        db
          .select({
            id: pt.id,
            pointRuleId: pt.pointRuleId,
            points: pt.points,
            description: pt.description,
            relatedEntityType: pt.relatedEntityType,
            relatedEntityId: pt.relatedEntityId,
            timestamp: pt.timestamp,
            at: sql<string>`${pt.timestamp}::text`.as('at'),
            balance: sql<number>`(sum(${pt.points}) over (order by ${pt.timestamp}, ${pt.id}))::int`.as('balance'),
          })
          .from(pt)
          .where(eq(pt.userId, userId)),
      );
      const conditions: (SQL | undefined)[] = [
        filter.ruleId === undefined ? undefined : eq(running.pointRuleId, filter.ruleId),
        filter.manual === undefined
          ? undefined
          : filter.manual
            ? eq(running.relatedEntityType, ADMIN_ADJUSTMENT)
            : or(ne(running.relatedEntityType, ADMIN_ADJUSTMENT), sql`${running.relatedEntityType} is null`),
        filter.from ? gte(running.timestamp, filter.from) : undefined,
        filter.to ? lt(running.timestamp, filter.to) : undefined,
        filter.after ? sql`(${running.timestamp}, ${running.id}) < (${filter.after.at}::timestamptz, ${filter.after.id})` : undefined,
      ];
      return db
        .with(running)
        .select({
          id: running.id,
          points: running.points,
          balance: running.balance,
          description: running.description,
          relatedEntityType: running.relatedEntityType,
          relatedEntityId: running.relatedEntityId,
          timestamp: running.timestamp,
          at: running.at,
          rule: { id: pointRules.id, actionType: pointRules.actionType },
        })
        .from(running)
        .leftJoin(pointRules, eq(pointRules.id, running.pointRuleId))
        .where(and(...conditions))
        .orderBy(desc(running.timestamp), desc(running.id))
        .limit(filter.limit);
    },

    /** Writes an adjustment's ledger row (no rule; its entity is the admin who made it). */
    async insertAdjustment(values: { userId: number; points: number; reason: string; adminId: number }, tx: Tx) {
      const [row] = await tx
        .insert(pointTransactions)
        .values({
          userId: values.userId,
          pointRuleId: null,
          points: values.points,
          description: values.reason,
          relatedEntityType: ADMIN_ADJUSTMENT,
          relatedEntityId: values.adminId,
        })
        .returning();
      return row!;
    },

    /** The member's total over their whole ledger. */
    async ledgerTotal(userId: number, tx: Tx): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int` })
        .from(pointTransactions)
        .where(eq(pointTransactions.userId, userId));
      return Number(row?.total ?? 0);
    },

    /**
     * One batch of the recompute: locks the next `size` members after `afterId` (so no award
     * lands between the sum and the write), then one UPDATE … FROM (SELECT id, sum(points) …)
     * sets the points and level of those whose stored ones differ. Answers the last id read
     * (null when there were none left), how many were read, and how many changed.
     */
    async recomputeBatch(afterId: number, size: number, tx: Tx): Promise<{ lastId: number | null; read: number; changed: number }> {
      const ids = await tx.select({ id: users.id }).from(users).where(gt(users.id, afterId)).orderBy(asc(users.id)).limit(size).for('no key update');
      const first = ids[0];
      const last = ids[ids.length - 1];
      if (!first || !last) return { lastId: null, read: 0, changed: 0 };
      const u = alias(users, 'u');
      const totals = tx
        .select({ id: u.id, total: sql<number>`coalesce(sum(${pointTransactions.points}), 0)::int`.as('total') })
        .from(u)
        .leftJoin(pointTransactions, eq(pointTransactions.userId, u.id))
        .where(between(u.id, first.id, last.id))
        .groupBy(u.id)
        .as('totals');
      const level = levelFor(sql`${totals.total}`);
      const changed = await tx
        .update(users)
        .set({ points: sql`${totals.total}`, level })
        .from(totals)
        .where(and(eq(users.id, totals.id), or(ne(users.points, totals.total), sql`${users.level} <> ${level}`)))
        .returning({ id: users.id });
      return { lastId: last.id, read: ids.length, changed: changed.length };
    },
  };
}

export type PointsAdminRepository = ReturnType<typeof createPointsAdminRepository>;
