import { STORAGE_KEYS } from '@plates/common';
import { Lightbulb, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { storage } from '../../../lib/storage';
import { cn } from '../../../lib/utils';

export const NAVIGATION_TIP_MS = 10_000;

/** Phones and tablets move between plates by swiping; a mouse and keyboard by the arrow keys. */
function touchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * "Navigation Tip": how to move between plates, in the words of the device (swipe on a touch
 * screen, arrow keys otherwise). A one-line hint in the page's flow, above the plate, so it covers
 * nothing (it used to float over the title and rating on phones); hides after 10 s; "Don't show
 * again" remembers.
 */
export function NavigationTip({ className }: { className?: string }) {
  const [shown, setShown] = useState(() => storage.get(STORAGE_KEYS.navigationTipDismissed) !== 'true');
  const [touch] = useState(touchScreen);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), NAVIGATION_TIP_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  return (
    <aside
      aria-labelledby="navigation-tip-title"
      className={cn('flex items-start gap-2 rounded-xl border bg-muted/50 py-1 pl-3 pr-1 text-sm text-muted-foreground', className)}
    >
      <Lightbulb className="mt-2 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3">
        <p className="py-1.5 leading-snug">
          <span id="navigation-tip-title" role="heading" aria-level={2} className="font-medium text-foreground">
            Navigation Tip
          </span>
          {': '}
          {touch ? 'swipe the photo for the next or previous plate.' : 'use the ← and → arrow keys for the previous or next plate.'}
        </p>
        <Button
          variant="link"
          size="sm"
          className="h-8 px-0"
          onClick={() => {
            storage.set(STORAGE_KEYS.navigationTipDismissed, 'true');
            setShown(false);
          }}
        >
          Don&apos;t show again
        </Button>
      </div>
      <button
        type="button"
        aria-label="Close tip"
        onClick={() => setShown(false)}
        className="flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-accent"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
