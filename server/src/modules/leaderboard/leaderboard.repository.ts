import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, userVerifications } from '../../db/schema/index.js';
import { activeVerification, authorColumns, type AuthorRow, type VerifiedType } from '../users/users.author.js';

/** Who is ranked: active accounts with a verified email. */
const ranked = and(eq(users.accountStatus, 'active'), eq(users.emailVerified, true));

export interface LeaderboardRow extends AuthorRow {
  verifiedType: VerifiedType;
}

export function createLeaderboardRepository(db: Db) {
  return {
    /** Users after the cursor (points desc, id asc), with their active verification badge. */
    async page(after: { points: number; id: number } | null, limit: number): Promise<LeaderboardRow[]> {
      return db
        .select({ ...authorColumns, verifiedType: userVerifications.verifiedType })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(
          and(
            ranked,
            after === null
              ? undefined
              : or(lt(users.points, after.points), and(eq(users.points, after.points), gt(users.id, after.id))),
          ),
        )
        .orderBy(desc(users.points), asc(users.id))
        .limit(limit);
    },

    /**
     * For the first row of a page: how many ranked users have more points (its competition rank
     * is that + 1) and how many come before it at the same points (its position among the ties).
     */
    async standing(points: number, id: number): Promise<{ above: number; tiedBefore: number }> {
      const [row] = await db
        .select({
          above: sql<number>`count(*) filter (where ${users.points} > ${points})::int`,
          tiedBefore: sql<number>`count(*) filter (where ${users.points} = ${points} and ${users.id} < ${id})::int`,
        })
        .from(users)
        .where(and(ranked, sql`${users.points} >= ${points}`));
      return { above: Number(row?.above ?? 0), tiedBefore: Number(row?.tiedBefore ?? 0) };
    },
  };
}

export type LeaderboardRepository = ReturnType<typeof createLeaderboardRepository>;
