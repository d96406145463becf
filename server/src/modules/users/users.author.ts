import type { Author } from '@plates/common';
import { and, eq } from 'drizzle-orm';
import { users, userVerifications } from '../../db/schema/index.js';

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
export const activeVerification = and(eq(userVerifications.userId, users.id), eq(userVerifications.isActive, true));

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

export function toAuthor(row: AuthorRow, verifiedType: VerifiedType): Author {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName ?? null,
    profileImage: row.profileImage ?? null,
    isAdmin: row.isAdmin,
    isVerified: verifiedType !== null,
    verifiedType,
    points: row.points,
    level: row.level,
  };
}
