import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users, userVerifications, type FollowStatus } from '../../db/schema/index.js';
import { authorColumns, type AuthorRow, type VerifiedType } from '../users/users.author.js';

type Ref = SQL | AnyPgColumn;

/**
 * The outer row's `users.id`, table-qualified: Drizzle writes a column of a single-table query
 * without its table (`"id"`), which inside a subquery would silently mean the subquery's own `id`.
 */
export const USERS_ID = sql.raw('"users"."id"');

/**
 * SQL pieces about follows and blocks, each one expression so a list (graph) or a profile (users)
 * answers in one statement whatever its length. Inner tables are aliased, so `ref` (usually
 * `users.id` of the outer query) always means the outer row.
 */

/** Accepted followers of `ref` whose accounts are active: the number a profile and a list show. */
export const followerCountOf = (ref: Ref) =>
  sql<number>`(select count(*)::int from follows fc join users fu on fu.id = fc.follower_id where fc.following_id = ${ref} and fc.status = 'accepted' and fu.account_status = 'active')`.mapWith(
    Number,
  );

/** The viewer's follow towards `ref`: 'pending', 'accepted' or null. */
export const followStatusOf = (viewerId: number, ref: Ref) =>
  sql<FollowStatus | null>`(select vf.status from follows vf where vf.follower_id = ${viewerId} and vf.following_id = ${ref})`;

/** A block between the viewer and `ref`, in either direction. */
export const blockBetween = (viewerId: number, ref: Ref) =>
  sql`exists (select 1 from user_blocks bb where (bb.blocker_id = ${viewerId} and bb.blocked_id = ${ref}) or (bb.blocker_id = ${ref} and bb.blocked_id = ${viewerId}))`;

/** One-way block: `blocker` has blocked `blocked`. */
export const blocks = (blocker: Ref | number, blocked: Ref | number) =>
  sql<boolean>`exists (select 1 from user_blocks ob where ob.blocker_id = ${blocker} and ob.blocked_id = ${blocked})`.mapWith(
    Boolean,
  );

/** A row of a people list: who they are, their badge, followers and how the viewer follows them. */
export interface SummaryRow extends AuthorRow {
  bio: string | null;
  verifiedType: VerifiedType;
  followerCount: number;
  followStatus: FollowStatus | null;
}

/** The columns of a `SummaryRow`, over `users` left-joined with its active badge. */
export const summaryColumns = (viewerId: number) => ({
  ...authorColumns,
  bio: users.bio,
  verifiedType: userVerifications.verifiedType,
  followerCount: followerCountOf(USERS_ID),
  followStatus: followStatusOf(viewerId, USERS_ID),
});
