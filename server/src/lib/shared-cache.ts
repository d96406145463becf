/**
 * A short-lived cache of answers that are the same for everyone who may receive them (the feed as
 * a visitor sees it). Concurrent misses on one key share one load, so a burst of visitors costs one
 * set of queries per `ttlMs`; a failed load is not kept. `clear()` drops everything at once, for a
 * write that changes what the answers hold; across instances the TTL bounds how stale a copy is.
 * At most `maxEntries` keys are kept, the oldest dropped first.
 */
export interface SharedCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createSharedCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): SharedCache<T> {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { until: number; value: Promise<T> }>();

  return {
    get(key, load) {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { until: at + options.ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear() {
      // A load in flight is dropped with the rest: its answer reaches its own callers only.
      entries.clear();
    },
  };
}
