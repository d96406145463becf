import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { follows, userBlocks, users, userVerifications, type FollowStatus, type User } from '../../db/schema/index.js';
import { after, type Keyset } from '../../lib/keyset.js';
import { activeVerification } from '../users/users.author.js';
import { blockBetween, blocks, followerCountOf, followStatusOf, summaryColumns, USERS_ID, type SummaryRow } from './graph.sql.js';

type Conn = Db | Tx;

/** What the rules need to know about the other person of a follow or block. */
export interface Relation {
  id: number;
  username: string;
  displayName: string | null;
  isPrivate: boolean;
  accountStatus: User['accountStatus'];
  viewerBlocked: boolean;
  blockedViewer: boolean;
  /** The viewer's follow towards them, if any. */
  followStatus: FollowStatus | null;
}

/** A page of people with the keyset of its last row. */
export interface SummaryPage {
  rows: SummaryRow[];
  last: Keyset | undefined;
  hasMore: boolean;
}

function pageOf<T extends { keyAt: string; keyId: number }>(rows: T[], limit: number) {
  const kept = rows.slice(0, limit);
  const lastRow = kept[kept.length - 1];
  return {
    kept,
    last: lastRow ? { at: lastRow.keyAt, id: lastRow.keyId } : undefined,
    hasMore: rows.length > limit,
  };
}

function stripKeys(rows: Array<SummaryRow & { keyAt: string; keyId: number }>): SummaryRow[] {
  return rows.map(({ keyAt: _at, keyId: _id, ...row }) => row);
}

