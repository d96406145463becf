import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
  };
}

export function redisStore(redis: Redis, namespace: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = `${namespace}${key}`;
      const results = await redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
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

/**
 * A pre-handler that counts the request against every limit and refuses it with 429
 * RATE_LIMITED and `message` when any is exceeded.
 */
export function limited(store: RateLimitStore, message: string, limits: Limit[]): preHandlerAsyncHookHandler {
  return async (request) => {
    for (const limit of limits) {
      const { count, resetInMs } = await store.hit(`${limit.name}:${limit.key(request) ?? request.ip}`, limit.windowMs);
      if (count > limit.max) {
        const error = new AppError('RATE_LIMITED', message);
        error.retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
        throw error;
      }
    }
  };
}

export const byIp = (request: FastifyRequest): string => request.ip;

/** A limit counted per signed-in member (the routes' pre-validation hook has already turned guests away). */
export function perMember(name: string, max: number, windowMs: number): Limit {
  return { name, max, windowMs, key: (request) => (request.auth ? `u${request.auth.user.id}` : undefined) };
}

/**
 * The per-member limits of repeatable writes that several route files share, so one counter
 * covers every path of one kind of write (a comment through the rate call and a reply count together).
 * Numbers and reasons: docs/decisions/0002-rate-limits.md.
 */
export function memberWriteLimits(limits: RateLimits) {
  return {
    comments: perMember('comment-user', limits.commentsPerUser, limits.commentWindowMs),
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
