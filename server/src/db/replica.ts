// Read replicas (decision record 0043): a second pool on a streaming standby, and the rule that
// decides, statement by statement, whether a read may be answered there.
//
// Routing happens under Drizzle, in the pool: `RoutingPool` is the primary's pg.Pool, and its
// `query()` sends a statement to the replica pool when (1) the caller runs inside `onReplica()`
// (a request of a read-heavy route whose member has no write the replica lacks, see
// plugins/read-routing.ts), (2) the statement is a SELECT or WITH, and (3) the replica answered its last
// poll, is a standby, and lags less than the bound. Transactions (`connect()`) always take a primary
// connection. Because the choice is made when a statement is sent, Drizzle's prepared queries,
// built once and kept, follow it too.
//
// The instance polls both servers every `pollMs`: the primary's `pg_current_wal_insert_lsn()` and
// the replica's `pg_last_wal_replay_lsn()`. The replica's lag is the age of the newest primary
// sample it has replayed past. A member's write is remembered as the primary's insert position
// read after it (`writePosition()`, one query shared by every caller waiting at that moment), and
// their reads use the replica only once its polled replay position has reached it.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/** A WAL position ('16/B374D848') as a number of bytes; comparable. */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  if (hi === undefined || lo === undefined || !/^[0-9A-F]{1,8}$/i.test(hi) || !/^[0-9A-F]{1,8}$/i.test(lo)) {
    throw new Error(`not a WAL position: ${text}`);
  }
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export interface ReplicaState {
  /** The replica answered its last poll and is a standby. */
  up: boolean;
  /** Last replay position polled from the replica (0 before the first answer). */
  replayLsn: bigint;
  /** How far behind the primary the replica was at the last poll, in ms (Infinity when unknown). */
  lagMs: number;
  /** Why the replica is not used, when it is not (for logs and /admin/system). */
  reason: string | undefined;
}

export interface ReplicaStats {
  /** Statements sent to the replica. */
  replica: number;
  /** Statements sent to the primary from inside `onReplica()` (not a SELECT, replica down or lagging). */
  primaryInScope: number;
  /** Statements the replica refused and the primary answered instead (read-only, recovery conflict, connection). */
  retried: number;
}

export interface ReadReplica {
  /** Runs `work` with its SELECTs sent to the replica while it is up and close enough. */
  onReplica<T>(work: () => T): T;
  /** True inside `onReplica()`. */
  inReplicaScope(): boolean;
  state(): ReplicaState;
  stats(): ReplicaStats;
  /** The primary's WAL insert position, read by a query sent after this call (shared by concurrent callers). */
  writePosition(): Promise<bigint>;
  /** Polls both servers now (tests; the timer does it every `pollMs`). */
  poll(): Promise<void>;
  /** Resolves once a poll has seen the replica at or past `lsn` and usable (tests). */
  caughtUp(lsn: bigint, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  replicaPool: pg.Pool;
  /** A read is sent to the replica only while its lag is at most this (5 s). */
  maxLagMs: number;
  /** How often both servers are polled (100 ms). */
  pollMs: number;
  onStateChange?: (state: ReplicaState) => void;
}

/**
 * Statements that look like reads: SELECT, and WITH (search's candidates are a CTE). A write among
 * them (a data-modifying CTE, SELECT … FOR UPDATE, nextval) is refused by the standby (25006) and
 * then answered by the primary.
 */
const READ_STATEMENT = /^[\s(]*(?:select|with)\b/i;

/**
 * Errors after which the replica's answer is replaced by the primary's: a write that looked like a
 * read (25006), a query cancelled by replay (40001 conflict with recovery), a replica restarting or
 * unreachable (class 08, 57P01-57P03, a database not replayed yet 3D000, no SQLSTATE at all).
 */
function retryOnPrimary(error: unknown): 'retry' | 'down' | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === '25006' || code === '40001') return 'retry';
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return 'down';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '3D000') return 'down';
  return undefined;
}

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * The primary's pool, with reads inside `onReplica()` sent to the replica pool (see the top of this
 * file). Subclassing pg.Pool keeps Drizzle's `instanceof Pool` check (transactions check out one
 * primary connection).
 */
export class RoutingPool extends pg.Pool {
  #router: ((text: string) => pg.Pool | undefined) | undefined;
  #onReplicaError: ((error: unknown) => void) | undefined;

  route(router: (text: string) => pg.Pool | undefined, onReplicaError: (error: unknown) => void): void {
    this.#router = router;
    this.#onReplicaError = onReplicaError;
  }

  /** A query on the primary whatever the scope (the routing's own polls). */
  direct<R extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<R>> {
    return (pg.Pool.prototype.query as (text: string) => Promise<pg.QueryResult<R>>).call(this, text);
  }

  // pg's query() is overloaded; Drizzle always calls the promise form with a config object.
  override query(...args: unknown[]): never {
    const [config] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    const last = args[args.length - 1];
    const replica = typeof text === 'string' && typeof last !== 'function' ? this.#router?.(text) : undefined;
    const primary = (...a: unknown[]) => (super.query as (...x: unknown[]) => never)(...a);
    if (!replica) return primary(...args);
    const sent = (replica.query as (...x: QueryArgs) => Promise<unknown>)(...(args as QueryArgs));
    return sent.catch((error: unknown) => {
      if (!retryOnPrimary(error)) throw error;
      this.#onReplicaError?.(error);
      return primary(...args);
    }) as never;
  }
}

