import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimits } from '../config.js';
import { AppError } from '../lib/app-error.js';

/**
 * Fixed-window attempt counters shared by every limiter. In Redis when REDIS_URL is set, so every
 * instance sees the same counts; in memory otherwise. (Why not @fastify/rate-limit:
 * docs/decisions/0002-rate-limits.md.)
 */
export interface RateLimitStore {
  /** Counts one attempt on `key`; answers the count in the current window and ms until it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Takes back one attempt counted by `hit` (a refused or successful one), never below zero. */
  unhit(key: string): Promise<void>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /**
   * Sets `key` for `ttlMs` unless it is already set, in one step, so that of many concurrent
   * callers only one gets it. Answers whether this caller did, and ms until the key expires.
   */
  claim(key: string, ttlMs: number): Promise<{ claimed: boolean; resetInMs: number }>;
}

export function memoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, windowMs) {
      const at = now();
      if (at - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
        lastSweep = at;
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        w = { count: 0, endsAt: at + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.endsAt - at };
    },
    async unhit(key) {
      const w = windows.get(key);
      if (w && w.endsAt > now() && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async claim(key, ttlMs) {
      const at = now();
      const w = windows.get(key);
      if (w && w.endsAt > at) return { claimed: false, resetInMs: w.endsAt - at };
      windows.set(key, { count: 1, endsAt: at + ttlMs });
      return { claimed: true, resetInMs: ttlMs };
    },
  };
}

/** DECR only a live counter above zero: a key that expired meanwhile is not brought back without a TTL. */
const UNHIT = `if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then redis.call('decr', KEYS[1]) end return 0`;

export function redisStore(redis: Redis, namespace: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = `${namespace}${key}`;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async unhit(key) {
      await redis.eval(UNHIT, 1, `${namespace}${key}`);
    },
    async reset(key) {
      await redis.del(`${namespace}${key}`);
    },
    async claim(key, ttlMs) {
      const k = `${namespace}${key}`;
      const results = await redis.multi().set(k, '1', 'PX', ttlMs, 'NX').pttl(k).exec();
      const claimed = results?.[0]?.[1] === 'OK';
      const ttl = Number(results?.[1]?.[1] ?? ttlMs);
      return { claimed, resetInMs: ttl > 0 ? ttl : ttlMs };
    },
  };
}

export interface Limit {
  /** Distinguishes counters: "login-ip", "login-user", … */
  name: string;
  max: number;
  windowMs: number;
  /** What to count by; a request without one (say, no username in the body) is counted by IP. */
  key: (request: FastifyRequest) => string | undefined;
}

/** The 429 of a `limited` pre-handler, naming the limit and what it counted by (for `reportRateLimits`). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly limit: Limit,
    readonly key: string,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * A pre-handler that counts the request against every limit and refuses it with 429
 * RATE_LIMITED and `message` when any is exceeded.
 */
export function limited(store: RateLimitStore, message: string, limits: Limit[]): preHandlerAsyncHookHandler {
  return async (request) => {
    for (const limit of limits) {
      const key = limit.key(request) ?? request.ip;
      const { count, resetInMs } = await store.hit(`${limit.name}:${key}`, limit.windowMs);
      if (count > limit.max) {
        const error = new RateLimitedError(message, limit, key);
        error.retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
        throw error;
      }
    }
  };
}

/**
 * Tells `report` of every request a `limited` pre-handler refused (the app writes them as security
 * events, at most one a minute per limit and key). Register before the routes: an `onError` hook
 * reaches the routes registered after it.
 */
export function reportRateLimits(
  app: FastifyInstance,
  report: (request: FastifyRequest, refused: { limit: Limit; key: string }) => void,
): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof RateLimitedError) report(request, { limit: error.limit, key: error.key });
  });
}

export const byIp = (request: FastifyRequest): string => request.ip;

/**
 * A limit counted per signed-in member (the routes' pre-validation hook has already turned guests
 * away). A `max` given as a function is read on every request (a limit an admin may change).
 */
export function perMember(name: string, max: number | (() => number), windowMs: number): Limit {
  const key = (request: FastifyRequest) => (request.auth ? `u${request.auth.user.id}` : undefined);
  if (typeof max === 'number') return { name, max, windowMs, key };
  return {
    name,
    get max() {
      return max();
    },
    windowMs,
    key,
  };
}

/**
 * The per-member limits of repeatable writes that several route files share, so one counter
 * covers every path of one kind of write (a comment through the rate call and a reply count together).
 * Numbers and reasons: docs/decisions/0002-rate-limits.md.
 */
export function memberWriteLimits(limits: RateLimits) {
  return {
    // Read on every request: the admin's settings may change it (app.ts's live rate limits).
    comments: perMember('comment-user', () => limits.commentsPerUser, limits.commentWindowMs),
    ratings: perMember('rating-user', limits.ratingsPerUser, limits.ratingWindowMs),
    follows: perMember('follow-user', limits.followsPerUser, limits.followWindowMs),
    taps: perMember('tap-user', limits.tapsPerUser, limits.tapWindowMs),
  };
}

/** A lower-cased string field of the JSON body, for per-account and per-address limits. */
export function bodyField(field: string) {
  return (request: FastifyRequest): string | undefined => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : undefined;
  };
}
