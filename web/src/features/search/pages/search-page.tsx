import { SEARCH, SEARCH_MESSAGES, SearchTab, type SearchResponse } from '@plates/common';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Search, SearchX, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { searchKeys } from '../api/keys';
import { fetchSearch } from '../api/search-api';
import { FilterFields } from '../components/filter-fields';
import { PersonSummary } from '../components/person-summary';
import { PlateCard } from '../components/plate-card';
import { Searching } from '../components/searching';
import { TabCount } from '../components/tab-count';
import { TAB_LABELS, TAB_ORDER, tabCount, tallyText } from '../lib/dropdown';
import { advancedSearchPath, DEFAULT_FILTERS, filterErrors } from '../lib/filters';
import { formatCount, plural, searchErrorText, uniqueById } from '../lib/format';
import { profilePath, searchPagePath } from '../lib/paths';

/** People or plates per page of a /search tab. */
export const SEARCH_PAGE_SIZE = 10;

type Counts = Pick<SearchResponse, 'userCount' | 'postCount' | 'userCountCapped' | 'postCountCapped'>;

/**
 * /search?q=&tab= (document 1 §2, document 2 §2): people and plates for the query, in the tabs
 * All, People and Plates with their counts; each tab pages on its own with "Load more". An
 * unknown tab is named in a notice and All shows (the URL keeps it until a tab is chosen).
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const rawTab = params.get('tab');
  const parsedTab = SearchTab.safeParse(rawTab ?? 'all');
  const tab: SearchTab = parsedTab.success ? parsedTab.data : 'all';

  const search = (q: string) => setParams({ q, tab });
  const changeTab = (next: SearchTab) => setParams({ q: query, tab: next }, { replace: true });

  return (
    <div className="grid gap-5">
      <h1 className="font-display text-2xl font-bold tracking-tight">Search</h1>
      <SimpleSearchForm key={query} initialQuery={query} onSearch={search} />
      {parsedTab.success ? null : (
        <p role="alert" className="rounded-xl border border-warning/60 bg-warning/15 px-4 py-3 text-sm">
          “{rawTab}” is not a search tab. {SEARCH_MESSAGES.badTab}; showing all results.
        </p>
      )}
      {query === '' ? (
        <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
          <Search className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">Search for people and plates</p>
          <p className="text-sm text-muted-foreground">{SEARCH_MESSAGES.tooShort}</p>
        </div>
      ) : query.length < SEARCH.minQuery ? (
        <p className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center text-sm text-muted-foreground">
          {SEARCH_MESSAGES.tooShort}
        </p>
      ) : (
        <SearchResults query={query} tab={tab} onTabChange={changeTab} />
      )}
    </div>
  );
}

/**
 * The search form: submits only a trimmed query of 2+ characters. With the filter panel open it
 * goes to /search/advanced with the filters (there the query may be empty: filters alone).
 */
function SimpleSearchForm({ initialQuery, onSearch }: { initialQuery: string; onSearch: (query: string) => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [errors, setErrors] = useState<string[]>([]);

  return (
    <form
      role="search"
      aria-label="Search people and plates"
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (showFilters) {
          const problems = filterErrors(q, filters);
          setErrors(problems);
          if (problems.length === 0) void navigate(advancedSearchPath(q, filters));
          return;
        }
        if (q.length < SEARCH.minQuery) {
          setErrors([SEARCH_MESSAGES.tooShort]);
          return;
        }
        setErrors([]);
        onSearch(q);
      }}
    >
      <div className="flex flex-wrap gap-2">
        <Input
          aria-label="Search term"
          placeholder="Search people and plates"
          className="min-w-0 flex-1 basis-56"
          value={text}
          maxLength={SEARCH.maxQuery}
          enterKeyHint="search"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" />
            Search
          </Button>
          <Button
            type="button"
            variant={showFilters ? 'secondary' : 'outline'}
            aria-expanded={showFilters}
            aria-controls={`${id}-filters`}
            onClick={() => {
              setShowFilters((shown) => !shown);
              setErrors([]);
            }}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
          </Button>
        </div>
      </div>
      {errors.length > 0 ? (
        <ul id={`${id}-errors`} role="alert" className="grid gap-1 text-sm font-medium text-destructive">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {showFilters ? (
        <section id={`${id}-filters`} aria-label="Filters" className="grid gap-4 rounded-2xl border bg-card p-4">
          <FilterFields value={filters} onChange={setFilters} />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
            <p className="text-sm text-muted-foreground">Search shows plates matching these filters.</p>
            <Button type="button" variant="outline" onClick={() => setFilters(DEFAULT_FILTERS)}>
              Clear Filters
            </Button>
          </div>
        </section>
      ) : null}
    </form>
  );
}

function nextPageOf(tab: SearchTab) {
  return (last: SearchResponse): number | undefined => {
    const more = tab === 'users' ? last.hasMoreUsers : tab === 'food' ? last.hasMorePosts : false;
    return more ? last.page + 1 : undefined;
  };
}

/** The counts of this query from whichever tab answered (every answer carries both, capped or not). */
function knownCounts(
  queryClient: ReturnType<typeof useQueryClient>,
  query: string,
  current: SearchResponse | undefined,
): Counts | null {
  if (current) return current;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<SearchResponse>>({ queryKey: searchKeys.resultsFor(query) })) {
    const first = data?.pages[0];
    if (first) return first;
  }
  return null;
}

