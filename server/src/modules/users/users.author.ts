import type { Author } from '@plates/common';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users, userVerifications } from '../../db/schema/index.js';
import { isConst } from '../../lib/literal.js';

/**
 * A person shown beside their content (a plate's author, a leaderboard row): the columns to
 * select, the join that finds their verification badge, and the mapping to `Author`. Explicit, so
 * an email or a setting can never ride along.
 */
export const authorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  profileImage: users.profileImage,
  isAdmin: users.isAdmin,
  points: users.points,
  level: users.level,
};

/** Left-join condition for the user's active badge (`userVerifications.verifiedType`). */
export const activeVerification = and(eq(userVerifications.userId, users.id), isConst(userVerifications.isActive, true));

export interface AuthorRow {
  id: number;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  isAdmin: boolean;
  points: number;
  level: number;
}

export type VerifiedType = Author['verifiedType'];

/**
 * The active badge of a second (or third) person in one query: a left join of
 * `user_verifications` under its own alias, on `userId` (a column of the caller's query).
 * `user_verifications.user_id` is unique, so the join never multiplies rows.
 */
export function badgeJoin(name: string, userId: AnyPgColumn) {
  const badge = alias(userVerifications, name);
  return { table: badge, on: and(eq(badge.userId, userId), isConst(badge.isActive, true))!, verifiedType: badge.verifiedType };
}

/** The same left join for hand-written SQL: `left join user_verifications <name> on …` for `userId`. */
export function badgeJoinSql(name: string, userId: SQL): SQL {
  const badge = sql.identifier(name);
  return sql`left join ${userVerifications} ${badge} on ${badge}.user_id = ${userId} and ${badge}.is_active`;
}

/** The badge fields of every person shape, from the joined `verified_type` (null or absent: none). */
export function toBadge(verifiedType: VerifiedType | undefined): { isVerified: boolean; verifiedType: VerifiedType } {
  const type = verifiedType ?? null;
  return { isVerified: type !== null, verifiedType: type };
}

export function toAuthor(row: AuthorRow, verifiedType: VerifiedType): Author {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName ?? null,
    profileImage: row.profileImage ?? null,
    isAdmin: row.isAdmin,
    ...toBadge(verifiedType),
    points: row.points,
    level: row.level,
  };
}
