import { deferred, useDeferred } from './deferred-menu';
import { useToast } from './use-toast';

// The toaster (Radix toast, its swipe and focus handling) loads when the page is idle after
// loading, or at once when a toast is raised before then; toasts wait in the store meanwhile.
const toaster = deferred(() => import('./toaster'));

/** Loads the toaster now (tests, where toasts are expected to show at once). */
export const preloadToaster = () => toaster.get();

/** The Toaster, out of the first load. Mount once, near the root. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const { loaded } = useDeferred(toaster, { now: toasts.length > 0 });
  return loaded ? <loaded.Toaster /> : null;
}
