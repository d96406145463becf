import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { CommunityContentType } from '@plates/common';
import type { Db, Tx } from '../../db/client.js';
import { adminAuditLogs, communityContent, users, type NewCommunityContent } from '../../db/schema/index.js';
import { isConst } from '../../lib/literal.js';

type Conn = Db | Tx;

/** The audit rows' target type of a community page; their `before` holds the version they replaced. */
export const COMMUNITY_AUDIT_TARGET = 'community_content';

/** The community pages, and their earlier versions (read from the audit log: decision record 0030). */
export function createCommunityContentRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async find(type: CommunityContentType, conn: Conn = db) {
      const [row] = await conn.select().from(communityContent).where(eq(communityContent.contentType, type)).limit(1);
      return row;
    },

    /** Every stored page with the name of whoever saved it last. */
    async allWithEditors(conn: Conn = db) {
      return conn
        .select({ page: communityContent, editor: { id: users.id, username: users.username } })
        .from(communityContent)
        .leftJoin(users, eq(users.id, communityContent.lastModifiedBy));
    },

    async lock(type: CommunityContentType, tx: Tx) {
      const [row] = await tx.select().from(communityContent).where(eq(communityContent.contentType, type)).for('update').limit(1);
      return row;
    },

    async insert(values: NewCommunityContent, tx: Tx) {
      const [row] = await tx.insert(communityContent).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewCommunityContent>, tx: Tx) {
      const [row] = await tx.update(communityContent).set(values).where(eq(communityContent.id, id)).returning();
      return row!;
    },

    /**
     * The page's earlier versions, newest first: the `before` of each audit row that replaced one,
     * with who replaced it and when; `limit` of them after the audit row `beforeAuditId`.
     */
    async versions(contentId: number, limit: number, beforeAuditId: number | undefined, conn: Conn = db) {
      const a = adminAuditLogs;
      return conn
        .select({ auditId: a.id, before: a.before, at: a.createdAt, by: { id: users.id, username: users.username } })
        .from(a)
        .leftJoin(users, eq(users.id, a.adminId))
        .where(
          and(
            isConst(a.targetType, COMMUNITY_AUDIT_TARGET),
            eq(a.targetId, contentId),
            isNotNull(a.before),
            beforeAuditId === undefined ? undefined : lt(a.id, beforeAuditId),
          ),
        )
        .orderBy(desc(a.id))
        .limit(limit);
    },

    /** The stored snapshot of version `version` of the page (from the audit row that replaced it). */
    async version(contentId: number, version: number, conn: Conn = db) {
      const a = adminAuditLogs;
      const [row] = await conn
        .select({ before: a.before })
        .from(a)
        .where(and(isConst(a.targetType, COMMUNITY_AUDIT_TARGET), eq(a.targetId, contentId), sql`${a.before}->>'version' = ${String(version)}`))
        .orderBy(desc(a.id))
        .limit(1);
      return row?.before ?? undefined;
    },
  };
}

export type CommunityContentRepository = ReturnType<typeof createCommunityContentRepository>;
