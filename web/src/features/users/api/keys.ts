import { postKeys } from '../../posts';

/**
 * Query keys of people and the social graph. The first element is the API path the data comes
 * from, so "invalidate /api/users/{id}" is one call. A cook's plates live under posts' '/api/posts'
 * so that saving, rating or deleting a plate updates them like any other list of plates, and
 * blocking someone (which invalidates '/api/posts') drops their plates everywhere.
 */
export const userKeys = {
  all: ['/api/users'] as const,
  user: (id: number) => [...userKeys.all, id] as const,
  profile: (id: number) => [...userKeys.user(id), 'profile'] as const,
  followers: (id: number) => [...userKeys.user(id), 'followers'] as const,
  following: (id: number) => [...userKeys.user(id), 'following'] as const,
  /** GET /api/users/blocked: the viewer's blocked list. */
  blocked: () => [...userKeys.all, 'blocked'] as const,
  posts: (id: number) => [...postKeys.all, 'by-user', id] as const,
  followRequests: ['/api/user/follow-requests'] as const,
  /** GET /api/user/strikes: the viewer's own strikes and appeals. */
  strikes: ['/api/user/strikes'] as const,
  /** GET /api/verification: the viewer's badge and verification request. */
  verification: ['/api/verification'] as const,
  /** GET /api/user/data-exports: the viewer's data exports. */
  dataExports: ['/api/user/data-exports'] as const,
  suggestedAll: ['/api/suggested-users'] as const,
  suggested: (limit: number) => [...userKeys.suggestedAll, limit] as const,
};

export type UserListKind = 'followers' | 'following';
