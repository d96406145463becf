import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { users, userVerifications, userWarnings, verificationRequests, type NewVerificationRequest } from '../../db/schema/index.js';
import { after, type Keyset } from '../../lib/keyset.js';
import { followerCountOf } from '../graph/graph.sql.js';
import { activeBadgeOf } from '../users/users.rows.js';
import { activeVerification, authorColumns } from '../users/users.author.js';

type Conn = Db | Tx;

const granter = alias(users, 'granter');
const r = verificationRequests;

/** The queue's columns: the request with its member, their counts and strikes (one statement). */
const queueColumns = {
  request: r,
  keyAt: sql<string>`${r.createdAt}::text`,
  member: {
    ...authorColumns,
    verifiedType: userVerifications.verifiedType,
    createdAt: users.createdAt,
    followerCount: followerCountOf(users.id),
    postCount: sql<number>`(select count(*)::int from posts pc where pc.user_id = ${users.id} and pc.approval_status = 'approved')`.mapWith(Number),
    activeStrikes: sql<number>`(select count(*)::int from ${userWarnings} where ${userWarnings.userId} = ${users.id} and ${userWarnings.isActive})`.mapWith(Number),
    totalStrikes: sql<number>`(select count(*)::int from ${userWarnings} where ${userWarnings.userId} = ${users.id})`.mapWith(Number),
  },
};

/** Verification requests and the verified members' list (the badge rows are written by moderation's repository). */
export function createVerificationRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The member's active badge, or null. */
    badgeOf(userId: number, conn: Conn = db) {
      return activeBadgeOf(conn, userId);
    },

    /** The member's latest request (pending or decided). */
    async latestOf(userId: number, conn: Conn = db) {
      const [row] = await conn.select().from(r).where(eq(r.userId, userId)).orderBy(desc(r.createdAt), desc(r.id)).limit(1);
      return row;
    },

    /** Locks the member's row so two requests of theirs are taken one after the other. */
    async lockMember(userId: number, tx: Tx) {
      const [row] = await tx.select({ id: users.id, username: users.username, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      return row;
    },

    async insert(values: NewVerificationRequest, tx: Tx) {
      const [row] = await tx.insert(r).values(values).returning();
      return row!;
    },

    /** The request and its member's name, locked for a decision. */
    async lock(id: number, tx: Tx) {
      const [row] = await tx
        .select({ request: r, username: users.username })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .where(eq(r.id, id))
        .for('update', { of: r })
        .limit(1);
      return row;
    },

    async decide(id: number, values: Pick<NewVerificationRequest, 'status' | 'decidedBy' | 'decidedAt' | 'decisionReason' | 'verifiedType'>, tx: Tx) {
      const [row] = await tx.update(r).set(values).where(eq(r.id, id)).returning();
      return row!;
    },

    /** Pending requests after the cursor, oldest first, each with its member (`limit` rows). */
    async queue(options: { cursor?: Keyset | undefined; limit: number }) {
      const { cursor } = options;
      return db
        .select(queueColumns)
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .leftJoin(userVerifications, activeVerification)
        .where(and(eq(r.status, 'pending'), cursor ? sql`(${r.createdAt}, ${r.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined))
        .orderBy(asc(r.createdAt), asc(r.id))
        .limit(options.limit);
    },

    /** Members holding a badge, most recently granted first, with who granted it (`limit` rows). */
    async verified(options: { cursor?: Keyset | undefined; limit: number }) {
      const v = userVerifications;
      return db
        .select({
          member: authorColumns,
          badge: { id: v.id, verifiedType: v.verifiedType, verifiedReason: v.verifiedReason, updatedAt: v.updatedAt },
          keyAt: sql<string>`${v.updatedAt}::text`,
          granter: { id: granter.id, username: granter.username },
        })
        .from(v)
        .innerJoin(users, eq(users.id, v.userId))
        .leftJoin(granter, eq(granter.id, v.grantedBy))
        .where(and(eq(v.isActive, true), after(v.updatedAt, v.id, options.cursor)))
        .orderBy(desc(v.updatedAt), desc(v.id))
        .limit(options.limit);
    },

    async findUser(userId: number, tx: Tx) {
      const [row] = await tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** When the oldest pending request was made (null when none waits); read from the queue's index. */
    async oldestPendingAt(): Promise<Date | null> {
      const [row] = await db.select({ createdAt: r.createdAt }).from(r).where(eq(r.status, 'pending')).orderBy(asc(r.createdAt), asc(r.id)).limit(1);
      return row?.createdAt ?? null;
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;

/**
 * When the oldest pending verification request was made, or null when none waits (the admin
 * dashboard's "age of the oldest pending verification request").
 */
export async function oldestPendingVerificationRequestAt(db: Db): Promise<Date | null> {
  return createVerificationRepository(db).oldestPendingAt();
}
