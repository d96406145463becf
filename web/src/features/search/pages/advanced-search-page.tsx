import { SEARCH, SEARCH_MESSAGES } from '@plates/common';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, SearchX } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Input } from '../../../components/ui/input';
import { searchKeys } from '../api/keys';
import { fetchAdvancedSearch } from '../api/search-api';
import { FilterChips } from '../components/filter-chips';
import { FilterSheet } from '../components/filter-sheet';
import { PlateCard } from '../components/plate-card';
import { Searching } from '../components/searching';
import { filtersFromParams, filtersToParams, requestParams, withoutChip, type SearchFilters } from '../lib/filters';
import { formatCount, plural, searchErrorText, uniqueById } from '../lib/format';
import { searchPagePath } from '../lib/paths';

/** Plates per page of /search/advanced. */
export const ADVANCED_PAGE_SIZE = 12;

/**
 * /search/advanced (document 2 §2): plates matching the query and the filters in the URL, paged
 * with "Load More Results". The URL is the state: the search box, the drawer and the chips write
 * it; the request sends the URL's filters as they are, so a bad value shows the server's message.
 */
export default function AdvancedSearchPage() {
  const [params, setParams] = useSearchParams();
  const request = requestParams(params);
  const filters = filtersFromParams(params);
  const query = request.q ?? '';

  const results = useInfiniteQuery({
    queryKey: searchKeys.advanced(request),
    queryFn: ({ pageParam }) => fetchAdvancedSearch(request, pageParam, ADVANCED_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: SEARCH.advancedCacheMs,
  });

  const apply = (nextQuery: string, nextFilters: SearchFilters) => setParams(filtersToParams(nextQuery, nextFilters));

  const pages = results.data?.pages ?? [];
  const posts = uniqueById(pages.flatMap((page) => page.posts));
  const last = pages.at(-1);
  const total = last?.total ?? 0;
  const capped = last?.totalCapped === true;

  return (
    <div className="grid gap-5">
      <h1 className="font-display text-2xl font-bold tracking-tight">Advanced Search</h1>
      <div className="flex flex-wrap items-start gap-2">
        <QueryForm key={query} initialQuery={query} onSearch={(q) => apply(q, filters)} />
        <FilterSheet query={query} filters={filters} onApply={(next) => apply(query, next)} />
      </div>
      <FilterChips filters={filters} onRemove={(chip) => apply(query, withoutChip(filters, chip))} />

      {results.isPending ? (
        <Searching text={query ? `Searching for "${query}"…` : 'Searching…'} />
      ) : !results.data ? (
        <ErrorPanel
          title="Error loading search results"
          message={results.error?.message}
          onRetry={() => void results.refetch()}
          className="rounded-2xl border border-dashed bg-card px-6"
        />
      ) : posts.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
          <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">No results found</p>
          <p className="text-sm text-muted-foreground">Try other keywords or fewer filters.</p>
          <Button asChild variant="outline">
            <Link to={query ? searchPagePath(query) : '/search'}>Back to Simple Search</Link>
          </Button>
        </div>
      ) : (
        <section aria-labelledby="advanced-results-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id="advanced-results-heading" className="text-lg font-semibold">
              {query ? `Results for "${query}"` : 'Results'}
            </h2>
            <Badge>{plural(total, 'result', 'results', capped)}</Badge>
            <p className="text-sm text-muted-foreground">
              Page {last?.page ?? 1} of {Math.max(last?.totalPages ?? 1, 1)}
            </p>
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {posts.length.toLocaleString('en')} of {formatCount(total, capped)}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Plates found">
            {posts.map((post) => (
              <li key={post.id} className="grid">
                <PlateCard post={post} />
              </li>
            ))}
          </ul>
          <LoadMore pager={results} label="Load More Results" errorText={searchErrorText} />
        </section>
      )}
    </div>
  );
}

/** The search box: empty (filters alone) or at least 2 characters. */
function QueryForm({ initialQuery, onSearch }: { initialQuery: string; onSearch: (query: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initialQuery);
  const [tooShort, setTooShort] = useState(false);
  return (
    <form
      role="search"
      aria-label="Search plates"
      noValidate
      className="grid min-w-0 flex-1 basis-64 gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (q.length > 0 && q.length < SEARCH.minQuery) {
          setTooShort(true);
          return;
        }
        setTooShort(false);
        onSearch(q);
      }}
    >
      <div className="flex gap-2">
        <Input
          aria-label="Search term"
          placeholder="Search plates"
          value={text}
          maxLength={SEARCH.maxQuery}
          enterKeyHint="search"
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${id}-hint` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
      {tooShort ? (
        <p id={`${id}-hint`} role="alert" className="text-sm text-destructive">
          {SEARCH_MESSAGES.tooShort}
        </p>
      ) : null}
    </form>
  );
}
