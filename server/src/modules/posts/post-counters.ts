import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { anyOf } from '../../lib/any-of.js';
import { commentReplies, posts, ratings } from '../../db/schema/index.js';

/**
 * A plate's denormalised counters (ratings, their sum, comments, saves), and the reply and heart
 * counts of comments and replies, moved by the engagement modules in their own transactions. Every
 * change locks the plate first (`lockPost`, or an access check with `lock`), so concurrent writers
 * queue on one row in one order (plate, then rating rows) and never deadlock.
 *
 * What counts: only what an active member did. A suspended or deactivated member's ratings,
 * comments, replies, hearts, likes and saves are kept but count nowhere until the account is
 * active again; `recountTouched` moves the stored counters when an account's status changes
 * (`setAccountStatus` in users/users.rows.ts). Likes are counted by a trigger on `likes`
 * (migration 0015_like_count_trigger) with the same rule, and recounted here the same way.
 */

/** `uid` is an active member's id: the one rule for whose rows count. */
export const counted = (uid: SQL): SQL => sql`exists (select 1 from users cu where cu.id = ${uid} and cu.account_status = 'active')`;

/**
 * Outer-row references for correlated subqueries, always table-qualified: Drizzle writes a column
 * of a single-table statement without its table (`"id"`), which inside a subquery would silently
 * mean the subquery's own `id`.
 */
const POSTS_ID = sql.raw('"posts"."id"');
const RATINGS_ID = sql.raw('"ratings"."id"');
const REPLIES_ID = sql.raw('"comment_replies"."id"');

/** What a plate's stored counters should say, as subqueries over the plate `postId` (a column or a value). */
export function postCounts(postId: SQL | number) {
  return {
    ratingCount: sql<number>`(select count(*)::int from ratings r where r.post_id = ${postId} and r.rating is not null and ${counted(sql`r.user_id`)})`,
    ratingSum: sql<number>`(select coalesce(sum(r.rating), 0)::int from ratings r where r.post_id = ${postId} and ${counted(sql`r.user_id`)})`,
    commentCount: sql<number>`(select count(*)::int from ratings r where r.post_id = ${postId} and r.comment is not null and r.held_at is null and r.removed_at is null and ${counted(sql`r.user_id`)})`,
    saveCount: sql<number>`(select count(*)::int from saves s where s.post_id = ${postId} and ${counted(sql`s.user_id`)})`,
    likeCount: sql<number>`(select count(*)::int from likes lk where lk.post_id = ${postId} and ${counted(sql`lk.user_id`)})`,
  };
}

/** Takes the plate's row FOR UPDATE. */
export async function lockPost(conn: Db | Tx, postId: number): Promise<void> {
  await conn.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1).for('update');
}

/** Moves a plate's counters by the given deltas (atomic `x = x + d`). */
export async function bumpPostCounters(
  conn: Db | Tx,
  postId: number,
  delta: { ratingCount?: number; ratingSum?: number; commentCount?: number },
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (delta.ratingCount) set.ratingCount = sql`${posts.ratingCount} + ${delta.ratingCount}`;
  if (delta.ratingSum) set.ratingSum = sql`${posts.ratingSum} + ${delta.ratingSum}`;
  if (delta.commentCount) set.commentCount = sql`${posts.commentCount} + ${delta.commentCount}`;
  if (Object.keys(set).length === 0) return;
  await conn.update(posts).set(set).where(eq(posts.id, postId));
}

/** Recounts one plate's counters (a change whose author may not count: a moderator's, a held item's). */
export async function recountPost(tx: Tx, postId: number): Promise<void> {
  await recountTouched(tx, { postIds: [postId], commentIds: [], replyIds: [] });
}

/** Recounts one comment's reply and heart counts (plate locked first, as everywhere). */
export async function recountComment(tx: Tx, commentId: number): Promise<void> {
  await recountTouched(tx, { postIds: [], commentIds: [commentId], replyIds: [] });
}

/** Rows whose counters include something of one member's. */
export interface TouchedCounters {
  postIds: number[];
  commentIds: number[];
  replyIds: number[];
}

/**
 * Plates the member rated, commented on, saved or liked; comments they hearted or replied to; replies
 * they hearted. Driven from the member's own rows (each table's user_id index), never a scan of
 * every plate. One statement after another: a transaction is one connection.
 */
export async function countersTouchedBy(tx: Tx, userId: number): Promise<TouchedCounters> {
  const ids = async (query: SQL) => (await tx.execute<{ id: number }>(query)).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  return {
    postIds: await ids(sql`
      select r.post_id as id from ratings r where r.user_id = ${userId}
      union
      select s.post_id from saves s where s.user_id = ${userId}
      union
      select lk.post_id from likes lk where lk.user_id = ${userId}`),
    commentIds: await ids(sql`
      select h.rating_id as id from comment_hearts h where h.user_id = ${userId}
      union
      select cr.rating_id from comment_replies cr where cr.user_id = ${userId}`),
    replyIds: await ids(sql`select rh.reply_id as id from reply_hearts rh where rh.user_id = ${userId}`),
  };
}

/**
 * Recounts these rows' counters from the rows that count (after a deletion, or when a member's
 * account stops or starts counting), in three set-based statements. The plates concerned (those of
 * the comments and replies too) are locked first, in id order, the lock order of every counter
 * change; so each recount reads what every writer that held a plate before it committed.
 */
export async function recountTouched(tx: Tx, ids: TouchedCounters): Promise<void> {
  if (ids.postIds.length + ids.commentIds.length + ids.replyIds.length === 0) return;
  // Each list is one array parameter: a prolific member touches thousands of rows.
  await tx.execute(sql`
    select p.id from posts p
    where ${anyOf(sql`p.id`, ids.postIds)}
       or p.id in (select c.post_id from ratings c where ${anyOf(sql`c.id`, ids.commentIds)})
       or p.id in (select c.post_id from comment_replies cr join ratings c on c.id = cr.rating_id where ${anyOf(sql`cr.id`, ids.replyIds)})
    order by p.id
    for update of p`);
  if (ids.postIds.length > 0) {
    await tx
      .update(posts)
      .set({ ...postCounts(POSTS_ID), updatedAt: sql`${posts.updatedAt}` })
      .where(anyOf(posts.id, ids.postIds));
  }
  if (ids.commentIds.length > 0) {
    await tx
      .update(ratings)
      .set({
        replyCount: sql`(select count(*)::int from comment_replies cr where cr.rating_id = ${RATINGS_ID} and cr.held_at is null and ${counted(sql`cr.user_id`)})`,
        heartCount: sql`(select count(*)::int from comment_hearts h where h.rating_id = ${RATINGS_ID} and ${counted(sql`h.user_id`)})`,
        updatedAt: sql`${ratings.updatedAt}`,
      })
      .where(anyOf(ratings.id, ids.commentIds));
  }
  if (ids.replyIds.length > 0) {
    await tx
      .update(commentReplies)
      .set({
        heartCount: sql`(select count(*)::int from reply_hearts h where h.reply_id = ${REPLIES_ID} and ${counted(sql`h.user_id`)})`,
        updatedAt: sql`${commentReplies.updatedAt}`,
      })
      .where(anyOf(commentReplies.id, ids.replyIds));
  }
}