function SearchResults({ query, tab, onTabChange }: { query: string; tab: SearchTab; onTabChange: (tab: SearchTab) => void }) {
  const queryClient = useQueryClient();
  const results = useInfiniteQuery({
    queryKey: searchKeys.results(query, tab),
    queryFn: ({ pageParam }) => fetchSearch({ q: query, tab, page: pageParam, limit: SEARCH_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPageOf(tab),
    staleTime: SEARCH.cacheMs,
  });

  const pages = results.data?.pages ?? [];
  const counts = knownCounts(queryClient, query, pages[0]);
  const loading = <Searching text={`Searching for "${query}"…`} />;

  if (!counts) {
    if (results.isPending) return loading;
    return (
      <ErrorPanel
        title="Error loading search results"
        message={results.error?.message}
        onRetry={() => void results.refetch()}
        className="rounded-2xl border border-dashed bg-card px-6"
      />
    );
  }

  const total = tabCount(counts, 'all');
  const users = uniqueById(pages.flatMap((page) => page.users));
  const posts = uniqueById(pages.flatMap((page) => page.posts));

  return (
    <section aria-labelledby="search-results-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="search-results-heading" className="text-lg font-semibold [overflow-wrap:anywhere]">
          Results for &quot;{query}&quot;
        </h2>
        <Badge>{plural(total.count, 'result', 'results', total.capped)}</Badge>
      </div>
      <Tabs value={tab} onValueChange={(value) => onTabChange(SearchTab.parse(value))}>
        <TabsList className="w-full">
          {TAB_ORDER.map((value) => (
            <TabsTrigger key={value} value={value} className="gap-1.5" aria-label={`${TAB_LABELS[value]} (${tallyText(tabCount(counts, value))})`}>
              {TAB_LABELS[value]}
              <TabCount {...tabCount(counts, value)} className="bg-muted-foreground/15" />
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab} className="grid gap-4">
          {results.isPending ? (
            loading
          ) : !results.data ? (
            <ErrorPanel title="Error loading search results" message={results.error?.message} onRetry={() => void results.refetch()} />
          ) : tab === 'all' && total.count === 0 ? (
            <NoResults query={query} />
          ) : (
            <>
              {/* All shows only the groups that found something: an empty "No users found" box
                  above the plates says nothing the counts have not (nothing at all is NoResults) */}
              {tab === 'users' || (tab === 'all' && users.length > 0) ? (
                <ResultGroup
                  query={query}
                  title={tab === 'all' ? 'People' : undefined}
                  empty={`No users found matching "${query}"`}
                  count={users.length}
                  more={
                    tab === 'all' && counts.userCount > users.length
                      ? { label: `See all ${formatCount(counts.userCount, counts.userCountCapped)} people`, tab: 'users' }
                      : undefined
                  }
                >
                  <ul className="grid gap-2" aria-label="People found">
                    {users.map((user) => (
                      <li key={user.id}>
                        <Link
                          to={profilePath(user.id)}
                          className="flex rounded-2xl border bg-card p-3 transition-colors hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                        >
                          <PersonSummary user={user} detail="full" />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </ResultGroup>
              ) : null}
              {tab === 'food' || (tab === 'all' && posts.length > 0) ? (
                <ResultGroup
                  query={query}
                  title={tab === 'all' ? 'Plates' : undefined}
                  empty={`No food plates found matching "${query}"`}
                  count={posts.length}
                  more={
                    tab === 'all' && counts.postCount > posts.length
                      ? { label: `See all ${formatCount(counts.postCount, counts.postCountCapped)} food plates`, tab: 'food' }
                      : undefined
                  }
                >
                  <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Plates found">
                    {posts.map((post) => (
                      <li key={post.id} className="grid">
                        <PlateCard post={post} />
                      </li>
                    ))}
                  </ul>
                </ResultGroup>
              ) : null}
              <LoadMore pager={results} errorText={searchErrorText} />
            </>
          )}
        </TabsContent>
      </Tabs>
    </section>
  );
}

function ResultGroup({
  query,
  title,
  empty,
  count,
  more,
  children,
}: {
  query: string;
  title: string | undefined;
  empty: string;
  count: number;
  more: { label: string; tab: SearchTab } | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      {title ? <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h3> : null}
      {count === 0 ? (
        <p className="rounded-2xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        children
      )}
      {more ? (
        <Button asChild variant="link" className="justify-self-start px-0">
          <Link to={searchPagePath(query, more.tab)} replace>
            {more.label}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

function NoResults({ query }: { query: string }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold [overflow-wrap:anywhere]">No results found for &quot;{query}&quot;</p>
      <p className="text-sm text-muted-foreground">Try using different keywords or check your spelling</p>
      <Button asChild variant="outline">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
