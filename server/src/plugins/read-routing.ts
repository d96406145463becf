import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { ReadReplica } from '../db/replica.js';

/**
 * Which requests read the replica, and read-your-own-writes (decision record 0043).
 *
 * The routes of `REPLICA_ROUTES` (GET only) run their handlers inside `replica.onReplica()` unless
 * the member asking has written something the replica has not replayed yet: after any write request
 * of a signed-in member (any method but GET, HEAD, OPTIONS), the primary's WAL insert position read
 * after it is kept as that member's mark for twice the lag bound; their reads go to the primary
 * until the replica's polled replay position reaches the mark. Sessions are looked up before this
 * (authentication's onRequest hook) on the primary, so a new session is never missed.
 */

/** The read-heavy routes: feed, plate page, search, profiles and comment lists (method GET). */
export const REPLICA_ROUTES: ReadonlySet<string> = new Set([
  '/api/posts',
  '/api/posts/:id',
  '/api/posts/:id/neighbors',
  '/api/posts/:id/comments',
  '/api/top-rated',
  '/api/search',
  '/api/search/posts',
  '/api/users/:id',
  '/api/users/:id/posts',
  '/api/users/:id/followers',
  '/api/users/:id/following',
]);

/** Members' last write positions (as 16 hex digits, so text order is position order). */
export interface WriteMarks {
  /** Keeps `lsn` for `userId` for `ttlMs` unless a later position is already kept. */
  set(userId: number, lsn: bigint, ttlMs: number): Promise<void>;
  get(userId: number): Promise<bigint | undefined>;
}

const hex = (lsn: bigint) => lsn.toString(16).padStart(16, '0');

export function memoryWriteMarks(now: () => number = Date.now): WriteMarks {
  const marks = new Map<number, { lsn: bigint; until: number }>();
  let lastSweep = now();
  return {
    async set(userId, lsn, ttlMs) {
      const at = now();
      if (at - lastSweep > 60_000) {
        for (const [k, m] of marks) if (m.until <= at) marks.delete(k);
        lastSweep = at;
      }
      const known = marks.get(userId);
      marks.set(userId, { lsn: known && known.until > at && known.lsn > lsn ? known.lsn : lsn, until: at + ttlMs });
    },
    async get(userId) {
      const mark = marks.get(userId);
      return mark && mark.until > now() ? mark.lsn : undefined;
    },
  };
}

/** Sets the mark unless a later one is kept (another instance may answer the same member's writes). */
const SET_LATER = `local c = redis.call('get', KEYS[1])
if not c or c < ARGV[1] then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) else redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0`;

export function redisWriteMarks(redis: Redis, namespace: string): WriteMarks {
  return {
    async set(userId, lsn, ttlMs) {
      await redis.eval(SET_LATER, 1, `${namespace}${userId}`, hex(lsn), String(ttlMs));
    },
    async get(userId) {
      const value = await redis.get(`${namespace}${userId}`);
      return value && /^[0-9a-f]{16}$/.test(value) ? BigInt(`0x${value}`) : undefined;
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's reads went: 'replica' when its handler ran in the replica's scope (tests, logs). */
    readsFrom: 'replica' | 'primary' | undefined;
  }
}

/**
 * Registers the two hooks: a preHandler that runs the listed GET routes' handlers in the replica's
 * scope (a callback hook, so the scope covers what follows it), and an onSend that keeps the mark of
 * a member's write before the answer leaves (so their next request already knows).
 */
export function registerReadRouting(
  app: FastifyInstance,
  options: { replica: ReadReplica; marks: WriteMarks; maxLagMs: number; routes?: ReadonlySet<string> },
): void {
  const { replica, marks } = options;
  const routes = options.routes ?? REPLICA_ROUTES;
  const markTtlMs = options.maxLagMs * 2;
  app.decorateRequest('readsFrom', undefined);

  const userOf = (request: FastifyRequest) => request.auth?.user.id;

  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method !== 'GET' || !routes.has(request.routeOptions.url ?? '')) return done();
    const state = replica.state();
    if (!state.up || state.reason !== undefined) {
      request.readsFrom = 'primary';
      return done();
    }
    const userId = userOf(request);
    if (userId === undefined) {
      request.readsFrom = 'replica';
      return replica.onReplica(() => done());
    }
    marks.get(userId).then(
      (mark) => {
        if (mark !== undefined && replica.state().replayLsn < mark) {
          request.readsFrom = 'primary';
          return done();
        }
        request.readsFrom = 'replica';
        return replica.onReplica(() => done());
      },
      // The marks unreadable (Redis down): the primary, which has every write.
      () => {
        request.readsFrom = 'primary';
        done();
      },
    );
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (SAFE_METHODS.has(request.method)) return payload;
    const userId = userOf(request);
    if (userId === undefined) return payload;
    try {
      await marks.set(userId, await replica.writePosition(), markTtlMs);
    } catch (error) {
      // Without a mark the member might read their write's absence for up to the lag bound: said, not fatal.
      request.log.warn({ err: error }, 'read replica: the write position could not be kept');
    }
    return payload;
  });
}
