import {
  AdvancedSearchResponse,
  SearchResponse,
  type AdvancedSearchFilters,
  type DateRange,
  type PostDto,
  type SearchQuery,
} from '@plates/common';
import { z } from 'zod';
import { createSharedCache } from '../../lib/shared-cache.js';
import type { Viewer } from '../../lib/viewer.js';
import { toSearchPost, toSearchUser } from './search.mapper.js';
import type { PlateOrder, SearchRepository, SearchText } from './search.repository.js';
import { searchWords } from './search.text.js';

const HOUR_MS = 60 * 60_000;

/**
 * How far back each date range reaches, counted back from now (rolling windows, not calendar
 * ones: "today" is the last 24 hours whatever the viewer's time zone, "month" the last 30 days).
 */
export const DATE_RANGE_MS: Record<Exclude<DateRange, 'all'>, number> = {
  today: 24 * HOUR_MS,
  week: 7 * 24 * HOUR_MS,
  month: 30 * 24 * HOUR_MS,
  year: 365 * 24 * HOUR_MS,
};

/**
 * How long visitors share one answer to the same search: every visitor may see the same plates and
 * people, so a burst of them asking one thing costs one search a second. A change (a plate
 * removed, an author gone private) drops the copies on its own instance (`publicChanged`) and
 * reaches visitors' searches within this time on the others, as it reaches the feed
 * (docs/decisions/0022-search-at-scale.md).
 */
export const VISITOR_COPY_TTL_MS = 1000;

export interface SearchServiceDeps {
  repo: SearchRepository;
  /** PostDtos for these ids in this order, in a fixed number of statements (the posts service's). */
  postsByIds: (ids: number[], viewer: Viewer) => Promise<PostDto[]>;
  now?: () => Date;
  /** `VISITOR_COPY_TTL_MS` unless given; 0 keeps no copies. */
  visitorCopyTtlMs?: number;
}

/**
 * Free text as it may reach SQL: control characters become spaces (PostgreSQL refuses a NUL byte
 * in text, which would otherwise answer 500). Undefined when nothing is left.
 */
function clean(text: string | undefined): string | undefined {
  return text?.replace(/\p{Cc}+/gu, ' ').trim() || undefined;
}

function searchText(text: string): SearchText {
  return { text, words: searchWords(text) };
}

/**
 * People and plates by text (`GET /api/search`) and plates by filters (`GET /api/search/posts`).
 * Plates are the approved ones the viewer may see in the feed; the owner's pending or rejected
 * plates are not searchable, not even by the owner (they are on the owner's profile).
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { repo, postsByIds } = deps;
  const now = deps.now ?? (() => new Date());
  const visitorCopies = createSharedCache<Buffer>({ ttlMs: deps.visitorCopyTtlMs ?? VISITOR_COPY_TTL_MS, maxEntries: 128 });

  /** The visitors' copy of an answer, as the JSON bytes of the response schema's encoding. */
  function visitorCopy<T>(key: unknown[], schema: z.ZodType<T>, answer: () => Promise<T>): Promise<Buffer> {
    return visitorCopies.get(JSON.stringify(key), async () => Buffer.from(JSON.stringify(z.encode(schema, await answer()))));
  }

  async function platesOf(ids: number[], viewer: Viewer) {
    return (await postsByIds(ids, viewer)).map(toSearchPost);
  }

  const service = {
    /**
     * Both groups ranked by relevance. `tab=users` or `tab=food` answers one group; the other is
     * only counted (its list empty and its hasMore false). Counts stop at `SEARCH.countCap` (then
     * `…Capped`), and so do pages.
     */
    async search(viewer: Viewer, query: z.output<typeof SearchQuery>): Promise<SearchResponse> {
      const typed = clean(query.q);
      if (!typed) {
        return { users: [], posts: [], userCount: 0, postCount: 0, page: query.page, hasMoreUsers: false, hasMorePosts: false };
      }
      const text = searchText(typed);
      const window = { limit: query.limit, offset: (query.page - 1) * query.limit };
      const wantPeople = query.tab !== 'food';
      const wantPlates = query.tab !== 'users';
      // The member's blocks and follows, asked for once for both lists.
      const facts = viewer ? repo.viewerFacts(viewer) : undefined;
      const [people, plates] = await Promise.all([
        wantPeople
          ? repo.people(viewer, text, window, facts)
          : repo.countPeople(viewer, text, facts).then((count) => ({ rows: [], ...count })),
        wantPlates
          ? repo.plates(viewer, { text }, 'relevance', { ...window, now: now() }, facts)
          : repo.countPlates(viewer, { text }, facts).then((count) => ({ ids: [], ...count })),
      ]);
      return {
        users: people.rows.map(toSearchUser),
        posts: await platesOf(plates.ids, viewer),
        userCount: people.total,
        postCount: plates.total,
        ...(people.capped ? { userCountCapped: true } : {}),
        ...(plates.capped ? { postCountCapped: true } : {}),
        page: query.page,
        hasMoreUsers: wantPeople && window.offset + people.rows.length < people.total,
        hasMorePosts: wantPlates && window.offset + plates.ids.length < plates.total,
      };
    },

    /**
     * Plates passing every filter given. Without sortBy, a text sorts by relevance and no text by
     * newest. totalPages is ceil(total / limit), so 0 when nothing matches; a page past the end is
     * empty with the same total.
     */
    async advanced(viewer: Viewer, f: AdvancedSearchFilters): Promise<AdvancedSearchResponse> {
      const at = now();
      const q = clean(f.q);
      const order: PlateOrder = f.sortBy ?? (q ? 'relevance' : 'newest');
      const reach = f.dateRange === 'all' ? undefined : DATE_RANGE_MS[f.dateRange];
      const { ids, total, capped } = await repo.plates(
        viewer,
        {
          text: q ? searchText(q) : undefined,
          location: clean(f.location),
          author: clean(f.author),
          minRating: f.minRating,
          maxRating: f.maxRating,
          // To the second, so one shared candidate list serves a second's searches (the repository's).
          since: reach === undefined ? undefined : new Date(Math.floor((at.getTime() - reach) / 1000) * 1000),
          cuisines: f.cuisineTypes,
          hasImage: f.hasImage,
          hasLocation: f.hasLocation,
          minComments: f.minComments,
        },
        order,
        { limit: f.limit, offset: (f.page - 1) * f.limit, now: at },
      );
      const totalPages = Math.ceil(total / f.limit);
      return {
        posts: await platesOf(ids, viewer),
        total,
        ...(capped ? { totalCapped: true } : {}),
        page: f.page,
        totalPages,
        hasMore: f.page < totalPages,
      };
    },

    /**
     * `search` for visitors, as JSON bytes: one copy per query, page and tab serves every visitor
     * for `VISITOR_COPY_TTL_MS`. Members are never served it (their blocks, follows and own plates
     * change what they see).
     */
    visitorSearch(query: z.output<typeof SearchQuery>): Promise<Buffer> {
      return visitorCopy(['search', query.q, query.tab, query.page, query.limit], SearchResponse, () => service.search(null, query));
    },

    /** Drops the visitors' copies and the shared candidate lists: a write changed what search may find. */
    publicChanged(): void {
      visitorCopies.clear();
      repo.publicChanged();
    },

    /** `advanced` for visitors, as JSON bytes, shared as `visitorSearch` is. */
    visitorAdvanced(f: AdvancedSearchFilters): Promise<Buffer> {
      return visitorCopy(['posts', f], AdvancedSearchResponse, () => service.advanced(null, f));
    },
  };
  return service;
}

export type SearchService = ReturnType<typeof createSearchService>;
