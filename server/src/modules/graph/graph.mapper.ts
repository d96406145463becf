import type { BlockedUser, FollowState, UserSummary } from '@plates/common';
import type { FollowStatus } from '../../db/schema/index.js';
import { toAuthor, toBadge, type VerifiedType } from '../users/users.author.js';
import type { SummaryRow } from './graph.sql.js';

/** The viewer's follow row (or none) as the API names it. */
export function toFollowState(status: FollowStatus | null | undefined): FollowState {
  if (status === 'accepted') return 'following';
  if (status === 'pending') return 'requested';
  return 'none';
}

/** Someone in a list. Explicit: never an email, a password hash or a setting. */
export function toUserSummary(row: SummaryRow): UserSummary {
  return {
    ...toAuthor(row, row.verifiedType),
    bio: row.bio ?? null,
    followerCount: row.followerCount,
    followState: toFollowState(row.followStatus),
  };
}

export function toBlockedUser(row: {
  id: number;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  verifiedType: VerifiedType;
  reason: string | null;
  blockedAt: Date;
}): BlockedUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName ?? null,
    profileImage: row.profileImage ?? null,
    ...toBadge(row.verifiedType),
    reason: row.reason ?? null,
    blockedAt: row.blockedAt.toISOString(),
  };
}
