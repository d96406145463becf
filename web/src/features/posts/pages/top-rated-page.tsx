import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PageSpinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { postKeys, type TopRatedPeriod } from '../api/keys';
import { fetchTopRated } from '../api/posts-api';
import { PostCard } from '../components/post-card';
import { BrowsePlates, EmptyPanel } from '../components/post-list';

const PERIODS: { value: TopRatedPeriod; label: string; empty: string }[] = [
  { value: 'day', label: 'Today', empty: 'No plates were rated today yet.' },
  { value: 'week', label: 'This Week', empty: 'No plates were rated this week yet.' },
  { value: 'all', label: 'All Time', empty: 'No rated plates yet.' },
];

export const TOP_RATED_PAGE_LIMIT = 20;

function isPeriod(value: string | null): value is TopRatedPeriod {
  return value === 'day' || value === 'week' || value === 'all';
}

/** /top-rated : the best-rated plates of today, this week or all time (tab kept in ?period=). */
export default function TopRatedPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: TopRatedPeriod = isPeriod(raw) ? raw : 'day';
  const top = useQuery({
    queryKey: postKeys.topRated(period, TOP_RATED_PAGE_LIMIT),
    queryFn: () => fetchTopRated(period, TOP_RATED_PAGE_LIMIT),
    staleTime: 60_000,
  });
  const current = PERIODS.find((p) => p.value === period)!;

  return (
    <div className="grid gap-4">
      <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight">
        <Trophy className="size-6 text-primary" aria-hidden="true" />
        Top Rated
      </h1>
      <Tabs value={period} onValueChange={(value) => setParams(value === 'day' ? {} : { period: value }, { replace: true })}>
        <TabsList className="w-full">
          {PERIODS.map((p) => (
            <TabsTrigger key={p.value} value={p.value}>
              {p.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={period} className="grid gap-5">
        {top.isPending ? (
          <PageSpinner label="Loading top rated plates" />
        ) : top.isError ? (
          <ErrorPanel message={`Error loading top rated plates: ${top.error.message}`} onRetry={() => void top.refetch()} />
        ) : top.data.length === 0 ? (
          <EmptyPanel action={<BrowsePlates />}>{current.empty}</EmptyPanel>
        ) : (
          // minmax(0, 1fr): a card's photo never widens the column past the screen
          <ol className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5" aria-label={`Top rated plates, ${current.label.toLowerCase()}`}>
            {top.data.map((post, i) => (
              <li key={post.id}>
                <PostCard post={post} priority={i === 0} rank={i + 1} />
              </li>
            ))}
          </ol>
        )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
