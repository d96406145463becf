import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  commentReplies,
  follows,
  posts,
  ratings,
  sessions,
  userBlocks,
  users,
  userVerifications,
  type FollowStatus,
  type NewUser,
  type User,
} from '../../db/schema/index.js';
import { after, type Keyset } from '../../lib/keyset.js';
import { activeVerification, authorColumns, type AuthorRow, type VerifiedType } from './users.author.js';
import { hasActiveBadge, updateUserRow } from './users.rows.js';

type Conn = Db | Tx;
type Ref = SQL | AnyPgColumn;

/**
 * Outer-row references for correlated subqueries, always table-qualified: Drizzle writes a column
 * of a single-table query without its table (`"id"`), which inside a subquery would silently mean
 * the subquery's own `id`.
 */
const USERS_ID = sql.raw('"users"."id"');
const POSTS_ID = sql.raw('"posts"."id"');
const RATINGS_ID = sql.raw('"ratings"."id"');
const REPLIES_ID = sql.raw('"comment_replies"."id"');

/**
 * SQL pieces about people, each one expression so a list answers in one statement whatever its
 * length. Inner tables are aliased, so `ref` (usually `users.id` of the outer query) always means
 * the outer row.
 */

/** Accepted followers of `ref` whose accounts are active: the number a profile and a list show. */
const followerCountOf = (ref: Ref) =>
  sql<number>`(select count(*)::int from follows fc join users fu on fu.id = fc.follower_id where fc.following_id = ${ref} and fc.status = 'accepted' and fu.account_status = 'active')`.mapWith(
    Number,
  );

/** The viewer's follow towards `ref`: 'pending', 'accepted' or null. */
const followStatusOf = (viewerId: number, ref: Ref) =>
  sql<FollowStatus | null>`(select vf.status from follows vf where vf.follower_id = ${viewerId} and vf.following_id = ${ref})`;

/** A block between the viewer and `ref`, in either direction. */
const blockBetween = (viewerId: number, ref: Ref) =>
  sql`exists (select 1 from user_blocks bb where (bb.blocker_id = ${viewerId} and bb.blocked_id = ${ref}) or (bb.blocker_id = ${ref} and bb.blocked_id = ${viewerId}))`;

/** One-way block: `blocker` has blocked `blocked`. */
const blocks = (blocker: Ref | number, blocked: Ref | number) =>
  sql<boolean>`exists (select 1 from user_blocks ob where ob.blocker_id = ${blocker} and ob.blocked_id = ${blocked})`.mapWith(
    Boolean,
  );

/** A row of a people list: who they are, their badge, followers and how the viewer follows them. */
export interface SummaryRow extends AuthorRow {
  bio: string | null;
  verifiedType: VerifiedType;
  followerCount: number;
  followStatus: FollowStatus | null;
}

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

const summaryColumns = (viewerId: number) => ({
  ...authorColumns,
  bio: users.bio,
  verifiedType: userVerifications.verifiedType,
  followerCount: followerCountOf(USERS_ID),
  followStatus: followStatusOf(viewerId, USERS_ID),
});

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

export function createUsersRepository(db: Db) {
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

    updateUser(id: number, values: Partial<NewUser>, conn: Conn = db): Promise<User> {
      return updateUserRow(conn, id, values);
    },

    isVerifiedUser(userId: number, conn: Conn = db): Promise<boolean> {
      return hasActiveBadge(conn, userId);
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
          reason: userBlocks.reason,
          blockedAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
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

    /**
     * Rows of OTHER people whose denormalised counters include something of this user's: plates
     * they rated, commented on or saved; comments they hearted or replied to; replies they hearted.
     * Read before the account is deleted (the rows that point at them go with it).
     */
    async countersTouchedBy(userId: number, tx: Tx) {
      // Driven from the user's own rows (each table's user_id index), never a scan of every plate.
      // One after another: a transaction is one connection.
      const ids = async (query: SQL) => (await tx.execute<{ id: number }>(query)).rows.map((r) => Number(r.id));
      const postIds = await ids(sql`
        select r.post_id as id from ratings r join posts p on p.id = r.post_id where r.user_id = ${userId} and p.user_id <> ${userId}
        union
        select s.post_id from saves s join posts p on p.id = s.post_id where s.user_id = ${userId} and p.user_id <> ${userId}`);
      const commentIds = await ids(sql`
        select h.rating_id as id from comment_hearts h join ratings c on c.id = h.rating_id where h.user_id = ${userId} and c.user_id <> ${userId}
        union
        select cr.rating_id from comment_replies cr join ratings c on c.id = cr.rating_id where cr.user_id = ${userId} and c.user_id <> ${userId}`);
      const replyIds = await ids(sql`
        select rh.reply_id as id from reply_hearts rh join comment_replies cr on cr.id = rh.reply_id where rh.user_id = ${userId} and cr.user_id <> ${userId}`);
      return {
        postIds: postIds.sort((a, b) => a - b),
        commentIds: commentIds.sort((a, b) => a - b),
        replyIds: replyIds.sort((a, b) => a - b),
      };
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
    async recount(ids: { postIds: number[]; commentIds: number[]; replyIds: number[] }, tx: Tx): Promise<void> {
      if (ids.postIds.length > 0) {
        await tx
          .update(posts)
          .set({
            ratingCount: sql`(select count(*)::int from ratings r where r.post_id = ${POSTS_ID} and r.rating is not null)`,
            ratingSum: sql`(select coalesce(sum(r.rating), 0)::int from ratings r where r.post_id = ${POSTS_ID})`,
            commentCount: sql`(select count(*)::int from ratings r where r.post_id = ${POSTS_ID} and r.comment is not null)`,
            saveCount: sql`(select count(*)::int from saves s where s.post_id = ${POSTS_ID})`,
            updatedAt: sql`${posts.updatedAt}`,
          })
          .where(inArray(posts.id, ids.postIds));
      }
      if (ids.commentIds.length > 0) {
        await tx
          .update(ratings)
          .set({
            replyCount: sql`(select count(*)::int from comment_replies cr where cr.rating_id = ${RATINGS_ID})`,
            heartCount: sql`(select count(*)::int from comment_hearts h where h.rating_id = ${RATINGS_ID})`,
            updatedAt: sql`${ratings.updatedAt}`,
          })
          .where(inArray(ratings.id, ids.commentIds));
      }
      if (ids.replyIds.length > 0) {
        await tx
          .update(commentReplies)
          .set({
            heartCount: sql`(select count(*)::int from reply_hearts h where h.reply_id = ${REPLIES_ID})`,
            updatedAt: sql`${commentReplies.updatedAt}`,
          })
          .where(inArray(commentReplies.id, ids.replyIds));
      }
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
