import type { PostDto } from '@plates/common';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { authorName } from '../../../components/author/author-line';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { useSwipe } from '../hooks/use-swipe';
import { PostImage } from './post-image';
import { RatingSummary } from './rating-summary';

/** How long the swipe hint shows when the viewer opens. */
const SWIPE_HINT_MS = 3_000;

/** The full-screen viewer over the plates already loaded (SwipeViewerHost opens it). */
export default function SwipeViewer({ posts, startIndex, onClose }: { posts: PostDto[]; startIndex: number; onClose: () => void }) {
  const [index, setIndex] = useState(startIndex);
  const [hint, setHint] = useState(true);
  const current = posts[Math.min(index, posts.length - 1)];

  useEffect(() => {
    const timer = setTimeout(() => setHint(false), SWIPE_HINT_MS);
    return () => clearTimeout(timer);
  }, []);

  const go = (step: 1 | -1) => setIndex((i) => Math.max(0, Math.min(posts.length - 1, i + step)));
  const swipe = useSwipe((direction) => go(direction === 'next' ? 1 : -1));

  if (!current) return null;
  const hasPrevious = index > 0;
  const hasNext = index < posts.length - 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  const navButton =
    'absolute top-1/2 z-10 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white transition-colors hover:bg-black/70 disabled:opacity-30';

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          onKeyDown={onKeyDown}
          onTouchStart={swipe.onTouchStart}
          onTouchEnd={swipe.onTouchEnd}
        >
          <div className="flex items-center gap-2 p-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate px-2 text-base font-semibold">
              {current.title}
            </DialogPrimitive.Title>
            <span className="text-sm tabular-nums text-white/70" aria-live="polite">
              {index + 1} / {posts.length}
            </span>
            <DialogPrimitive.Close
              aria-label="Close viewer"
              className="flex size-11 items-center justify-center rounded-full hover:bg-white/10"
            >
              <X className="size-6" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            Use the left and right arrow keys or swipe to browse plates. Escape closes the viewer.
          </DialogPrimitive.Description>
          <div className="relative min-h-0 flex-1">
            <PostImage image={current.image} title={current.title} fit="contain" priority sizes="100vw" className="bg-transparent" />
            <button type="button" aria-label="Previous plate" className={`${navButton} left-2`} disabled={!hasPrevious} onClick={() => go(-1)}>
              <ChevronLeft className="size-7" aria-hidden="true" />
            </button>
            <button type="button" aria-label="Next plate" className={`${navButton} right-2`} disabled={!hasNext} onClick={() => go(1)}>
              <ChevronRight className="size-7" aria-hidden="true" />
            </button>
            {hint ? (
              <p className="pointer-events-none absolute inset-x-0 bottom-4 mx-auto w-fit rounded-full bg-black/60 px-4 py-2 text-sm font-medium">
                Swipe to browse plates
              </p>
            ) : null}
          </div>
          <div className="grid gap-1 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            <p className="flex items-center gap-1 text-sm text-white/80">
              by {authorName(current.user)}
              <VerifiedBadge person={current.user} className="size-3.5" />
            </p>
            <div className="flex items-center justify-between gap-2">
              <RatingSummary average={current.averageRating} count={current.ratingCount} className="text-white [&_span]:text-white/80" />
              <Link to={`/posts/${current.id}`} onClick={onClose} className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold underline-offset-4 hover:underline">
                Open plate
              </Link>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
