import type { FeedResponse } from '@plates/common';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { mergeHeadPage } from '../api/cache';

/** Feed refresh, retries and their delay (document 2 §7, §9). */
export const FEED_REFRESH_MS = 10_000;
export const FEED_RETRIES = 3;
export const FEED_RETRY_DELAY_MS = 1_000;

interface Options {
  queryKey: readonly unknown[];
  fetchPage: (cursor: string | null) => Promise<FeedResponse>;
  /** Refresh the first page this often (0: never). Only the first page: older pages stay. */
  refreshMs?: number;
  enabled?: boolean;
  /** The first page, when the page was served with it (lib/page-data.ts). */
  firstPage?: () => FeedResponse | undefined;
}

/**
 * A cursor-paged list of plates. Every `refreshMs` only the first page is fetched again and merged
 * in (new plates on top), so a long scrolled list costs one request per refresh, not one per page.
 */
export function useInfinitePosts({ queryKey, fetchPage, refreshMs = FEED_REFRESH_MS, enabled = true, firstPage }: Options) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery<FeedResponse, Error, InfiniteData<FeedResponse>, readonly unknown[], string | null>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: FEED_RETRIES,
    retryDelay: FEED_RETRY_DELAY_MS,
    enabled,
    initialData: () => {
      const page = firstPage?.();
      return page && { pages: [page], pageParams: [null] };
    },
  });

  const latest = useRef({ queryKey, fetchPage });
  useEffect(() => {
    latest.current = { queryKey, fetchPage };
  });

  const keyHash = JSON.stringify(queryKey);
  const ready = query.isSuccess;
  useEffect(() => {
    if (!ready || !refreshMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      const { queryKey: key, fetchPage: fetchHead } = latest.current;
      fetchHead(null).then(
        (head) =>
          queryClient.setQueryData<InfiniteData<FeedResponse, string | null>>(key, (data) => {
            if (!data?.pages.length) return data;
            const merged = mergeHeadPage(data.pages[0]!, head);
            if (merged === null) return { pages: [head], pageParams: [null] };
            return { ...data, pages: [merged, ...data.pages.slice(1)] };
          }),
        () => {
          // a failed background refresh keeps what is shown; the next tick tries again
        },
      );
    }, refreshMs);
    return () => clearInterval(timer);
  }, [ready, refreshMs, keyHash, queryClient]);

  return query;
}
