import type { FeedResponse } from '@plates/common';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ChefHat, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadPlate } from '../hooks/use-upload-plate';
import { PostCard } from './post-card';
import { PostTile } from './post-tile';

interface PostListProps {
  query: UseInfiniteQueryResult<InfiniteData<FeedResponse>, Error>;
  loadingText?: string;
  errorText: (message: string) => string;
  empty: ReactNode;
  /** Cards open the swipe viewer on phones (home feed). */
  swipeable?: boolean;
  label: string;
  /** Full cards (feeds), or a grid of square photo tiles (profiles, saved plates, a place). */
  view?: 'cards' | 'grid';
}

const GRID_CLASS = 'grid grid-cols-3 gap-1 sm:gap-1.5 lg:grid-cols-4';

/**
 * The plates of an infinite list, as cards or as a photo grid; the next page loads when the end
 * comes near (IntersectionObserver).
 */
export function PostList({
  query,
  loadingText = 'Loading delicious plates...',
  errorText,
  empty,
  swipeable = false,
  label,
  view = 'cards',
}: PostListProps) {
  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm font-medium text-muted-foreground">
          <Spinner className="size-5" label="" />
          {loadingText}
        </p>
        {view === 'grid' ? (
          <div className={GRID_CLASS} aria-hidden="true">
            {Array.from({ length: 9 }, (_, i) => (
              <div key={i} className="aspect-square animate-pulse rounded-md bg-muted sm:rounded-lg" />
            ))}
          </div>
        ) : (
          [0, 1].map((i) => (
            <div key={i} className="overflow-hidden rounded-2xl border bg-card" aria-hidden="true">
              <div className="flex items-center gap-3 p-4">
                <div className="size-10 animate-pulse rounded-full bg-muted" />
                <div className="h-3 w-32 animate-pulse rounded bg-muted" />
              </div>
              <div className="aspect-square animate-pulse bg-muted" />
              <div className="grid gap-2 p-4">
                <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
                <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
              </div>
            </div>
          ))
        )}
      </div>
    );
  }

  if (query.isError) {
    return (
      <ErrorPanel variant="card" message={errorText(query.error.message)} onRetry={() => void query.refetch()} />
    );
  }

  const posts = query.data.pages.flatMap((p) => p.posts);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <section aria-label={label} className="grid gap-5">
      {view === 'grid' ? (
        <ul className={GRID_CLASS}>
          {posts.map((post, i) => (
            // the first row paints at once
            <PostTile key={post.id} post={post} priority={i < 3} />
          ))}
        </ul>
      ) : (
        posts.map((post, i) => <PostCard key={post.id} post={post} priority={i === 0} swipeable={swipeable} />)
      )}
      <LoadMore pager={query} label="Load more plates" loadingLabel="Loading more plates..." autoLoadMargin="800px 0px" />
      {!query.hasNextPage && posts.length > 3 && view === 'cards' ? (
        <p className="py-4 text-center text-sm text-muted-foreground">You're all caught up.</p>
      ) : null}
    </section>
  );
}

/** The dashed "nothing here" panel. */
export function EmptyPanel({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <ChefHat className="size-8" aria-hidden="true" />
      </span>
      <p className="max-w-xs text-base font-medium text-foreground">{children}</p>
      {action}
    </section>
  );
}

/** An empty list's way forward: share a plate (or, for a visitor, the sign-in prompt). */
export function ShareAPlate({ label = 'Upload Plate' }: { label?: string }) {
  const { openUpload } = useUploadPlate();
  return (
    <Button onClick={openUpload}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** An empty list's way forward: back to the feed. */
export function BrowsePlates() {
  return (
    <Button asChild variant="outline">
      <Link to="/">Browse plates</Link>
    </Button>
  );
}
