import type { ProfileDto, SessionUser } from '@plates/common';
import type { User } from '../../db/schema/index.js';
import { toFollowState } from '../graph/graph.mapper.js';
import { toAuthor, toBadge, type VerifiedType } from './users.author.js';
import type { ProfileRow } from './users.repository.js';

/**
 * The signed-in user's own view of their account. Explicit, so no column (the password hash)
 * can leak by accident; the email appears here only because this view goes to its owner.
 */
export function toSessionUser(user: User, verifiedType: VerifiedType): SessionUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName ?? null,
    email: user.email,
    profileImage: user.profileImage ?? null,
    bio: user.bio ?? null,
    location: user.location ?? null,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerified,
    ...toBadge(verifiedType),
    isPrivate: user.isPrivate,
    chatEnabled: user.chatEnabled,
    points: user.points,
    level: user.level,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A profile as this viewer sees it; `canViewPosts` is decided by the service. */
export function toProfileDto(row: ProfileRow, viewer: { isOwn: boolean; canViewPosts: boolean }): ProfileDto {
  const followState = toFollowState(row.followStatus);
  return {
    ...toAuthor(row, row.verifiedType),
    bio: row.bio ?? null,
    location: row.location ?? null,
    isPrivate: row.isPrivate,
    chatEnabled: row.chatEnabled,
    createdAt: row.createdAt.toISOString(),
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    postCount: row.postCount,
    isFollowing: followState === 'following',
    followState,
    followsYou: row.followsYou,
    isBlocked: row.viewerBlocked,
    isOwn: viewer.isOwn,
    canViewPosts: viewer.canViewPosts,
    pendingRequestCount: viewer.isOwn ? row.pendingRequestCount : 0,
  };
}
