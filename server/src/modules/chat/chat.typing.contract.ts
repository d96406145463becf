import { beforeAll, expect, it } from 'vitest';
import type { TypingStore } from './chat.typing.js';

export interface TypingFixture {
  store: TypingStore;
  /** Five conversation ids and three user ids the store may refer to. */
  sessions: [number, number, number, number, number];
  users: [number, number, number];
}

/**
 * What every TypingStore must do, run against the database store (chat.typing.test.ts) and the
 * Redis one (chat.typing.redis.test.ts).
 */
export function typingStoreContract(setup: () => Promise<TypingFixture>): void {
  let f: TypingFixture;
  beforeAll(async () => {
    f = await setup();
  });
  const t0 = new Date('2026-11-22T12:00:00Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);

  it('reports a flag as typing for 5 s after it was set, then not', async () => {
    const [id] = f.sessions;
    const [ana] = f.users;
    await f.store.set(id, ana, true, t0);
    expect(await f.store.flags(id, later(4_999))).toEqual(new Map([[ana, true]]));
    expect(await f.store.flags(id, later(5_000))).toEqual(new Map([[ana, false]]));
  });

  it('refreshes a flag when set again, and stops it when told', async () => {
    const id = f.sessions[1];
    const [ana] = f.users;
    await f.store.set(id, ana, true, t0);
    await f.store.set(id, ana, true, later(4_000));
    expect((await f.store.flags(id, later(8_000))).get(ana)).toBe(true);
    await f.store.set(id, ana, false, later(8_500));
    expect((await f.store.flags(id, later(8_600))).get(ana) ?? false).toBe(false);
  });

  it('keeps conversations and members apart', async () => {
    const [, , one, two, untouched] = f.sessions;
    const [ana, bo, cy] = f.users;
    await f.store.set(one, ana, true, t0);
    await f.store.set(one, bo, false, t0);
    await f.store.set(two, cy, true, t0);
    const flags = await f.store.flags(one, later(1_000));
    expect(flags.get(ana)).toBe(true);
    expect(flags.get(bo) ?? false).toBe(false);
    expect(flags.has(cy)).toBe(false);
    expect(await f.store.flags(untouched, t0)).toEqual(new Map());
  });
}
