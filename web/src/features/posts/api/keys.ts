/**
 * Query keys of plates. Every list and detail lives under '/api/posts' so one invalidation (or the
 * session change in auth's sessionScopedKeys) reaches them all, and `updatePostInCaches` can walk
 * them. Categories and the image refresher use the default fetcher (GET the first element).
 */
export type FeedFilter = { location?: string };
export type TopRatedPeriod = 'day' | 'week' | 'all';

export const postKeys = {
  all: ['/api/posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (filter: FeedFilter = {}) => [...postKeys.feeds(), filter] as const,
  saved: () => [...postKeys.all, 'saved'] as const,
  topRated: (period: TopRatedPeriod, limit: number) => [...postKeys.all, 'top-rated', period, limit] as const,
  topRatedAll: () => [...postKeys.all, 'top-rated'] as const,
  /** The Featured row above the home feed (a PostDto array, so the cache helpers reach it). */
  featured: () => [...postKeys.all, 'featured'] as const,
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
  neighbors: (id: number) => [...postKeys.all, 'neighbors', id] as const,
  categories: ['/api/categories'] as const,
};
