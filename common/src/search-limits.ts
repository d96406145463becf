/** Search constants and messages (document 1 §5, §9; document 2 §5, §9). No zod here: see schemas/search.ts. */
export const SEARCH = {
  minQuery: 2,
  maxQuery: 100,
  debounceMs: 300,
  perGroup: 3,
  cacheMs: 5 * 60_000,
  advancedCacheMs: 2 * 60_000,
  maxComments: 50,
  /**
   * Counts stop here: past it a count answers this number with `…Capped: true`, shown as "1,000+",
   * and pages reach no further (docs/decisions/0022-search-at-scale.md).
   */
  countCap: 1000,
} as const;

export const SEARCH_MESSAGES = {
  tooShort: 'Type at least 2 characters to search',
  tooLong: `Search terms cannot exceed ${SEARCH.maxQuery} characters`,
  badTab: 'Tab must be all, users or food',
  badSort: 'Sort must be newest, oldest, rating, popular or trending',
  badDateRange: 'Date range must be all, today, week, month or year',
  badCuisine: 'Unknown cuisine',
  badRating: 'Rating must be between 1 and 5',
  badRatingRange: 'Minimum rating cannot exceed maximum rating',
  badComments: 'Minimum comments must be a whole number from 0 to 50',
  badBoolean: "must be 'true' or 'false'",
} as const;
