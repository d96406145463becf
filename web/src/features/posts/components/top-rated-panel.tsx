import { useQuery } from '@tanstack/react-query';
import { Star, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { authorName } from '../../../components/author/author-line';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { postKeys } from '../api/keys';
import { fetchTopRated } from '../api/posts-api';
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
    <SidePanel
      id="top-rated-today"
      icon={Trophy}
      title="Top Rated Today"
      query={top}
      skeleton="square"
      errorText={() => 'Top plates could not be loaded.'}
      emptyText="No plates rated today yet."
      isEmpty={(posts) => posts.length === 0}
      footer={
        <Button asChild variant="outline" className="w-full">
          <Link to="/top-rated">View All Top Rated</Link>
        </Button>
      }
    >
      {(posts) => (
        <ol className="grid gap-1">
          {posts.map((post) => (
            <li key={post.id}>
              <Link to={`/posts/${post.id}`} className="flex items-center gap-3 rounded-lg p-1.5 transition-colors hover:bg-accent">
                <PostImage image={post.image} title={post.title} fit="fill" sizes="48px" className="size-12 shrink-0 rounded-lg" />
                <span className="grid min-w-0 flex-1">
                  <span className="truncate text-sm font-semibold">{post.title}</span>
                  <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                    <span className="truncate">by {authorName(post.user)}</span>
                    <VerifiedBadge person={post.user} className="size-3.5" />
                  </span>
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
    </SidePanel>
  );
}
