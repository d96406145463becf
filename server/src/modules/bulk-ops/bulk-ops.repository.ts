import type { BulkAction, BulkFilter } from '@plates/common';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  bulkOperationItems,
  bulkOperations,
  featuredPosts,
  posts,
  ratings,
  reports,
  securityEvents,
  users,
  type NewBulkOperationItem,
  type Post,
} from '../../db/schema/index.js';
import { FILTER_HIT_EVENT } from '../content-filters/filter-hits.sql.js';
import { showing } from '../featured/featured.sql.js';
import { audience } from '../posts/post-access.js';

type Conn = Db | Tx;
const DAY_MS = 86_400_000;

/** The filter with the author's username already turned into an id (null: nobody has that name). */
export type Selection = Omit<BulkFilter, 'author'> & { authorId?: number | null; action: BulkAction; staffId: number; now: Date };

/** One selected item: what the dry run shows and the run acts on. */
export interface SelectedItem {
  id: number;
  ownerId: number;
  ownerName: string;
  label: string;
  current: string;
  createdAt: Date;
  reports: number;
  filterHits: number;
}

const reportCount = (type: 'post' | 'comment' | 'user', id: SQL) =>
  sql<number>`(select count(*)::int from ${reports} where ${reports.targetType} = ${type} and ${reports.targetId} = ${id})`;
const hitCount = (type: 'post' | 'comment' | 'user', id: SQL) =>
  sql<number>`(select count(*)::int from ${securityEvents} where ${securityEvents.eventType} = ${FILTER_HIT_EVENT} and (${securityEvents.metadata}->>'entityType') = ${type} and (${securityEvents.metadata}->>'entityId') = (${id})::text)`;

/**
 * The bulk operations' selections (one statement each for the count, the sample and the locked
 * ids, over the owner's, the status' and the reports' indexes) and their batches.
 */
