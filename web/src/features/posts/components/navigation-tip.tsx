import { STORAGE_KEYS } from '@plates/common';
import { Lightbulb, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { storage } from '../../../lib/storage';

export const NAVIGATION_TIP_MS = 10_000;

/** "Navigation Tip": how to move between plates; hides after 10 s; "Don't show again" remembers. */
export function NavigationTip() {
  const [shown, setShown] = useState(() => storage.get(STORAGE_KEYS.navigationTipDismissed) !== 'true');

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), NAVIGATION_TIP_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  return (
    <aside
      aria-labelledby="navigation-tip-title"
      className="fixed inset-x-3 bottom-[calc(5.5rem+env(safe-area-inset-bottom))] z-30 mx-auto max-w-sm rounded-2xl border bg-popover p-4 text-popover-foreground shadow-lg lg:bottom-6"
    >
      <div className="flex items-start gap-3 pr-8">
        <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="navigation-tip-title" className="text-sm font-semibold">
            Navigation Tip
          </h2>
          <p className="text-sm text-muted-foreground">
            Use the ← and → arrow keys, or swipe left and right, to move to the previous or next plate.
          </p>
          <Button
            variant="link"
            className="h-11 justify-self-start px-0"
            onClick={() => {
              storage.set(STORAGE_KEYS.navigationTipDismissed, 'true');
              setShown(false);
            }}
          >
            Don&apos;t show again
          </Button>
        </div>
      </div>
      <button
        type="button"
        aria-label="Close tip"
        onClick={() => setShown(false)}
        className="absolute right-1.5 top-1.5 flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
