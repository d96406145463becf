import { AdvancedSearchQuery, CUISINES, DateRange, SEARCH, SearchSort, type Cuisine } from '@plates/common';

/**
 * The filter object of document 2 §3 as the filter form holds it, and its round trip through the
 * URL of /search/advanced. Only values that differ from the defaults go into the URL.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;

export type TriState = '' | 'true' | 'false';

export interface SearchFilters {
  location: string;
  author: string;
  minRating: number;
  maxRating: number;
  dateRange: DateRange;
  /** '' is the server's default: relevance with a query, newest without. */
  sortBy: SearchSort | '';
  cuisineTypes: string[];
  hasLocation: TriState;
  minComments: number;
}

export const DEFAULT_FILTERS: SearchFilters = {
  location: '',
  author: '',
  minRating: RATING_MIN,
  maxRating: RATING_MAX,
  dateRange: 'all',
  sortBy: '',
  cuisineTypes: [],
  hasLocation: '',
  minComments: 0,
};

/**
 * The URL parameters /search/advanced reads and sends to `GET /api/search/posts`. Not `hasImage`:
 * every plate is a photo, so the filter means nothing here; the API still takes it.
 */
export const FILTER_PARAMS = [
  'q',
  'location',
  'author',
  'minRating',
  'maxRating',
  'dateRange',
  'sortBy',
  'cuisineTypes',
  'hasLocation',
  'minComments',
] as const;

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'Any time',
  today: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
};

export const SORT_LABELS: Record<SearchSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  rating: 'Highest rated',
  popular: 'Most popular',
  trending: 'Trending',
};

/** Ratings to one decimal, without float noise: 3.5000001 gives 3.5. */
export function roundRating(value: number): number {
  return Math.round(value * 10) / 10;
}

/** "3.5", "4": the rating as written into the URL. */
export function ratingParam(value: number): string {
  return String(roundRating(value));
}

function numberIn(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

function triState(raw: string | null): TriState {
  return raw === 'true' || raw === 'false' ? raw : '';
}

/**
 * The filters in the URL, read leniently for the form and the chips: an unknown or out-of-range
 * value shows as the default. The request still sends the URL as it is, so the server's validation
 * message is what the person sees.
 */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const dateRange = DateRange.safeParse(params.get('dateRange'));
  const sortBy = SearchSort.safeParse(params.get('sortBy'));
  const known = new Map(CUISINES.map((c) => [c.toLowerCase(), c] as const));
  const cuisines = (params.get('cuisineTypes') ?? '')
    .split(',')
    .map((name) => known.get(name.trim().toLowerCase()))
    .filter((name): name is Cuisine => name !== undefined);
  return {
    location: (params.get('location') ?? '').trim(),
    author: (params.get('author') ?? '').trim(),
    minRating: numberIn(params.get('minRating'), RATING_MIN, RATING_MAX, RATING_MIN),
    maxRating: numberIn(params.get('maxRating'), RATING_MIN, RATING_MAX, RATING_MAX),
    dateRange: dateRange.success ? dateRange.data : 'all',
    sortBy: sortBy.success ? sortBy.data : '',
    cuisineTypes: [...new Set(cuisines)],
    hasLocation: triState(params.get('hasLocation')),
    minComments: numberIn(params.get('minComments'), 0, SEARCH.maxComments, 0),
  };
}

/** The query and the filters that differ from the defaults, as URL parameters. */
export function filtersToParams(query: string, filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = query.trim();
  if (q) params.set('q', q);
  if (filters.location.trim()) params.set('location', filters.location.trim());
  if (filters.author.trim()) params.set('author', filters.author.trim());
  if (roundRating(filters.minRating) !== RATING_MIN) params.set('minRating', ratingParam(filters.minRating));
  if (roundRating(filters.maxRating) !== RATING_MAX) params.set('maxRating', ratingParam(filters.maxRating));
  if (filters.dateRange !== 'all') params.set('dateRange', filters.dateRange);
  if (filters.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.cuisineTypes.length) {
    // in the order of the list, whatever order they were ticked in: one URL per filter set
    const order = CUISINES as readonly string[];
    const sorted = [...filters.cuisineTypes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    params.set('cuisineTypes', sorted.join(','));
  }
  if (filters.hasLocation) params.set('hasLocation', filters.hasLocation);
  if (filters.minComments > 0) params.set('minComments', String(Math.round(filters.minComments)));
  return params;
}

/** `/search/advanced?…` for a query and filters. */
export function advancedSearchPath(query: string, filters: SearchFilters): string {
  const search = filtersToParams(query, filters).toString();
  return search ? `/search/advanced?${search}` : '/search/advanced';
}

/**
 * Active filters for the badge on the filters button: location, author, the rating range (once,
 * when it is not 1-5), the cuisines (once, when any is ticked), has location and minimum
 * comments. The query, the date range, the sort order and default values do not count.
 */
export function activeFilterCount(filters: SearchFilters): number {
  return [
    filters.location.trim() !== '',
    filters.author.trim() !== '',
    roundRating(filters.minRating) !== RATING_MIN || roundRating(filters.maxRating) !== RATING_MAX,
    filters.cuisineTypes.length > 0,
    filters.hasLocation !== '',
    filters.minComments > 0,
  ].filter(Boolean).length;
}

/** The URL's filter parameters as sent to the server: the known names, empty values dropped. */
export function requestParams(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FILTER_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/**
 * Checks a query and filters with the server's own schema before they go into the URL: the
 * messages of the first failing fields, or an empty list.
 */
export function filterErrors(query: string, filters: SearchFilters): string[] {
  const result = AdvancedSearchQuery.safeParse(Object.fromEntries(filtersToParams(query, filters)));
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

export type FilterChip =
  | { kind: 'location'; label: string }
  | { kind: 'author'; label: string }
  | { kind: 'rating'; label: string }
  | { kind: 'cuisine'; label: string; cuisine: string };

/** The removable chips: location, author, rating range and each cuisine. */
export function filterChips(filters: SearchFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.location) chips.push({ kind: 'location', label: `Location: ${filters.location}` });
  if (filters.author) chips.push({ kind: 'author', label: `Author: ${filters.author}` });
  if (roundRating(filters.minRating) !== RATING_MIN || roundRating(filters.maxRating) !== RATING_MAX) {
    chips.push({
      kind: 'rating',
      label: `Rating: ${roundRating(filters.minRating).toFixed(1)}–${roundRating(filters.maxRating).toFixed(1)}`,
    });
  }
  for (const cuisine of filters.cuisineTypes) chips.push({ kind: 'cuisine', label: cuisine, cuisine });
  return chips;
}

/** The filters without one chip's value. */
export function withoutChip(filters: SearchFilters, chip: FilterChip): SearchFilters {
  switch (chip.kind) {
    case 'location':
      return { ...filters, location: '' };
    case 'author':
      return { ...filters, author: '' };
    case 'rating':
      return { ...filters, minRating: RATING_MIN, maxRating: RATING_MAX };
    case 'cuisine':
      return { ...filters, cuisineTypes: filters.cuisineTypes.filter((c) => c !== chip.cuisine) };
  }
}
