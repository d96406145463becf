import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';

/**
 * A plate's denormalised counters (ratings, their sum, comments), moved by the engagement modules
 * in their own transactions. Every change locks the plate first (`lockPost`, or an access check
 * with `lock`), so concurrent writers queue on one row in one order (plate, then rating rows) and
 * never deadlock.
 */

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
