import { formatIp, parseIp, parseIpRange, rangeContains, type IpBlockType, type IpRange } from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** One live block as the matcher holds it. */
export interface BlockEntry {
  id: number;
  ipAddress: string;
  blockType: IpBlockType;
  expiresAt: Date | null;
}

/**
 * Tells every instance that the blocks changed. With Redis, a channel every instance subscribes
 * to (on a connection of its own: a subscribed connection can do nothing else); without, the one
 * process's own listeners.
 */
export interface ChangeBus {
  publish(): Promise<void>;
  /** Calls `onChange` for every change published anywhere, and again after a lost connection comes back. */
  subscribe(onChange: () => void): Promise<void>;
  close(): Promise<void>;
}

export function localChangeBus(): ChangeBus {
  const listeners = new Set<() => void>();
  return {
    async publish() {
      for (const listener of listeners) listener();
    },
    async subscribe(onChange) {
      listeners.add(onChange);
    },
    async close() {
      listeners.clear();
    },
  };
}

export function redisChangeBus(redis: Redis, channel: string, logger: FastifyBaseLogger): ChangeBus {
  const subscriber = redis.duplicate();
  let subscribed = false;
  return {
    async publish() {
      await redis.publish(channel, 'changed');
    },
    async subscribe(onChange) {
      subscriber.on('message', (from: string) => {
        if (from === channel) onChange();
      });
      // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost,
      // so the list is read again then.
      subscriber.on('ready', () => {
        if (subscribed) onChange();
      });
      subscriber.on('error', (error: unknown) => logger.warn({ err: error }, 'ip blocks: change channel error'));
      if (subscriber.status === 'wait') await subscriber.connect();
      await subscriber.subscribe(channel);
      subscribed = true;
    },
    async close() {
      subscribed = false;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

export interface BlockListOptions {
  /** The live blocks (active, not expired at the given time), read from the database. */
  load: (at: Date) => Promise<BlockEntry[]>;
  bus: ChangeBus;
  logger: FastifyBaseLogger;
  now?: () => Date;
  /** Reads the list again this often whatever is published, in case a message was missed. */
  resyncMs?: number;
  /** Told after every reload (the realtime plugin closes sockets of addresses now refused). */
  onReload?: () => void;
}

interface Compiled {
  /** Single addresses by canonical text, the common case: one map lookup. */
  exact: Map<string, BlockEntry[]>;
  /** Ranges of more than one address, tried in turn. */
  ranges: { range: IpRange; entry: BlockEntry }[];
  size: number;
}

function compile(entries: BlockEntry[]): Compiled {
  const exact = new Map<string, BlockEntry[]>();
  const ranges: Compiled['ranges'] = [];
  for (const entry of entries) {
    const range = parseIpRange(entry.ipAddress);
    if (!range) continue; // not written by this API; never matches
    const single = (range.version === 4 && range.prefix === 32) || (range.version === 6 && range.prefix === 128);
    if (single) {
      const key = formatIp({ version: range.version, value: range.network });
      exact.set(key, [...(exact.get(key) ?? []), entry]);
    } else {
      ranges.push({ range, entry });
    }
  }
  return { exact, ranges, size: entries.length };
}

/**
 * The live IP blocks in memory, so that enforcement costs no database query: loaded at start,
 * read again after every change (this instance's own at once, others' through the bus) and every
 * `resyncMs`. Expiry is checked when matching, so a block stops applying at its exact moment
 * without a reload.
 */
export function createBlockList(options: BlockListOptions) {
  const { load, bus, logger } = options;
  const now = options.now ?? (() => new Date());
  let compiled: Compiled = compile([]);
  let started = 0;
  let applied = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const inFlight = new Set<Promise<void>>();

  async function reload(): Promise<void> {
    const generation = ++started;
    const entries = await load(now());
    // Two reloads in flight: the one started last read the newest rows.
    if (generation < applied) return;
    applied = generation;
    compiled = compile(entries);
    options.onReload?.();
  }

  /** A reload nobody waits for (a message, the timer); close() waits for those in flight. */
  function reloadQuietly(): void {
    if (closed) return;
    const work = reload().catch((error: unknown) => logger.error({ err: error }, 'ip blocks: reload failed'));
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  return {
    /** Loads the blocks and listens for changes; the app does not answer before this. */
    async start(): Promise<void> {
      await reload();
      await bus.subscribe(reloadQuietly);
      if (options.resyncMs) {
        timer = setInterval(reloadQuietly, options.resyncMs);
        timer.unref();
      }
    },

    reload,

    /** After a change committed: this instance reads the blocks before answering, the others when told. */
    async changed(): Promise<void> {
      await reload();
      await bus.publish().catch((error: unknown) => logger.error({ err: error }, 'ip blocks: publish failed'));
    },

    /** The live block of `type` covering `ip` (any text the socket reported), if any. */
    match(ip: string, type: IpBlockType): BlockEntry | undefined {
      if (compiled.size === 0) return undefined;
      const address = parseIp(ip.replace(/%.*$/, ''));
      if (!address) return undefined;
      const at = now().getTime();
      const live = (entry: BlockEntry) => entry.blockType === type && (entry.expiresAt === null || entry.expiresAt.getTime() > at);
      const found = compiled.exact.get(formatIp(address))?.find(live);
      if (found) return found;
      return compiled.ranges.find(({ range, entry }) => live(entry) && rangeContains(range, address))?.entry;
    },

    async close(): Promise<void> {
      closed = true;
      if (timer) clearInterval(timer);
      await bus.close();
      await Promise.all([...inFlight]);
    },
  };
}

export type BlockList = ReturnType<typeof createBlockList>;
