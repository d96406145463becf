import { searchKeys } from '../../search';

/**
 * Query keys of the session. The first element is the API path, so the default query function
 * (GET the path in the key) serves them.
 */
export const authKeys = {
  user: ['/api/user'] as const,
  maintenance: ['/api/system/maintenance'] as const,
  communityStats: ['/api/stats/community'] as const,
  /** The session as the server sees it, with the clock offset measured around the call (/test-auth). */
  session: ['/api/auth/session'] as const,
  /** A suspended member's strikes, read with an appeal pass (kept per pass, never with a session). */
  appealStrikes: (appealToken: string) => ['appeal-pass', '/api/user/strikes', appealToken] as const,
};

/**
 * Keys other features own that a change of session makes stale (document 1 §4). Search imports no
 * feature, so its factory is used; the others import auth, so their roots are written out here.
 */
export const sessionScopedKeys = [
  ['/api/posts'],
  ['/api/notifications'],
  ['/api/suggested-users'],
  // profiles carry the viewer's own relation to them (following, blocked, own profile)
  ['/api/users'],
  ['/api/user/follow-requests'],
  // search hides people and plates across blocks and private profiles
  searchKeys.all,
  // chat: conversations, threads, requests and the unread badge
  ['/api/simple-chat'],
  ['/api/chat'],
] as const;
