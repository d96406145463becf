import { describe, expect, it } from 'vitest';
import { createSharedCache } from './shared-cache.js';

describe('createSharedCache', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('answers a key from one load until the TTL passes, then loads again', async () => {
    const c = clock();
    const cache = createSharedCache<number>({ ttlMs: 1000, maxEntries: 10, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    c.advance(999);
    expect(await cache.get('a', load)).toBe(1);
    c.advance(1);
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('b', load)).toBe(3);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createSharedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    let release!: (v: string) => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    release('page');
    expect(await answers).toEqual(['page', 'page', 'page']);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createSharedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });

  it('clear() drops every copy, and a load begun before it is not kept after it', async () => {
    const cache = createSharedCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');

    let release!: (v: string) => void;
    const inFlight = cache.get('j', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear();
    release('read before the write');
    expect(await inFlight).toBe('read before the write');
    expect(await cache.get('j', async () => 'after the write')).toBe('after the write');
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const cache = createSharedCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