export function createReadReplica(primary: RoutingPool, options: ReadReplicaOptions): ReadReplica {
  const { replicaPool, maxLagMs, pollMs } = options;
  const scope = new AsyncLocalStorage<true>();
  const stats: ReplicaStats = { replica: 0, primaryInScope: 0, retried: 0 };
  let state: ReplicaState = { up: false, replayLsn: 0n, lagMs: Number.POSITIVE_INFINITY, reason: 'not polled yet' };
  /** Primary positions polled lately, oldest first: `at` is when the query was sent (every commit before it is at or below `lsn`). */
  const samples: Array<{ at: number; lsn: bigint }> = [];
  const waiters = new Set<{ lsn: bigint; resolve: () => void }>();

  const usable = () => state.up && state.lagMs <= maxLagMs;
  const setState = (next: ReplicaState) => {
    const changed = next.up !== state.up || next.reason !== state.reason;
    state = next;
    if (changed) options.onStateChange?.(state);
    if (usable()) {
      for (const waiter of waiters) {
        if (state.replayLsn >= waiter.lsn) {
          waiters.delete(waiter);
          waiter.resolve();
        }
      }
    }
  };

  primary.route(
    (text) => {
      if (scope.getStore() !== true) return undefined;
      if (!READ_STATEMENT.test(text) || !usable()) {
        stats.primaryInScope += 1;
        return undefined;
      }
      stats.replica += 1;
      return replicaPool;
    },
    (error) => {
      stats.retried += 1;
      if (retryOnPrimary(error) === 'down') {
        setState({ ...state, up: false, reason: `replica query failed: ${(error as Error).message}` });
      }
    },
  );

  // One primary position query at a time; callers arriving while one is in flight share the next.
  let inFlight: Promise<bigint> | undefined;
  let next: Promise<bigint> | undefined;
  const readPosition = async (): Promise<bigint> => {
    const { rows } = await primary.direct<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
    return parseLsn(rows[0]!.lsn);
  };
  function writePosition(): Promise<bigint> {
    next ??= (async () => {
      await inFlight?.catch(() => undefined);
      // From here on, callers wait for the query after this one: this one may start before their write.
      const mine = readPosition();
      inFlight = mine;
      next = undefined;
      return mine;
    })();
    return next;
  }

  async function poll(): Promise<void> {
    const at = Date.now();
    const [primaryAnswer, replicaAnswer] = await Promise.allSettled([
      readPosition(),
      replicaPool.query<{ lsn: string | null; standby: boolean }>(
        'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby',
      ),
    ]);
    if (primaryAnswer.status === 'fulfilled') {
      samples.push({ at, lsn: primaryAnswer.value });
      // Enough samples to tell any lag up to the bound (and a little past it).
      const keep = Math.ceil((maxLagMs * 2) / Math.max(pollMs, 1)) + 2;
      if (samples.length > keep) samples.splice(0, samples.length - keep);
    }
    if (replicaAnswer.status === 'rejected') {
      setState({ ...state, up: false, lagMs: Number.POSITIVE_INFINITY, reason: `replica unreachable: ${(replicaAnswer.reason as Error).message}` });
      return;
    }
    const row = replicaAnswer.value.rows[0];
    if (!row?.standby || !row.lsn) {
      setState({ ...state, up: false, lagMs: Number.POSITIVE_INFINITY, reason: 'DATABASE_REPLICA_URL is not a standby (pg_is_in_recovery() is false)' });
      return;
    }
    const replayLsn = parseLsn(row.lsn);
    // The newest primary sample the replica has replayed past: everything committed before it was sent is there.
    let caughtUpAt: number | undefined;
    for (let i = samples.length - 1; i >= 0; i -= 1) {
      if (samples[i]!.lsn <= replayLsn) {
        caughtUpAt = samples[i]!.at;
        break;
      }
    }
    const lagMs = caughtUpAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Date.now() - caughtUpAt);
    setState({
      up: true,
      replayLsn,
      lagMs,
      reason: lagMs > maxLagMs ? `replica lags more than ${maxLagMs} ms` : undefined,
    });
  }

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      poll()
        .catch(() => undefined)
        .finally(() => {
          if (!closed) loop();
        });
    }, pollMs);
    timer.unref();
  };
  loop();

  return {
    onReplica: (work) => scope.run(true, work),
    inReplicaScope: () => scope.getStore() === true,
    state: () => ({ ...state }),
    stats: () => ({ ...stats }),
    writePosition,
    poll,
    caughtUp(lsn, timeoutMs = 10_000) {
      if (usable() && state.replayLsn >= lsn) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = { lsn, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (!waiters.delete(waiter)) return;
          reject(new Error(`replica did not reach ${lsn} within ${timeoutMs} ms (${state.reason ?? 'up'})`));
        }, timeoutMs).unref();
      });
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await replicaPool.end();
    },
  };
}

/** True when a read by a member whose last write is at `lsn` (none: undefined) may go to the replica now. */
export function replicaHas(replica: ReadReplica, lsn: bigint | undefined): boolean {
  const state = replica.state();
  return state.up && state.reason === undefined && (lsn === undefined || state.replayLsn >= lsn);
}