export function createBulkOpsRepository(db: Db) {
  /** Batches with the admin who ran and the one who undid each. */
  function batchesWithPeople() {
    const admin = alias(users, 'admin');
    const undoer = alias(users, 'undoer');
    return db
      .select({
        batch: bulkOperations,
        admin: { id: admin.id, username: admin.username },
        undoer: { id: undoer.id, username: undoer.username },
      })
      .from(bulkOperations)
      .leftJoin(admin, eq(admin.id, bulkOperations.adminId))
      .leftJoin(undoer, eq(undoer.id, bulkOperations.undoneBy))
      .$dynamic();
  }

  /** The shared filters on one kind of item: owner, creation days, report count, filter hits. */
  function common(s: Selection, kind: 'post' | 'comment' | 'user', id: SQL, owner: SQL, created: SQL): SQL[] {
    const where: SQL[] = [];
    if (s.authorId !== undefined) where.push(s.authorId === null ? sql`false` : sql`${owner} = ${s.authorId}`);
    if (s.from) where.push(gte(created, new Date(`${s.from}T00:00:00Z`)));
    if (s.to) where.push(lt(created, new Date(Date.parse(`${s.to}T00:00:00Z`) + DAY_MS)));
    if (s.minReports !== undefined) where.push(sql`${reportCount(kind, id)} >= ${s.minReports}`);
    if (s.filterHit !== undefined) where.push(s.filterHit ? sql`${hitCount(kind, id)} > 0` : sql`${hitCount(kind, id)} = 0`);
    return where;
  }

  function platesQuery(s: Selection, conn: Conn) {
    const where = common(s, 'post', sql`${posts.id}`, sql`${posts.userId}`, sql`${posts.createdAt}`);
    if (s.status) where.push(eq(posts.approvalStatus, s.status));
    // Only plates the action would change (the single actions refuse the rest).
    if (s.action === 'approve') where.push(ne(posts.approvalStatus, 'approved'));
    if (s.action === 'reject' || s.action === 'remove') where.push(ne(posts.approvalStatus, 'rejected'));
    if (s.action === 'feature') {
      where.push(eq(posts.approvalStatus, 'approved'), audience(null));
      where.push(notExists(conn.select({ one: sql`1` }).from(featuredPosts).where(and(eq(featuredPosts.postId, posts.id), showing(s.now)))));
    }
    return {
      where: and(...where),
      columns: {
        id: posts.id,
        ownerId: posts.userId,
        ownerName: users.username,
        label: posts.title,
        current: sql<string>`${posts.approvalStatus}`,
        createdAt: posts.createdAt,
        reports: reportCount('post', sql`${posts.id}`),
        filterHits: hitCount('post', sql`${posts.id}`),
      },
    };
  }

  const c = ratings;
  function commentsQuery(s: Selection) {
    const where = common(s, 'comment', sql`${c.id}`, sql`${c.userId}`, sql`${c.createdAt}`);
    where.push(isNotNull(c.comment), isNull(c.removedAt), isNull(c.heldAt));
    return {
      where: and(...where),
      columns: {
        id: c.id,
        ownerId: c.userId,
        ownerName: users.username,
        label: sql<string>`left(${c.comment}, 80)`,
        current: sql<string>`'visible'`,
        createdAt: c.createdAt,
        reports: reportCount('comment', sql`${c.id}`),
        filterHits: hitCount('comment', sql`${c.id}`),
      },
    };
  }

  const m = alias(users, 'm');
  function membersQuery(s: Selection) {
    const where = common(s, 'user', sql`${m.id}`, sql`${m.id}`, sql`${m.createdAt}`);
    // The member actions' rules: never an admin, never yourself; only active accounts are suspended.
    where.push(eq(m.accountStatus, 'active'), eq(m.isAdmin, false), ne(m.id, s.staffId));
    return {
      where: and(...where),
      columns: {
        id: m.id,
        ownerId: m.id,
        ownerName: m.username,
        label: sql<string>`'@' || ${m.username}`,
        current: sql<string>`${m.accountStatus}`,
        createdAt: m.createdAt,
        reports: reportCount('user', sql`${m.id}`),
        filterHits: hitCount('user', sql`${m.id}`),
      },
    };
  }

  async function count(s: Selection, conn: Conn = db): Promise<number> {
    const n = sql<number>`count(*)::int`;
    if (s.target === 'plates') {
      const q = platesQuery(s, conn);
      const [row] = await conn.select({ n }).from(posts).innerJoin(users, eq(users.id, posts.userId)).where(q.where);
      return Number(row?.n ?? 0);
    }
    if (s.target === 'comments') {
      const [row] = await conn.select({ n }).from(c).where(commentsQuery(s).where);
      return Number(row?.n ?? 0);
    }
    const [row] = await conn.select({ n }).from(m).where(membersQuery(s).where);
    return Number(row?.n ?? 0);
  }

  /**
   * The first `limit` selected items by id, with their owner, counts and state; `lock` takes row
   * locks on the items (the run), so nobody changes them between the selection and the writes.
   */
  async function items(s: Selection, limit: number, lock: boolean, conn: Conn = db): Promise<SelectedItem[]> {
    if (s.target === 'plates') {
      const q = platesQuery(s, conn);
      const base = conn.select(q.columns).from(posts).innerJoin(users, eq(users.id, posts.userId)).where(q.where).orderBy(posts.id).limit(limit);
      return lock ? base.for('update', { of: posts }) : base;
    }
    if (s.target === 'comments') {
      const q = commentsQuery(s);
      const base = conn.select(q.columns).from(c).innerJoin(users, eq(users.id, c.userId)).where(q.where).orderBy(c.id).limit(limit);
      return lock ? base.for('update', { of: c }) : base;
    }
    const q = membersQuery(s);
    const base = conn.select(q.columns).from(m).where(q.where).orderBy(m.id).limit(limit);
    return lock ? base.for('no key update') : base;
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async userIdByName(username: string): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row?.id ?? null;
    },

    count,
    items,

    async insertBatch(values: typeof bulkOperations.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(bulkOperations).values(values).returning();
      return row!;
    },

    async insertItems(rows: NewBulkOperationItem[], tx: Tx): Promise<void> {
      if (rows.length > 0) await tx.insert(bulkOperationItems).values(rows);
    },

    async lockBatch(id: number, tx: Tx) {
      const [row] = await tx.select().from(bulkOperations).where(eq(bulkOperations.id, id)).for('update').limit(1);
      return row;
    },

    async itemsOf(operationId: number, tx: Tx) {
      return tx.select().from(bulkOperationItems).where(eq(bulkOperationItems.operationId, operationId)).orderBy(bulkOperationItems.id);
    },

    async markItems(ids: number[], outcome: 'restored' | 'skipped', tx: Tx): Promise<void> {
      if (ids.length > 0) await tx.update(bulkOperationItems).set({ outcome }).where(inArray(bulkOperationItems.id, ids));
    },

    async finishUndo(id: number, values: { undoneAt: Date; undoneBy: number; restored: number; skipped: number }, tx: Tx): Promise<void> {
      await tx.update(bulkOperations).set(values).where(eq(bulkOperations.id, id));
    },

    async lockPost(id: number, tx: Tx): Promise<Post | undefined> {
      const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update').limit(1);
      return row;
    },

    async restorePost(id: number, values: Pick<Post, 'approvalStatus' | 'rejectionReason' | 'approvedAt' | 'approvedBy'>, tx: Tx): Promise<void> {
      await tx.update(posts).set(values).where(eq(posts.id, id));
    },

    /** Batches newest first, with the admin who ran and the one who undid each, after the id `before`. */
    async page(before: number | undefined, limit: number) {
      return batchesWithPeople()
        .where(before === undefined ? undefined : lt(bulkOperations.id, before))
        .orderBy(desc(bulkOperations.id))
        .limit(limit);
    },

    async batchRow(id: number) {
      const [row] = await batchesWithPeople().where(eq(bulkOperations.id, id));
      return row;
    },
  };
}

export type BulkOpsRepository = ReturnType<typeof createBulkOpsRepository>;
