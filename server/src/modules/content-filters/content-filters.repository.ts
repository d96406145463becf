import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contentFilters, securityEvents, type NewContentFilter, type NewSecurityEvent } from '../../db/schema/index.js';

type Conn = Db | Tx;

/** The event type of a recorded filter hit in `security_events`. */
export const FILTER_HIT_EVENT = 'content_filter_hit';

/** Content filters and the hits they record (as security events). */
export function createContentFiltersRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async all(conn: Conn = db) {
      return conn.select().from(contentFilters).orderBy(asc(contentFilters.name), asc(contentFilters.id));
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(contentFilters).where(eq(contentFilters.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: NewContentFilter, tx: Tx) {
      const [row] = await tx.insert(contentFilters).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewContentFilter>, tx: Tx) {
      const [row] = await tx.update(contentFilters).set(values).where(eq(contentFilters.id, id)).returning();
      return row!;
    },

    async remove(id: number, tx: Tx): Promise<void> {
      await tx.delete(contentFilters).where(eq(contentFilters.id, id));
    },

    async insertHits(rows: NewSecurityEvent[], conn: Conn = db): Promise<void> {
      if (rows.length > 0) await conn.insert(securityEvents).values(rows);
    },

    /** Recorded hits on one stored thing (a plate, a comment…), newest first. */
    async hitsOn(entityType: string, entityId: number, limit = 100) {
      return db
        .select()
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.eventType, FILTER_HIT_EVENT),
            sql`${securityEvents.metadata}->>'entityType' = ${entityType}`,
            sql`${securityEvents.metadata}->>'entityId' = ${String(entityId)}`,
          ),
        )
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(limit);
    },
  };
}

export type ContentFiltersRepository = ReturnType<typeof createContentFiltersRepository>;
