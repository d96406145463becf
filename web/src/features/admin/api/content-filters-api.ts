import type { ContentFilterBody, ContentFilterDto, ContentFiltersResponse, ContentFilterTestResponse, FilterHitsResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const contentFilterKeys = {
  all: ['/api/admin/content-filters'] as const,
};

export function fetchContentFilters(): Promise<ContentFiltersResponse> {
  return apiRequest<ContentFiltersResponse>('GET', '/api/admin/content-filters');
}

/** Adds a filter (id null) or replaces one. */
export function saveContentFilter(id: number | null, body: ContentFilterBody): Promise<ContentFilterDto> {
  return id === null
    ? apiRequest<ContentFilterDto>('POST', '/api/admin/content-filters', body)
    : apiRequest<ContentFilterDto>('PUT', `/api/admin/content-filters/${id}`, body);
}

export function deleteContentFilter(id: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/admin/content-filters/${id}`);
}

export function testContentFilters(text: string): Promise<ContentFilterTestResponse> {
  return apiRequest<ContentFilterTestResponse>('POST', '/api/admin/content-filters/test', { text });
}

/** A filter's fields as the form and the PUT body take them. */
export function bodyOf(filter: ContentFilterDto): ContentFilterBody {
  const { name, filterType, pattern, action, severity, appliesTo, isActive } = filter;
  return { name, filterType, pattern, action, severity, appliesTo, isActive };
}

export const filterHitKeys = {
  forPost: (postId: number) => ['/api/admin/posts', postId, 'filter-hits'] as const,
};

export function fetchPostFilterHits(postId: number): Promise<FilterHitsResponse> {
  return apiRequest<FilterHitsResponse>('GET', `/api/admin/posts/${postId}/filter-hits`);
}
