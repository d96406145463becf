import type { ProfileDto, UserSummary } from '@plates/common';

/** Test data in the contract's shapes (common/src/schemas/users.ts). */
export function makeProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 11,
    username: 'chef_bo',
    displayName: 'Bo Baker',
    profileImage: null,
    isAdmin: false,
    isVerified: false,
    verifiedType: null,
    points: 2600,
    level: 3,
    bio: 'Bread and slow food.',
    location: 'Porto, Portugal',
    isPrivate: false,
    chatEnabled: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    followerCount: 12,
    followingCount: 4,
    postCount: 2,
    isFollowing: false,
    followState: 'none',
    followsYou: false,
    isBlocked: false,
    isOwn: false,
    canViewPosts: true,
    pendingRequestCount: 0,
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 21,
    username: 'dana',
    displayName: 'Dana Dough',
    profileImage: null,
    isAdmin: false,
    isVerified: false,
    verifiedType: null,
    points: 100,
    level: 1,
    bio: null,
    followerCount: 3,
    followState: 'none',
    ...overrides,
  };
}

/** A deferred answer for a stubbed route: the test decides when the server replies. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
