import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { posts, ratings, users, type ApprovalStatus } from '../../db/schema/index.js';

type Conn = Db | Tx;

/** What the engagement rules need to know about a plate. */
export interface PostGate {
  id: number;
  userId: number;
  title: string;
  approvalStatus: ApprovalStatus;
}

/**
 * The plate a rating, comment, reply or heart is about. `lock` takes the post row FOR UPDATE: every
 * change to a plate's counters locks the post first, so concurrent writers queue on one row in one
 * order (post, then rating rows) and never deadlock.
 */
export async function findPostGate(conn: Conn, postId: number, lock = false): Promise<PostGate | undefined> {
  const query = conn
    .select({ id: posts.id, userId: posts.userId, title: posts.title, approvalStatus: posts.approvalStatus })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Moves a plate's denormalised counters by the given deltas (atomic `x = x + d`). */
export async function bumpPostCounters(
  conn: Conn,
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

export function createRatingsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    findPostGate: (postId: number, tx: Conn = db, lock = false) => findPostGate(tx, postId, lock),
    bumpPostCounters: (tx: Conn, postId: number, delta: Parameters<typeof bumpPostCounters>[2]) =>
      bumpPostCounters(tx, postId, delta),

    /**
     * Sets or replaces the user's star rating on the partial unique index (post_id, user_id) WHERE
     * rating IS NOT NULL. A new row also carries `comment` when one is given. Answers the row id,
     * whether it was inserted (`xmax = 0`) and the rating it replaced. The caller holds the post
     * lock, so the previous value read in the same statement cannot change underneath.
     */
    async upsertStarRating(
      tx: Tx,
      values: { postId: number; userId: number; rating: number; comment: string | null },
    ): Promise<{ id: number; inserted: boolean; previous: number | null }> {
      const result = await tx.execute<{ id: number; inserted: boolean; previous: number | null }>(sql`
        with prev as (
          select ${ratings.rating} as rating from ${ratings}
          where ${ratings.postId} = ${values.postId} and ${ratings.userId} = ${values.userId}
            and ${ratings.rating} is not null
        )
        insert into ${ratings} (post_id, user_id, rating, comment)
        values (${values.postId}, ${values.userId}, ${values.rating}, ${values.comment})
        on conflict (post_id, user_id) where rating is not null
        do update set rating = excluded.rating, updated_at = now()
        returning id, (xmax = 0) as inserted, (select rating from prev) as previous
      `);
      const row = result.rows[0];
      if (!row) throw new Error('rating upsert returned no row');
      return { id: Number(row.id), inserted: Boolean(row.inserted), previous: row.previous == null ? null : Number(row.previous) };
    },

    async insertComment(tx: Tx, values: { postId: number; userId: number; comment: string }): Promise<number> {
      const [row] = await tx.insert(ratings).values(values).returning({ id: ratings.id });
      if (!row) throw new Error('comment insert returned no row');
      return row.id;
    },

    async displayName(userId: number, conn: Conn = db): Promise<string> {
      const [row] = await conn
        .select({ username: users.username, displayName: users.displayName })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.displayName || row?.username || 'Someone';
    },

    /** Aggregate over the rows, for checks and repairs: what the counters should say. */
    async aggregate(postId: number, conn: Conn = db) {
      const [row] = await conn
        .select({
          ratingCount: sql<number>`count(${ratings.rating})::int`,
          ratingSum: sql<number>`coalesce(sum(${ratings.rating}), 0)::int`,
          commentCount: sql<number>`count(${ratings.comment})::int`,
        })
        .from(ratings)
        .where(eq(ratings.postId, postId));
      return row ?? { ratingCount: 0, ratingSum: 0, commentCount: 0 };
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
