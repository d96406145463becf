import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page whose code loads on demand, and can be asked to load before it is shown. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A page loaded on demand, like `React.lazy`, that renders at once when its code has already
 * arrived: `React.lazy` suspends on its first render even then, so the page that opened the app
 * would paint a spinner first and then push the footer down. main.tsx loads the opening page's
 * code before the first render (`preload`); pages opened later suspend as before.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk is asked for again next time
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Page(props: P) {
    // Chosen once per mount: switching from the suspending wrapper to the page would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload });
}
