import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ratings, reports, users, type ReportTargetType } from '../../db/schema/index.js';

/** Namespace of the advisory locks that serialise one reporter's reports on one target. */
const REPORT_LOCK_NAMESPACE = 0x7265706f; // "repo"

export function createReportsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async userExists(userId: number): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },

    /**
     * Holds a transaction-scoped advisory lock on (reporter, target), so two identical reports sent
     * at once cannot both find "no open report" and insert twice (no unique index is needed for a
     * rule that only concerns open reports).
     */
    async lockReporterTarget(tx: Tx, userId: number, targetType: ReportTargetType, targetId: number): Promise<void> {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${REPORT_LOCK_NAMESPACE}::int4, hashtext(${`${userId}:${targetType}:${targetId}`}))`,
      );
    },

    async findOpenReport(tx: Tx, userId: number, targetType: ReportTargetType, targetId: number) {
      const [row] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.userId, userId),
            eq(reports.targetType, targetType),
            eq(reports.targetId, targetId),
            eq(reports.status, 'pending'),
          ),
        )
        .limit(1);
      return row;
    },

    /** A published, not removed comment (a ratings row with text). */
    async findComment(commentId: number) {
      const [row] = await db
        .select({ id: ratings.id, userId: ratings.userId, postId: ratings.postId })
        .from(ratings)
        .where(and(eq(ratings.id, commentId), isNotNull(ratings.comment), isNull(ratings.heldAt), isNull(ratings.removedAt)))
        .limit(1);
      return row;
    },

    async insertReport(
      tx: Tx,
      values: { userId: number; targetType: ReportTargetType; targetId: number; reason: string; details: string | null },
    ): Promise<number> {
      const [row] = await tx.insert(reports).values(values).returning({ id: reports.id });
      if (!row) throw new Error('report insert returned no row');
      return row.id;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
