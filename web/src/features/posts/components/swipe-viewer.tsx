import type { FeedResponse } from '@plates/common';
import { useQuery, type InfiniteData } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_SWIPE_MODAL, type OpenSwipeModalDetail } from '../../../lib/app-events';

// The viewer (a full-screen Radix dialog) loads when a plate is first opened in it.
const SwipeViewer = lazy(() => import('./swipe-viewer-dialog'));

/**
 * Listens for the `openSwipeModal` window event and shows the full-screen viewer over the plates
 * already loaded under `queryKey` (no extra request).
 */
export function SwipeViewerHost({ queryKey }: { queryKey: readonly unknown[] }) {
  const [startId, setStartId] = useState<number | null>(null);
  const { data } = useQuery<InfiniteData<FeedResponse>>({ queryKey, enabled: false });
  const posts = data?.pages.flatMap((p) => p.posts) ?? [];

  useEffect(() => {
    const onOpen = (event: Event) => {
      const id = Number((event as CustomEvent<OpenSwipeModalDetail>).detail?.postId);
      if (Number.isInteger(id) && id > 0) setStartId(id);
    };
    window.addEventListener(OPEN_SWIPE_MODAL, onOpen);
    return () => window.removeEventListener(OPEN_SWIPE_MODAL, onOpen);
  }, []);

  const startIndex = startId === null ? -1 : posts.findIndex((p) => p.id === startId);
  if (startIndex === -1) return null;
  return (
    <Suspense fallback={null}>
      <SwipeViewer key={startId} posts={posts} startIndex={startIndex} onClose={() => setStartId(null)} />
    </Suspense>
  );
}

