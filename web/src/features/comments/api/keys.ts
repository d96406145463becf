/**
 * Query keys of comments. A plate's comments live under posts' '/api/posts' (the same values as
 * before this feature had its own folder), so one invalidation of plates (or the session change in
 * auth's sessionScopedKeys) reaches them too.
 */
export const commentKeys = {
  all: ['/api/posts', 'comments'] as const,
  forPost: (postId: number) => [...commentKeys.all, postId] as const,
};
