import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { SEARCH, SEARCH_MESSAGES } from '../search-limits.js';
import { BadgeFields, CUISINES, ImageDto } from './posts.js';

/**
 * Shapes of search: the header dropdown and /search (`GET /api/search`), and /search/advanced
 * (`GET /api/search/posts`), document 1 §2, §3, §7 and document 2 §2, §3, §5, §9.
 */

// The constants and messages live in a module without zod, so the web's header search box can use
// them without pulling the schemas into the first page load.
export { SEARCH, SEARCH_MESSAGES } from '../search-limits.js';

export const SearchTab = z.enum(['all', 'users', 'food'], { error: SEARCH_MESSAGES.badTab });
export type SearchTab = z.infer<typeof SearchTab>;

export const SearchSort = z.enum(['newest', 'oldest', 'rating', 'popular', 'trending'], {
  error: SEARCH_MESSAGES.badSort,
});
export type SearchSort = z.infer<typeof SearchSort>;

export const DateRange = z.enum(['all', 'today', 'week', 'month', 'year'], { error: SEARCH_MESSAGES.badDateRange });
export type DateRange = z.infer<typeof DateRange>;

export const SearchText = z
  .string({ error: SEARCH_MESSAGES.tooShort })
  .trim()
  .min(SEARCH.minQuery, SEARCH_MESSAGES.tooShort)
  .max(SEARCH.maxQuery, SEARCH_MESSAGES.tooLong);

/**
 * `GET /api/search?q=&tab=&page=&limit=`: people and plates ranked by relevance. `tab=users` or
 * `tab=food` answers only that group (the other is empty, its count still given).
 */
export const SearchQuery = z.object({
  q: SearchText,
  tab: SearchTab.default('all'),
  page: wholeNumberParam('Page', 1, 1000, 1),
  limit: wholeNumberParam('Limit', 1, 50, 10),
});
export type SearchQuery = z.input<typeof SearchQuery>;

/** A person in search results (document 2 §3 "Search users"). */
export const SearchUser = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  isAdmin: z.boolean(),
  ...BadgeFields.shape,
});
export type SearchUser = z.infer<typeof SearchUser>;

/** A plate in search results (document 2 §3 "Search posts"). */
export const SearchPost = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string(),
  image: ImageDto,
  location: z.string().nullable(),
  createdAt: z.string(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  categories: z.array(z.string()),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string().nullable(),
    profileImage: z.string().nullable(),
    ...BadgeFields.shape,
  }),
});
export type SearchPost = z.infer<typeof SearchPost>;

export const SearchResponse = z.object({
  users: z.array(SearchUser),
  posts: z.array(SearchPost),
  /**
   * How many people and plates match in all (for "See all N people" and the tab counts), at most
   * `SEARCH.countCap`: past it the count is the cap and its `…Capped` flag is true ("1,000+").
   */
  userCount: z.number().int(),
  postCount: z.number().int(),
  /** Present, and true, only when `userCount` stopped at the cap: more people match. */
  userCountCapped: z.boolean().optional(),
  /** Present, and true, only when `postCount` stopped at the cap: more plates match. */
  postCountCapped: z.boolean().optional(),
  page: z.number().int(),
  hasMoreUsers: z.boolean(),
  hasMorePosts: z.boolean(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

const flag = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} ${SEARCH_MESSAGES.badBoolean}` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'));

const rating = z.coerce
  .number({ error: SEARCH_MESSAGES.badRating })
  .min(1, SEARCH_MESSAGES.badRating)
  .max(5, SEARCH_MESSAGES.badRating)
  .optional();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Filter text cannot exceed ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

/**
 * `GET /api/search/posts`: the filter object of document 2 §3 as query parameters. `q` may be
 * empty (filters alone); when present it must have 2+ characters. Without `sortBy`, a query sorts
 * by relevance and no query sorts by newest.
 */
export const AdvancedSearchQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(SEARCH.maxQuery, SEARCH_MESSAGES.tooLong)
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || v.length >= SEARCH.minQuery, SEARCH_MESSAGES.tooShort),
    location: optionalText(100),
    author: optionalText(50),
    minRating: rating,
    maxRating: rating,
    dateRange: DateRange.default('all'),
    sortBy: SearchSort.optional(),
    cuisineTypes: z
      .string()
      .max(400)
      .optional()
      .transform((v, ctx) => {
        if (!v) return [] as string[];
        const names = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
        const known = new Map(CUISINES.map((c) => [c.toLowerCase(), c] as const));
        const out: string[] = [];
        for (const name of names) {
          const hit = known.get(name.toLowerCase());
          if (!hit) {
            ctx.addIssue({ code: 'custom', message: `${SEARCH_MESSAGES.badCuisine}: ${name}` });
            return z.NEVER;
          }
          out.push(hit);
        }
        return out;
      }),
    hasImage: flag('hasImage'),
    hasLocation: flag('hasLocation'),
    minComments: z.coerce
      .number({ error: SEARCH_MESSAGES.badComments })
      .int(SEARCH_MESSAGES.badComments)
      .min(0, SEARCH_MESSAGES.badComments)
      .max(SEARCH.maxComments, SEARCH_MESSAGES.badComments)
      .optional(),
    page: wholeNumberParam('Page', 1, 1000, 1),
    limit: wholeNumberParam('Limit', 1, 50, 12),
  })
  .refine((v) => v.minRating === undefined || v.maxRating === undefined || v.minRating <= v.maxRating, {
    message: SEARCH_MESSAGES.badRatingRange,
    path: ['minRating'],
  });
export type AdvancedSearchQuery = z.input<typeof AdvancedSearchQuery>;
export type AdvancedSearchFilters = z.output<typeof AdvancedSearchQuery>;

export const AdvancedSearchResponse = z.object({
  posts: z.array(SearchPost),
  /** How many plates match, at most `SEARCH.countCap` (then `totalCapped` is true: "1,000+"). */
  total: z.number().int(),
  /** Present, and true, only when `total` stopped at the cap; pages end there. */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
});
export type AdvancedSearchResponse = z.infer<typeof AdvancedSearchResponse>;
