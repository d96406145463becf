import { useEffect, useState } from 'react';
import { deferred, whenIdleAfterLoad } from './deferred-menu';
import { useToast } from './use-toast';

// The toaster (Radix toast, its swipe and focus handling) loads when the page is idle after
// loading, or at once when a toast is raised before then; toasts wait in the store meanwhile.
const toaster = deferred(() => import('./toaster'));

/** Loads the toaster now (tests, where toasts are expected to show at once). */
export const preloadToaster = () => toaster.get();

/** The Toaster, out of the first load. Mount once, near the root. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [loaded, setLoaded] = useState(toaster.current);
  const wanted = toasts.length > 0;

  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () => {
      toaster.get().then(
        (m) => live && setLoaded(() => m),
        () => undefined, // offline: the next toast, or the next idle moment, tries again
      );
    };
    if (wanted) load();
    const stop = whenIdleAfterLoad(load);
    return () => {
      live = false;
      stop();
    };
  }, [loaded, wanted]);

  return loaded ? <loaded.Toaster /> : null;
}
