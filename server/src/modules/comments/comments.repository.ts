import { and, asc, desc, eq, inArray, isNotNull, lt, sql, type SQL, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { commentHearts, commentReplies, posts, ratings, replyHearts, userBlocks, users, userVerifications } from '../../db/schema/index.js';
import { bumpPostCounters, counted, lockPost, recountComment, recountPost } from '../posts/post-counters.js';
import { activeVerification, type VerifiedType } from '../users/users.author.js';

type Conn = Db | Tx;

const authorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  profileImage: users.profileImage,
  isAdmin: users.isAdmin,
  verifiedType: userVerifications.verifiedType,
};

export interface AuthorRow {
  id: number;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  isAdmin: boolean;
  /** From the left join of the author's active badge (`activeVerification`). */
  verifiedType: VerifiedType;
}

export interface CommentRow {
  id: number;
  comment: string | null;
  createdAt: Date;
  heartCount: number;
  isHearted: boolean;
  heldAt: Date | null;
  user: AuthorRow;
}

export interface ReplyRow {
  id: number;
  ratingId: number;
  content: string;
  createdAt: Date;
  heartCount: number;
  isHearted: boolean;
  heldAt: Date | null;
  user: AuthorRow;
}

/** A comment (or reply) with the plate it belongs to, for permission checks. */
export interface CommentTarget {
  id: number;
  userId: number;
  /** The row also carries its author's star rating (comments only). */
  rating: number | null;
  /** Waiting for a moderator (never counted on the plate or the comment). */
  heldAt: Date | null;
  postId: number;
  postOwnerId: number;
  postTitle: string;
  approvalStatus: 'pending' | 'approved' | 'rejected';
}

const heartedBy = (table: typeof commentHearts | typeof replyHearts, viewerId: number | null, on: SQL): SQL<boolean> =>
  viewerId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${table} where ${on} and ${table.userId} = ${viewerId})`;

/**
 * Content by `author` the viewer may read: none across a block in either direction (a guest sees
 * everything). Part of the list query itself, so the number of queries stays fixed.
 */
const notBlockedWith = (viewerId: number | null, author: SQL | typeof ratings.userId | typeof commentReplies.userId): SQL | undefined =>
  viewerId === null
    ? undefined
    : sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${author}) or (${userBlocks.blockerId} = ${author} and ${userBlocks.blockedId} = ${viewerId}))`;

/** A held comment or reply is shown only to its author until a moderator publishes it. */
const heldShownTo = (heldAt: typeof ratings.heldAt | typeof commentReplies.heldAt, author: typeof ratings.userId | typeof commentReplies.userId, viewerId: number | null): SQL =>
  viewerId === null ? isNull(heldAt) : or(isNull(heldAt), eq(author, viewerId))!;

async function findAuthor(conn: Conn, userId: number): Promise<AuthorRow | undefined> {
  const [row] = await conn.select(authorColumns).from(users).leftJoin(userVerifications, activeVerification).where(eq(users.id, userId)).limit(1);
  return row;
}

