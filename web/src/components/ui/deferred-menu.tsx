import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A module loaded once, when first wanted: on the user's first sign of intent (pointer over,
 * focus, a tap) or when the page has finished loading and the browser is idle, whichever comes
 * first. For menus and their dialogs, which every page shows a trigger for but few people open
 * right away: their code (Radix menus, floating positioning, confirm dialogs) stays out of the
 * first load.
 */
export interface Deferred<T> {
  get(): Promise<T>;
  /** The module once it has loaded. */
  current(): T | undefined;
}

export function deferred<T>(load: () => Promise<T>): Deferred<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get: () =>
      (promise ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          promise = undefined; // a failed chunk (offline) may be tried again on the next intent
          throw error;
        },
      )),
    current: () => value,
  };
}

/** Calls `start` once the page has loaded and the browser is idle; answers a cancel. */
export function whenIdleAfterLoad(start: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(start, { timeout: 3000 });
    else idleHandle = window.setTimeout(start, 1000);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
  };
}

/**
 * `module` once it has loaded, asked for when the page is idle after loading, at once while `now`
 * holds, or by `request()` (a sign of intent). `beforeShow` runs just before the loaded module
 * replaces what stood in for it. A failed load leaves it undefined; the next ask tries again.
 */
export function useDeferred<T>(
  module: Deferred<T>,
  options: { now?: boolean; beforeShow?: () => void } = {},
): { loaded: T | undefined; request: () => void } {
  const [loaded, setLoaded] = useState(module.current);
  const beforeShow = useRef(options.beforeShow);
  useLayoutEffect(() => {
    beforeShow.current = options.beforeShow;
  });
  const request = useCallback(() => {
    module.get().then(
      (m) => {
        beforeShow.current?.();
        setLoaded(() => m);
      },
      () => undefined,
    );
  }, [module]);
  const now = options.now ?? false;
  useEffect(() => {
    if (loaded) return;
    if (now) request();
    return whenIdleAfterLoad(request);
  }, [loaded, now, request]);
  return { loaded, request };
}

export interface TriggerIntent {
  onPointerEnter: () => void;
  onPointerDown: () => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/**
 * Shows `trigger` (the menu's button, without the menu's code) until `module` has loaded, then
 * `render(module, openAtOnce)`: a tap on the stand-in opens the real menu as soon as it arrives,
 * and keyboard focus moves from the stand-in to the real trigger. A press that the swap cuts in
 * two (pointer down on the stand-in, up on the real trigger: no click reaches either) counts as a
 * tap, since the hover that began it is what loaded the module.
 */
export function DeferredMenu<T>({
  module,
  trigger,
  render,
}: {
  module: Deferred<T>;
  trigger: (intent: TriggerIntent) => ReactNode;
  render: (loaded: T, openAtOnce: boolean) => ReactNode;
}) {
  const [openAtOnce, setOpenAtOnce] = useState(false);
  // Whether the stand-in had keyboard focus when the real trigger replaced it.
  const [refocus, setRefocus] = useState(false);
  // Whether the pointer is down on the stand-in.
  const [pressed, setPressed] = useState(false);
  const boxId = useId();
  const { loaded, request: want } = useDeferred(module, {
    beforeShow: () => {
      setRefocus(Boolean(document.getElementById(boxId)?.contains(document.activeElement)));
      if (pressed) setOpenAtOnce(true);
    },
  });
  const release = () => setPressed(false);

  useLayoutEffect(() => {
    // once: `loaded` is set once, and `refocus` with it
    if (!loaded || !refocus) return;
    document.getElementById(boxId)?.querySelector<HTMLElement>('button, [href]')?.focus();
  }, [loaded, refocus, boxId]);

  return (
    <span id={boxId} className="contents">
      {loaded
        ? // A press still down when the swap is drawn opens it too: on a loaded machine the press can
          // land on the stand-in after the module arrived (and `beforeShow` ran) but before React drew it.
          render(loaded, openAtOnce || pressed)
        : trigger({
            onPointerEnter: want,
            onPointerDown: () => {
              setPressed(true);
              want();
            },
            onPointerUp: release,
            onPointerLeave: release,
            onPointerCancel: release,
            onFocus: want,
            onClick: () => {
              setOpenAtOnce(true);
              want();
            },
          })}
    </span>
  );
}
