import type { SearchTab } from '@plates/common';

/**
 * Query keys of search. Everything lives under '/api/search', so one invalidation (a session
 * change, say) reaches the header preview, the /search tabs and the advanced results.
 */
export const searchKeys = {
  all: ['/api/search'] as const,
  /** The header dropdown, keyed by the trimmed query (cached 5 min). */
  preview: (query: string) => [...searchKeys.all, 'preview', query] as const,
  /** /search: every tab of one query, for reading the counts of another tab. */
  resultsFor: (query: string) => [...searchKeys.all, 'results', query] as const,
  /** /search, one tab, paged. */
  results: (query: string, tab: SearchTab) => [...searchKeys.resultsFor(query), tab] as const,
  /** /search/advanced, keyed by the filter parameters as sent (cached 2 min). */
  advanced: (params: Record<string, string>) => [...searchKeys.all, 'advanced', params] as const,
};
