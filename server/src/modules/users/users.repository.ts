import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { posts, sessions, users, userVerifications, type AccountStatus, type User } from '../../db/schema/index.js';
import { blocks, summaryColumns, type SummaryRow } from '../graph/graph.sql.js';
import { activeVerification } from './users.author.js';
import { countersTouchedBy, recountTouched, type TouchedCounters } from '../posts/post-counters.js';
import { setAccountStatus, updateUserRow, type UserChanges } from './users.rows.js';

type Conn = Db | Tx;

/**
 * Outer-row references for correlated subqueries, always table-qualified: Drizzle writes a column
 * of a single-table query without its table (`"id"`), which inside a subquery would silently mean
 * the subquery's own `id`.
 */
const USERS_ID = sql.raw('"users"."id"');

export interface ProfileRow extends SummaryRow {
  location: string | null;
  isPrivate: boolean;
  chatEnabled: boolean;
  accountStatus: User['accountStatus'];
  createdAt: Date;
  followingCount: number;
  postCount: number;
  followsYou: boolean;
  /** The viewer blocked this user. */
  viewerBlocked: boolean;
  /** This user blocked the viewer. */
  blockedViewer: boolean;
  /** Pending requests to the user; 0 unless the viewer is the user. */
  pendingRequestCount: number;
}

export function createUsersRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUser(id: number, conn: Conn = db): Promise<User | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * Usernames and display names of the admin accounts: names a member may not take. One scan of
     * the rows where `is_admin`, asked only when a name is being set.
     */
    async adminNames(conn: Conn = db): Promise<string[]> {
      const rows = await conn
        .select({ username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.isAdmin, true));
      return rows.flatMap((r) => (r.displayName ? [r.username, r.displayName] : [r.username]));
    },

    /** The row, locked until the transaction ends. */
    async lockUser(id: number, tx: Tx): Promise<User | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
      return row;
    },

    updateUser(id: number, values: UserChanges, conn: Conn = db): Promise<User> {
      return updateUserRow(conn, id, values);
    },

    /** Changes the account's status and recounts what its rows count in (users.rows.ts). */
    setAccountStatus(id: number, accountStatus: AccountStatus, tx: Tx): Promise<User> {
      return setAccountStatus(tx, id, { accountStatus });
    },

    /**
     * A profile with every count and how the viewer stands towards it, in one statement (counts are
     * correlated subqueries on indexed columns). `viewerId` 0 is a guest (ids are positive).
     */
    async profile(userId: number, viewerId: number, conn: Conn = db): Promise<ProfileRow | undefined> {
      const [row] = await conn
        .select({
          ...summaryColumns(viewerId),
          location: users.location,
          isPrivate: users.isPrivate,
          chatEnabled: users.chatEnabled,
          accountStatus: users.accountStatus,
          createdAt: users.createdAt,
          followingCount: sql<number>`(select count(*)::int from follows gc join users gu on gu.id = gc.following_id where gc.follower_id = ${USERS_ID} and gc.status = 'accepted' and gu.account_status = 'active')`.mapWith(
            Number,
          ),
          // Approved plates; the owner counts every plate of their own.
          postCount: sql<number>`(select count(*)::int from posts pc where pc.user_id = ${USERS_ID} and (pc.approval_status = 'approved' or pc.user_id = ${viewerId}))`.mapWith(
            Number,
          ),
          followsYou: sql<boolean>`exists (select 1 from follows yf where yf.follower_id = ${USERS_ID} and yf.following_id = ${viewerId} and yf.status = 'accepted')`.mapWith(
            Boolean,
          ),
          viewerBlocked: blocks(viewerId, USERS_ID),
          blockedViewer: blocks(USERS_ID, viewerId),
          pendingRequestCount: sql<number>`(case when ${USERS_ID} = ${viewerId} then (select count(*)::int from follows rc join users ru on ru.id = rc.follower_id where rc.following_id = ${USERS_ID} and rc.status = 'pending' and ru.account_status = 'active') else 0 end)`.mapWith(
            Number,
          ),
        })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async deleteSessionsOfUser(userId: number, conn: Conn = db): Promise<void> {
      await conn.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Admins other than this user (any account state but suspended). */
    async otherAdminCount(userId: number, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(users)
        .where(and(eq(users.isAdmin, true), ne(users.id, userId), ne(users.accountStatus, 'suspended')));
      return row?.n ?? 0;
    },

    /** The image keys of the user's plates (for deleting files after the account is gone). */
    async plateImagesOf(userId: number, conn: Conn = db) {
      return conn
        .select({ imageKey: posts.imageKey, imageVariants: posts.imageVariants })
        .from(posts)
        .where(eq(posts.userId, userId));
    },

    /** Whether any plate still shows this image, or any account an avatar with this key prefix. */
    async imageInUse(options: { plateKey?: string; avatarPrefix?: string }, conn: Conn = db) {
      if (options.plateKey) {
        const [row] = await conn.select({ id: posts.id }).from(posts).where(eq(posts.imageKey, options.plateKey)).limit(1);
        if (row) return true;
      }
      if (options.avatarPrefix) {
        const [row] = await conn
          .select({ id: users.id })
          .from(users)
          .where(sql`position(${options.avatarPrefix} in ${users.profileImage}) > 0`)
          .limit(1);
        if (row) return true;
      }
      return false;
    },

    /** Rows whose counters include something of this member's (read before the account is deleted). */
    countersTouchedBy(userId: number, tx: Tx): Promise<TouchedCounters> {
      return countersTouchedBy(tx, userId);
    },

    /** Locks plates in id order: the lock order every counter change uses (plate first). */
    async lockPosts(ids: number[], tx: Tx): Promise<void> {
      if (ids.length === 0) return;
      await tx.select({ id: posts.id }).from(posts).where(inArray(posts.id, ids)).orderBy(posts.id).for('update');
    },

    async deleteUser(userId: number, tx: Tx): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    /** Recounts the counters of these rows from the rows that remain (after a deletion). */
    recount(ids: TouchedCounters, tx: Tx): Promise<void> {
      return recountTouched(tx, ids);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
