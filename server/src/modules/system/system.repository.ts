import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts, ratings, systemSettings, users } from '../../db/schema/index.js';

export function createSystemRepository(db: Db) {
  return {
    async getSetting(key: string): Promise<string | undefined> {
      const [row] = await db
        .select({ value: systemSettings.value })
        .from(systemSettings)
        .where(eq(systemSettings.key, key))
        .limit(1);
      return row?.value ?? undefined;
    },

    async setSetting(key: string, value: string): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    },

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
