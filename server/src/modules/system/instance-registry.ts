import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { JobStats } from '../../lib/jobs.js';
import type { MetricsWindow } from './request-metrics.js';

/** What one instance says of itself: its process, its sockets and jobs, and its request window. */
export interface InstanceSnapshot {
  id: string;
  version: string;
  node: string;
  startedAt: number;
  uptimeSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  sockets: number;
  jobs: JobStats[];
  window: MetricsWindow;
  at: number;
}

export interface InstanceRegistry {
  readonly id: string;
  /** Every live instance's snapshot, this one's taken now and first. */
  all(): Promise<{ self: InstanceSnapshot; others: InstanceSnapshot[] }>;
  /** Publishes this instance's snapshot now (also done every `intervalMs`). */
  publish(): Promise<void>;
  close(): Promise<void>;
}

/** A name for this process: host, pid and a few random characters (a restarted pid is a new instance). */
export function instanceId(): string {
  return `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Each instance measures itself; with Redis each publishes its snapshot every few seconds under a
 * key of its own that expires (so a stopped instance drops out), listed in a sorted set by time,
 * and the instance answering /api/admin/system reads the others' from there (record 0029).
 * Without Redis there is one instance and nothing is published.
 */
export function createInstanceRegistry(options: {
  id?: string;
  snapshot: () => InstanceSnapshot;
  redis?: Redis | undefined;
  prefix: string;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  ttlMs?: number;
  now?: () => number;
}): InstanceRegistry {
  const { redis, snapshot, logger } = options;
  const id = options.id ?? instanceId();
  const intervalMs = options.intervalMs ?? 10_000;
  const ttlMs = options.ttlMs ?? 3 * intervalMs;
  const now = options.now ?? Date.now;
  const indexKey = `${options.prefix}:instances`;
  const keyOf = (instance: string) => `${options.prefix}:instance:${instance}`;

  async function publish(): Promise<void> {
    if (!redis) return;
    const at = now();
    await redis
      .multi()
      .set(keyOf(id), JSON.stringify(snapshot()), 'PX', ttlMs)
      .zadd(indexKey, at, id)
      .zremrangebyscore(indexKey, '-inf', at - ttlMs)
      .pexpire(indexKey, ttlMs * 2)
      .exec();
  }

  const timer = redis
    ? setInterval(() => {
        publish().catch((error: unknown) => logger.warn({ err: error }, 'system: publishing this instance failed'));
      }, intervalMs)
    : undefined;
  timer?.unref();

  return {
    id,
    publish,
    async all() {
      const self = snapshot();
      if (!redis) return { self, others: [] };
      const ids = (await redis.zrangebyscore(indexKey, now() - ttlMs, '+inf')).filter((other) => other !== id);
      if (ids.length === 0) return { self, others: [] };
      const values = await redis.mget(ids.map(keyOf));
      const others: InstanceSnapshot[] = [];
      for (const value of values) {
        if (!value) continue;
        try {
          others.push(JSON.parse(value) as InstanceSnapshot);
        } catch {
          // a half-written or foreign value: left out
        }
      }
      return { self, others };
    },
    async close() {
      if (timer) clearInterval(timer);
      if (!redis || redis.status !== 'ready') return;
      await redis
        .multi()
        .del(keyOf(id))
        .zrem(indexKey, id)
        .exec()
        .catch(() => undefined);
    },
  };
}
