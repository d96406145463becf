import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, ratings, users } from '../../db/schema/index.js';

export function createSystemRepository(db: Db) {
  return {
    /** Published plates, active verified members, and star ratings given. */
    async communityCounts(): Promise<{ posts: number; users: number; ratings: number }> {
      const [[p], [u], [r]] = await Promise.all([
        db.select({ n: count() }).from(posts).where(eq(posts.approvalStatus, 'approved')),
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.emailVerified, true), eq(users.accountStatus, 'active'))),
        db.select({ n: count() }).from(ratings).where(isNotNull(ratings.rating)),
      ]);
      return { posts: p?.n ?? 0, users: u?.n ?? 0, ratings: r?.n ?? 0 };
    },

    /** The database's size on disk (PGlite: its data directory as PostgreSQL sees it). */
    async databaseBytes(): Promise<number> {
      const { rows } = await db.execute<{ bytes: number }>(sql`select pg_database_size(current_database())::float8 as bytes`);
      return Number(rows[0]?.bytes ?? 0);
    },

    /**
     * The biggest tables of the app's schema with their indexes and TOAST, and the planner's row
     * estimate (negative until the table is first analysed).
     */
    async biggestTables(limit: number): Promise<{ name: string; rows: number; bytes: number }[]> {
      const { rows } = await db.execute<{ name: string; rows: number; bytes: number }>(sql`
        select c.relname as name, c.reltuples::float8 as rows, pg_total_relation_size(c.oid)::float8 as bytes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
        order by bytes desc, name
        limit ${limit}`);
      return rows.map((row) => ({ name: row.name, rows: Number(row.rows), bytes: Number(row.bytes) }));
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
