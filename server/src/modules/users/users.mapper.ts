import type { SessionUser } from '@plates/common';
import type { User } from '../../db/schema/index.js';

/**
 * The signed-in user's own view of their account. Explicit, so no column (the password hash)
 * can leak by accident; the email appears here only because this view goes to its owner.
 */
export function toSessionUser(user: User, options: { isVerified: boolean }): SessionUser {
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
    isVerified: options.isVerified,
    isPrivate: user.isPrivate,
    chatEnabled: user.chatEnabled,
    points: user.points,
    level: user.level,
    createdAt: user.createdAt.toISOString(),
  };
}
