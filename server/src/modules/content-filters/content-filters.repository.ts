import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contentFilters, securityEvents, type NewContentFilter, type NewSecurityEvent } from '../../db/schema/index.js';
import { FILTER_HIT_EVENT, hitsOnEntity } from './filter-hits.sql.js';

export { FILTER_HIT_EVENT, hitsOnEntity };

type Conn = Db | Tx;

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

    /** Recorded hits on these stored things (the held queue's page), oldest first. */
    async hitsOnMany(entities: readonly { type: string; id: number }[]) {
      if (entities.length === 0) return [];
      return db
        .select()
        .from(securityEvents)
        .where(
          and(
            eq(securityEvents.eventType, FILTER_HIT_EVENT),
            inArray(sql`${securityEvents.metadata}->>'entityType'`, [...new Set(entities.map((e) => e.type))]),
            inArray(sql`${securityEvents.metadata}->>'entityId'`, [...new Set(entities.map((e) => String(e.id)))]),
          ),
        )
        .orderBy(asc(securityEvents.id));
    },

    /** A thing's hits now name it by its new id (a held chat message published under a new one). */
    async moveHits(entityType: string, fromId: number, toId: number, tx: Tx): Promise<void> {
      await tx
        .update(securityEvents)
        .set({ metadata: sql`jsonb_set(${securityEvents.metadata}, '{entityId}', to_jsonb(${toId}::int))` })
        .where(hitsOnEntity(entityType, fromId));
    },

    /** Recorded hits on one stored thing (a plate, a comment…), newest first. */
    async hitsOn(entityType: string, entityId: number, limit = 100) {
      return db
        .select()
        .from(securityEvents)
        .where(hitsOnEntity(entityType, entityId))
        .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
        .limit(limit);
    },
  };
}

export type ContentFiltersRepository = ReturnType<typeof createContentFiltersRepository>;
