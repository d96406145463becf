import type { SearchTab } from '@plates/common';

/** `/search?q=…` with an optional tab (document 1 §2). */
export function searchPagePath(query: string, tab?: SearchTab): string {
  const params = new URLSearchParams({ q: query.trim() });
  if (tab) params.set('tab', tab);
  return `/search?${params.toString()}`;
}

export const profilePath = (id: number) => `/profile/${id}`;
export const postPath = (id: number) => `/posts/${id}`;
