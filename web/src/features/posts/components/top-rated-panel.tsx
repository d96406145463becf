import { useQuery } from '@tanstack/react-query';
import { Star, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { postKeys } from '../api/keys';
import { fetchTopRated } from '../api/posts-api';
import { authorName } from './author-line';
import { PostImage } from './post-image';

export const TOP_RATED_PANEL_LIMIT = 5;

/** The right column's "Top Rated Today" (desktop). */
export function TopRatedPanel() {
  const top = useQuery({
    queryKey: postKeys.topRated('day', TOP_RATED_PANEL_LIMIT),
    queryFn: () => fetchTopRated('day', TOP_RATED_PANEL_LIMIT),
    staleTime: 60_000,
  });
  return (
    <section aria-labelledby="top-rated-today" className="grid gap-3 rounded-2xl border bg-card p-4">
      <h2 id="top-rated-today" className="flex items-center gap-2 font-semibold">
        <Trophy className="size-4 text-primary" aria-hidden="true" />
        Top Rated Today
      </h2>
      {top.isPending ? (
        <ul className="grid gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <div className="size-12 animate-pulse rounded-lg bg-muted" />
              <div className="h-3 flex-1 animate-pulse rounded bg-muted" />
            </li>
          ))}
        </ul>
      ) : top.isError ? (
        <p className="text-sm text-muted-foreground">
          Top plates could not be loaded.{' '}
          <button type="button" className="font-semibold text-primary underline-offset-4 hover:underline" onClick={() => void top.refetch()}>
            Try again
          </button>
        </p>
      ) : top.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No plates rated today yet.</p>
      ) : (
        <ol className="grid gap-1">
          {top.data.map((post) => (
            <li key={post.id}>
              <Link to={`/posts/${post.id}`} className="flex items-center gap-3 rounded-lg p-1.5 transition-colors hover:bg-accent">
                <PostImage image={post.image} title={post.title} fit="fill" sizes="48px" className="size-12 shrink-0 rounded-lg" />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-semibold">{post.title}</span>
                  <span className="truncate text-xs text-muted-foreground">by {authorName(post.user)}</span>
                </span>
                <span className="inline-flex items-center gap-0.5 text-sm font-semibold tabular-nums" aria-label={`Rated ${post.averageRating.toFixed(1)}`}>
                  <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
                  {post.averageRating.toFixed(1)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <Button asChild variant="outline" className="w-full">
        <Link to="/top-rated">View All Top Rated</Link>
      </Button>
    </section>
  );
}
