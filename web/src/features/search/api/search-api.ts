import type { AdvancedSearchResponse, SearchResponse, SearchTab } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export interface SearchRequest {
  q: string;
  tab: SearchTab;
  page?: number;
  limit?: number;
}

/** `GET /api/search?q=&tab=&page=&limit=`: people and plates (document 1 §7). */
export function fetchSearch({ q, tab, page = 1, limit }: SearchRequest): Promise<SearchResponse> {
  const params = new URLSearchParams({ q, tab, page: String(page) });
  if (limit !== undefined) params.set('limit', String(limit));
  return apiRequest<SearchResponse>('GET', `/api/search?${params.toString()}`);
}

/**
 * `GET /api/search/posts?{filters}&page=`: the filters go as the URL gave them; the server validates
 * them and answers 400 with the message for a bad one (document 2 §7).
 */
export function fetchAdvancedSearch(filters: Record<string, string>, page: number, limit: number): Promise<AdvancedSearchResponse> {
  const params = new URLSearchParams(filters);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return apiRequest<AdvancedSearchResponse>('GET', `/api/search/posts?${params.toString()}`);
}