export function createCommentsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    lockPost: (tx: Tx, postId: number) => lockPost(tx, postId),
    bumpPostCounters: (tx: Tx, postId: number, delta: Parameters<typeof bumpPostCounters>[2]) =>
      bumpPostCounters(tx, postId, delta),

    /** Recounts a plate from its rows (a change whose author may not count, post-counters.ts). */
    recountPost: (tx: Tx, postId: number) => recountPost(tx, postId),

    /**
     * One page of a plate's top-level comments, newest first by id (ids follow insertion order),
     * with their authors (comments whose author row is gone are skipped by the inner join, and so
     * are those of deactivated or suspended accounts and those across a block with the viewer) and
     * whether the viewer hearted each: one query.
     */
    async commentsPage(postId: number, viewerId: number | null, beforeId: number | null, limit: number): Promise<CommentRow[]> {
      return db
        .select({
          id: ratings.id,
          comment: ratings.comment,
          createdAt: ratings.createdAt,
          heartCount: ratings.heartCount,
          heldAt: ratings.heldAt,
          isHearted: heartedBy(commentHearts, viewerId, sql`${commentHearts.ratingId} = ${ratings.id}`),
          user: authorColumns,
        })
        .from(ratings)
        .innerJoin(users, eq(users.id, ratings.userId))
        .leftJoin(userVerifications, activeVerification)
        .where(
          and(
            eq(ratings.postId, postId),
            isNotNull(ratings.comment),
            isNull(ratings.removedAt),
            heldShownTo(ratings.heldAt, ratings.userId, viewerId),
            beforeId === null ? undefined : lt(ratings.id, beforeId),
            eq(users.accountStatus, 'active'),
            notBlockedWith(viewerId, ratings.userId),
          ),
        )
        .orderBy(desc(ratings.id))
        .limit(limit);
    },

    /**
     * Every reply to the given comments (none by inactive accounts or across a block), oldest
     * first, with authors and the viewer's hearts: one query.
     */
    async repliesOf(commentIds: number[], viewerId: number | null): Promise<ReplyRow[]> {
      if (commentIds.length === 0) return [];
      return db
        .select({
          id: commentReplies.id,
          ratingId: commentReplies.ratingId,
          content: commentReplies.content,
          createdAt: commentReplies.createdAt,
          heartCount: commentReplies.heartCount,
          heldAt: commentReplies.heldAt,
          isHearted: heartedBy(replyHearts, viewerId, sql`${replyHearts.replyId} = ${commentReplies.id}`),
          user: authorColumns,
        })
        .from(commentReplies)
        .innerJoin(users, eq(users.id, commentReplies.userId))
        .leftJoin(userVerifications, activeVerification)
        .where(
          and(
            inArray(commentReplies.ratingId, commentIds),
            heldShownTo(commentReplies.heldAt, commentReplies.userId, viewerId),
            eq(users.accountStatus, 'active'),
            notBlockedWith(viewerId, commentReplies.userId),
          ),
        )
        .orderBy(asc(commentReplies.ratingId), asc(commentReplies.id));
    },

    /** A top-level comment (a ratings row with text) and its plate; `lock` takes the row FOR UPDATE. */
    async findComment(commentId: number, conn: Conn = db, lock = false): Promise<CommentTarget | undefined> {
      const query = conn
        .select({
          id: ratings.id,
          userId: ratings.userId,
          rating: ratings.rating,
          heldAt: ratings.heldAt,
          postId: ratings.postId,
          postOwnerId: posts.userId,
          postTitle: posts.title,
          approvalStatus: posts.approvalStatus,
        })
        .from(ratings)
        .innerJoin(posts, eq(posts.id, ratings.postId))
        .where(and(eq(ratings.id, commentId), isNotNull(ratings.comment), isNull(ratings.removedAt)))
        .limit(1);
      const [row] = lock ? await query.for('update', { of: ratings }) : await query;
      return row;
    },

    async findReply(replyId: number, conn: Conn = db): Promise<(CommentTarget & { commentId: number }) | undefined> {
      const [row] = await conn
        .select({
          id: commentReplies.id,
          userId: commentReplies.userId,
          commentId: commentReplies.ratingId,
          heldAt: commentReplies.heldAt,
          postId: ratings.postId,
          postOwnerId: posts.userId,
          postTitle: posts.title,
          approvalStatus: posts.approvalStatus,
        })
        .from(commentReplies)
        .innerJoin(ratings, eq(ratings.id, commentReplies.ratingId))
        .innerJoin(posts, eq(posts.id, ratings.postId))
        .where(eq(commentReplies.id, replyId))
        .limit(1);
      return row ? { ...row, rating: null } : undefined;
    },

    author: (userId: number, conn: Conn = db) => findAuthor(conn, userId),

    /** Whether either of the two has blocked the other. */
    async blockedBetween(a: number, b: number, conn: Conn = db): Promise<boolean> {
      const [row] = await conn
        .select({ id: userBlocks.id })
        .from(userBlocks)
        .where(
          sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
        )
        .limit(1);
      return row !== undefined;
    },

    async insertReply(tx: Tx, values: { ratingId: number; userId: number; content: string; heldAt?: Date }) {
      const [row] = await tx.insert(commentReplies).values(values).returning();
      if (!row) throw new Error('reply insert returned no row');
      if (values.heldAt) return row; // counted when a moderator publishes it
      await tx
        .update(ratings)
        .set({ replyCount: sql`${ratings.replyCount} + 1` })
        .where(eq(ratings.id, values.ratingId));
      return row;
    },

    /** Publishes a held reply: no longer held, and counted on its comment. */
    async releaseHeldReply(tx: Tx, replyId: number, commentId: number): Promise<void> {
      await tx.update(commentReplies).set({ heldAt: null }).where(eq(commentReplies.id, replyId));
      // A recount: the author may have been suspended while it waited, and then it does not count.
      await recountComment(tx, commentId);
    },

    /** Deletes a comment-only row (its replies and hearts cascade). */
    async deleteCommentRow(tx: Tx, commentId: number): Promise<void> {
      await tx.delete(ratings).where(eq(ratings.id, commentId));
    },

    /** A row that also holds its author's star rating keeps the rating; the comment, its replies and hearts go. */
    async clearCommentText(tx: Tx, commentId: number): Promise<void> {
      await tx.delete(commentReplies).where(eq(commentReplies.ratingId, commentId));
      await tx.delete(commentHearts).where(eq(commentHearts.ratingId, commentId));
      await tx.update(ratings).set({ comment: null, replyCount: 0, heartCount: 0 }).where(eq(ratings.id, commentId));
    },

    async deleteReply(tx: Tx, replyId: number, commentId: number): Promise<void> {
      const deleted = await tx
        .delete(commentReplies)
        .where(eq(commentReplies.id, replyId))
        .returning({ id: commentReplies.id, heldAt: commentReplies.heldAt, userId: commentReplies.userId });
      if (deleted.length === 0 || deleted[0]!.heldAt) return; // a held reply was never counted
      await tx
        .update(ratings)
        .set({ replyCount: sql`greatest(${ratings.replyCount} - 1, 0)` })
        // nor was a suspended or deactivated author's
        .where(and(eq(ratings.id, commentId), counted(sql`${deleted[0]!.userId}::int`)));
    },

    /**
     * Hearts: the unique (target, user) pair decides. Adding inserts ON CONFLICT DO NOTHING and
     * bumps the counter only when a row went in; removing bumps it down only when a row came out.
     * Answers whether anything changed and the counter afterwards.
     */
    async heartComment(tx: Tx, ratingId: number, userId: number, on: boolean) {
      const changed = on
        ? await tx.insert(commentHearts).values({ ratingId, userId }).onConflictDoNothing().returning({ id: commentHearts.id })
        : await tx
            .delete(commentHearts)
            .where(and(eq(commentHearts.ratingId, ratingId), eq(commentHearts.userId, userId)))
            .returning({ id: commentHearts.id });
      const delta = changed.length === 0 ? 0 : on ? 1 : -1;
      const [row] =
        delta === 0
          ? await tx.select({ heartCount: ratings.heartCount }).from(ratings).where(eq(ratings.id, ratingId))
          : await tx
              .update(ratings)
              .set({ heartCount: sql`${ratings.heartCount} + ${delta}` })
              .where(eq(ratings.id, ratingId))
              .returning({ heartCount: ratings.heartCount });
      return { changed: delta !== 0, heartCount: row?.heartCount ?? 0 };
    },

    async heartReply(tx: Tx, replyId: number, userId: number, on: boolean) {
      const changed = on
        ? await tx.insert(replyHearts).values({ replyId, userId }).onConflictDoNothing().returning({ id: replyHearts.id })
        : await tx
            .delete(replyHearts)
            .where(and(eq(replyHearts.replyId, replyId), eq(replyHearts.userId, userId)))
            .returning({ id: replyHearts.id });
      const delta = changed.length === 0 ? 0 : on ? 1 : -1;
      const [row] =
        delta === 0
          ? await tx.select({ heartCount: commentReplies.heartCount }).from(commentReplies).where(eq(commentReplies.id, replyId))
          : await tx
              .update(commentReplies)
              .set({ heartCount: sql`${commentReplies.heartCount} + ${delta}` })
              .where(eq(commentReplies.id, replyId))
              .returning({ heartCount: commentReplies.heartCount });
      return { changed: delta !== 0, heartCount: row?.heartCount ?? 0 };
    },

    async displayName(userId: number, conn: Conn = db): Promise<string> {
      const row = await findAuthor(conn, userId);
      return row?.displayName || row?.username || 'Someone';
    },
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
