/**
 * Query keys of the photo analysis. A plate's similar plates live under the plates' path
 * ('/api/posts') as a PostDto array, so the posts' cache helpers and invalidations reach them.
 */
export const analysisKeys = {
  similar: (postId: number, limit: number) => ['/api/posts', 'similar', postId, limit] as const,
};
