import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, ratings, users } from '../../db/schema/index.js';

export function createSystemRepository(db: Db) {
  return {
    /** Published plates, active verified members, and star ratings given. */
    async communityCounts(): Promise<{ posts: number; users: number; ratings: number }> {
      const [[p], [u], [r]] = await Promise.all([
        db.select({ n: count() }).from(posts).where(eq(posts.approvalStatus, 'approved')),
        db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.emailVerified, true), eq(users.accountStatus, 'active'))),
        db.select({ n: count() }).from(ratings).where(isNotNull(ratings.rating)),
      ]);
      return { posts: p?.n ?? 0, users: u?.n ?? 0, ratings: r?.n ?? 0 };
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