/** Follows, follow requests and blocks between people, and who to follow. */
export function createGraphRepository(db: Db) {
  /**
   * People linked by accepted (or pending) follows to `userId`, newest follow first, active accounts
   * only and nobody with a block towards the viewer either way: one statement.
   */
  async function followPage(
    options: {
      userId: number;
      /** 'followers': rows whose following is userId; 'following': rows whose follower is userId. */
      side: 'followers' | 'following';
      status: FollowStatus;
      viewerId: number;
      cursor?: Keyset | undefined;
      limit: number;
    },
    conn: Conn = db,
  ): Promise<SummaryPage> {
    const { userId, side, status, viewerId, cursor } = options;
    const [mine, theirs] = side === 'followers' ? [follows.followingId, follows.followerId] : [follows.followerId, follows.followingId];
    const rows = await conn
      .select({
        ...summaryColumns(viewerId),
        keyAt: sql<string>`${follows.createdAt}::text`,
        keyId: follows.id,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .leftJoin(userVerifications, activeVerification)
      .where(
        and(
          eq(mine, userId),
          eq(follows.status, status),
          eq(users.accountStatus, 'active'),
          viewerId ? sql`not ${blockBetween(viewerId, USERS_ID)}` : undefined,
          after(follows.createdAt, follows.id, cursor),
        ),
      )
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(options.limit + 1);
    const page = pageOf(rows, options.limit);
    return { rows: stripKeys(page.kept), last: page.last, hasMore: page.hasMore };
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The other person of a follow or block, and how the viewer stands towards them: one statement. */
    async relation(userId: number, viewerId: number, conn: Conn = db): Promise<Relation | undefined> {
      const [row] = await conn
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          isPrivate: users.isPrivate,
          accountStatus: users.accountStatus,
          viewerBlocked: blocks(viewerId, USERS_ID),
          blockedViewer: blocks(USERS_ID, viewerId),
          followStatus: followStatusOf(viewerId, USERS_ID),
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    followPage,

    /** Accepted followers of `userId` with active accounts. */
    async followerCount(userId: number, conn: Conn = db): Promise<number> {
      const [row] = await conn.select({ n: followerCountOf(USERS_ID) }).from(users).where(eq(users.id, userId));
      return row?.n ?? 0;
    },

    async pendingRequestCount(userId: number, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(and(eq(follows.followingId, userId), eq(follows.status, 'pending'), eq(users.accountStatus, 'active')));
      return row?.n ?? 0;
    },

    /** Inserts the follow unless one exists (either status); answers whether it was new. */
    async insertFollow(followerId: number, followingId: number, status: FollowStatus, tx: Tx): Promise<boolean> {
      const rows = await tx
        .insert(follows)
        .values({ followerId, followingId, status })
        .onConflictDoNothing({ target: [follows.followerId, follows.followingId] })
        .returning({ id: follows.id });
      return rows.length > 0;
    },

    /** Deletes the follow (either status); answers the status it had, or undefined. */
    async deleteFollow(followerId: number, followingId: number, conn: Conn = db): Promise<FollowStatus | undefined> {
      const [row] = await conn
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
        .returning({ status: follows.status });
      return row?.status;
    },

    /** Accepts one pending request; answers whether there was one. */
    async acceptRequest(followerId: number, followingId: number, tx: Tx): Promise<boolean> {
      const rows = await tx
        .update(follows)
        .set({ status: 'accepted' })
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId), eq(follows.status, 'pending')))
        .returning({ id: follows.id });
      return rows.length > 0;
    },

    /** Accepts every pending request to the user; answers the followers accepted. */
    async acceptAllRequests(followingId: number, tx: Tx): Promise<number[]> {
      const rows = await tx
        .update(follows)
        .set({ status: 'accepted' })
        .where(and(eq(follows.followingId, followingId), eq(follows.status, 'pending')))
        .returning({ followerId: follows.followerId });
      return rows.map((r) => r.followerId);
    },

    async declineRequest(followerId: number, followingId: number, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .delete(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId), eq(follows.status, 'pending')))
        .returning({ id: follows.id });
      return rows.length > 0;
    },

    /** Blocks (or re-blocks with a new reason); answers the block row. */
    async upsertBlock(blockerId: number, blockedId: number, reason: string | null, tx: Tx) {
      const [row] = await tx
        .insert(userBlocks)
        .values({ blockerId, blockedId, reason })
        .onConflictDoUpdate({ target: [userBlocks.blockerId, userBlocks.blockedId], set: { reason } })
        .returning();
      if (!row) throw new Error('block upsert returned no row');
      return row;
    },

    async deleteBlock(blockerId: number, blockedId: number, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
        .returning({ id: userBlocks.id });
      return rows.length > 0;
    },

    /** Removes follows and follow requests between the two, in both directions. */
    async deleteFollowsBetween(a: number, b: number, tx: Tx): Promise<void> {
      await tx
        .delete(follows)
        .where(
          sql`(${follows.followerId} = ${a} and ${follows.followingId} = ${b}) or (${follows.followerId} = ${b} and ${follows.followingId} = ${a})`,
        );
    },

    /**
     * Hides (or shows again) the conversation between the two for `userId`: sets `is_blocked` on
     * their per-user row of the pair's chat session, creating the row when the session has none.
     */
    async setChatBlocked(userId: number, otherId: number, blocked: boolean, tx: Tx): Promise<void> {
      await tx.execute(sql`
        insert into chat_session_user_data (session_id, user_id, is_blocked)
        select cs.id, ${userId}::int, ${blocked}::boolean from chat_sessions cs
        where (cs.user1_id = ${userId} and cs.user2_id = ${otherId}) or (cs.user1_id = ${otherId} and cs.user2_id = ${userId})
        on conflict (session_id, user_id) do update set is_blocked = excluded.is_blocked, updated_at = now()
      `);
    },

    /** Whether the viewer has blocked the user, and whether the user exists. */
    async blockStatus(viewerId: number, userId: number, conn: Conn = db) {
      const [row] = await conn
        .select({ id: users.id, blocked: blocks(viewerId, USERS_ID) })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** People the viewer blocked, newest block first. */
    async blockedUsers(viewerId: number, conn: Conn = db) {
      return conn
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          profileImage: users.profileImage,
          verifiedType: userVerifications.verifiedType,
          reason: userBlocks.reason,
          blockedAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .leftJoin(userVerifications, activeVerification)
        .where(eq(userBlocks.blockerId, viewerId))
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id));
    },

    /**
     * People to follow: active, verified, not me, not followed or asked by me, no block either way.
     * Ranked by how many of the people I follow follow them, then followers, then points: one
     * statement.
     */
    async suggestions(viewerId: number, limit: number, conn: Conn = db): Promise<SummaryRow[]> {
      const rows = await conn
        .select({
          ...summaryColumns(viewerId),
          mutual: sql<number>`(select count(*)::int from follows mf where mf.following_id = ${USERS_ID} and mf.status = 'accepted' and mf.follower_id in (select mine.following_id from follows mine where mine.follower_id = ${viewerId} and mine.status = 'accepted'))`.as(
            'mutual',
          ),
          rankFollowers: followerCountOf(USERS_ID).as('rank_followers'),
        })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(
          and(
            ne(users.id, viewerId),
            eq(users.accountStatus, 'active'),
            eq(users.emailVerified, true),
            sql`not exists (select 1 from follows sf where sf.follower_id = ${viewerId} and sf.following_id = ${USERS_ID})`,
            sql`not ${blockBetween(viewerId, USERS_ID)}`,
          ),
        )
        .orderBy(sql`"mutual" desc`, sql`"rank_followers" desc`, desc(users.points), desc(users.id))
        .limit(limit);
      return rows.map(({ mutual: _m, rankFollowers: _r, ...row }) => row);
    },
  };
}

export type GraphRepository = ReturnType<typeof createGraphRepository>;
