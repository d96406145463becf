import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { ratings, users } from '../../db/schema/index.js';
import { bumpPostCounters, postCounts, recountPost } from '../posts/post-counters.js';

type Conn = Db | Tx;

export function createRatingsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    bumpPostCounters: (tx: Conn, postId: number, delta: Parameters<typeof bumpPostCounters>[2]) =>
      bumpPostCounters(tx, postId, delta),

    /** Recounts a plate from its rows (a change whose author may not count, post-counters.ts). */
    recountPost: (tx: Tx, postId: number) => recountPost(tx, postId),

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

    async insertComment(tx: Tx, values: { postId: number; userId: number; comment: string; heldAt?: Date }): Promise<number> {
      const [row] = await tx.insert(ratings).values(values).returning({ id: ratings.id });
      if (!row) throw new Error('comment insert returned no row');
      return row.id;
    },

    async lockHeldComment(commentId: number, tx: Tx) {
      const [row] = await tx
        .select({ id: ratings.id, postId: ratings.postId, userId: ratings.userId })
        .from(ratings)
        .where(and(eq(ratings.id, commentId), isNotNull(ratings.heldAt)))
        .for('update')
        .limit(1);
      return row;
    },

    async releaseHeldComment(commentId: number, tx: Tx): Promise<void> {
      await tx.update(ratings).set({ heldAt: null }).where(eq(ratings.id, commentId));
    },

    async deleteHeldComment(commentId: number, tx: Tx) {
      const [row] = await tx
        .delete(ratings)
        .where(and(eq(ratings.id, commentId), isNotNull(ratings.heldAt)))
        .returning({ userId: ratings.userId, postId: ratings.postId });
      return row;
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
      const { ratingCount, ratingSum, commentCount } = postCounts(postId);
      const [row] = await conn.execute<{ ratingCount: number; ratingSum: number; commentCount: number }>(
        sql`select ${ratingCount} as "ratingCount", ${ratingSum} as "ratingSum", ${commentCount} as "commentCount"`,
      ).then((r) => r.rows);
      return row ?? { ratingCount: 0, ratingSum: 0, commentCount: 0 };
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
