import { useEffect, useRef } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { ErrorPanel } from './error-panel';
import { Spinner } from './spinner';

/** The part of a TanStack infinite query that paging needs. */
export interface Pager {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

interface LoadMoreProps {
  pager: Pager;
  label?: string;
  loadingLabel?: string;
  /** The line shown with Try Again when a further page fails (given the error's message). */
  errorText?: (message: string) => string;
  /**
   * Infinite scroll: load the next page by itself once the end of the list comes within this
   * margin of the viewport (an IntersectionObserver rootMargin, e.g. "800px 0px"). The button
   * stays for keyboards and for browsers without the observer. Never retries a failure by itself.
   */
  autoLoadMargin?: string;
  className?: string;
}

/**
 * The end of a paged list: a "Load more" button (disabled while a page loads), or, when the last
 * attempt failed, the error with Try Again, so a failed page is never silently dropped.
 */
export function LoadMore({
  pager,
  label = 'Load more',
  loadingLabel = 'Loading...',
  errorText = (message) => `Could not load more: ${message}`,
  autoLoadMargin,
  className,
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pager;
  const autoLoad = autoLoadMargin !== undefined && hasNextPage && !isFetchNextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !autoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: autoLoadMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [autoLoad, autoLoadMargin, isFetchingNextPage, fetchNextPage]);

  return (
    <>
      {autoLoadMargin !== undefined ? <div ref={sentinel} aria-hidden="true" /> : null}
      {isFetchNextPageError ? (
        <ErrorPanel
          variant="inline"
          message={errorText(pager.error?.message ?? 'Network error')}
          onRetry={() => void fetchNextPage()}
          className={className}
        />
      ) : hasNextPage ? (
        <Button variant="outline" className={cn('justify-self-center', className)} disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? <Spinner className="size-4 text-current" label="" /> : null}
          {isFetchingNextPage ? loadingLabel : label}
        </Button>
      ) : null}
    </>
  );
}
