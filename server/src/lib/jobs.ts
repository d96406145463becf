import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { z } from 'zod';

/** One job name's figures in this instance since it started: running now, finished, failed attempts. */
export interface JobStats {
  name: string;
  running: number;
  done: number;
  failed: number;
}

/** A job that failed on every attempt: kept until an admin retries or discards it (record 0041). */
export interface DeadJob {
  id: string;
  kind: string;
  /** What the job was about, written by its kind (ids, a template name): never a secret or a mail body. */
  summary: string;
  error: string;
  attempts: number;
  failedAt: Date;
}

/** What a handler learns of the run it is in. */
export interface JobRun {
  /** The job's id (stable over retries and over a rerun after a crash). */
  id: string;
  /** 1 on the first try. */
  attempt: number;
  /** One per enqueued job, the same over its retries and reruns: key a "done" mark on it. */
  runKey: string;
}

/**
 * A named kind of job: its payload (plain JSON, checked on the way in and again on the way out of
 * Redis), its handler, and how hard to try. Registered once at start (a later definition of the
 * same kind replaces the earlier one).
 */
export interface JobKind<P> {
  kind: string;
  payload: z.ZodType<P>;
  handler: (payload: P, run: JobRun) => Promise<unknown>;
  /** Tries in all before the job goes to the dead-letter list (default 5). */
  attempts?: number;
  /** Wait before the first retry, doubled for each one after (default 2 s: 2, 4, 8, 16 s). */
  backoffMs?: number;
  /**
   * Where the effect must not repeat: the part of the payload that makes a job unique. Two
   * enqueues with the same key while the first is waiting, running, retained as done or dead
   * make one job.
   */
  key?: (payload: P) => string;
  /** For the dead-letter list: what the job is about, without secrets (default: the kind). */
  summary?: (payload: P) => string;
}

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobHandle<P> {
  /** Queues the job (validated now); a failure to queue is logged, never thrown at the caller. */
  enqueue(payload: P, options?: EnqueueOptions): void;
  /** Runs the job every `intervalMs` on one instance (a repeatable job in Redis; a timer in process). */
  every(intervalMs: number, payload: P): void;
}

export interface Jobs {
  readonly backend: 'redis' | 'memory';
  /**
   * Small in-process work after the answer (a log row, a pub/sub publish): not retried, not
   * persisted, counted in the figures. Real work is a defined kind.
   */
  run(name: string, work: () => Promise<unknown>): void;
  define<P>(kind: JobKind<P>): JobHandle<P>;
  /** Starts the workers (Redis); the in-process queue runs at once. Call after every kind is defined. */
  start(): Promise<void>;
  /**
   * Waits until nothing runs or is ready to run (tests, shutdown). Jobs waiting for a retry or a
   * delay are awaited only with `{ delayed: true }`; repeatable ones never.
   */
  drain(options?: { delayed?: boolean }): Promise<void>;
  stats(): JobStats[];
  deadLetters(): Promise<DeadJob[]>;
  /** Puts a dead job back in the queue with fresh attempts; false when there is no such dead job. */
  retryDead(id: string): Promise<boolean>;
  discardDead(id: string): Promise<boolean>;
  /** Stops taking jobs and waits for the running ones, at most `timeoutMs` (default 10 s). */
  close(timeoutMs?: number): Promise<void>;
}

export interface RedisJobsOptions {
  url: string;
  /** Namespace of the queue's keys (BullMQ's prefix). */
  prefix: string;
  /** Jobs run at once by this instance's worker (default 4). */
  concurrency?: number;
  /** How often a worker looks for jobs whose instance died (BullMQ's stalled check; default 30 s). */
  stalledIntervalMs?: number;
  /** How long a running job's lock lasts without renewal (default 30 s). */
  lockDurationMs?: number;
}

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 2_000;
const KEEP_DONE = 1_000;
const KEEP_DEAD = 1_000;
const DEAD_PAGE = 100;

/** A job id from a kind and a key: hashed, so no payload text (an address) becomes a Redis key. */
export function jobId(kind: string, key: string): string {
  return `${kind.replace(/[^a-z0-9-]/gi, '-')}-${createHash('sha256').update(`${kind}\0${key}`).digest('hex').slice(0, 32)}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

interface Defined {
  def: JobKind<unknown>;
  attempts: number;
  backoffMs: number;
}

/** The figures and the in-process `run`, shared by both backends. */
function createCounters(logger: FastifyBaseLogger) {
  const inFlight = new Set<Promise<unknown>>();
  const byName = new Map<string, JobStats>();
  function stat(name: string): JobStats {
    let stats = byName.get(name);
    if (!stats) byName.set(name, (stats = { name, running: 0, done: 0, failed: 0 }));
    return stats;
  }
  return {
    inFlight,
    stat,
    track(promise: Promise<unknown>): void {
      const tracked = promise.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    },
    run(name: string, work: () => Promise<unknown>): void {
      const counted = stat(name);
      counted.running++;
      const job = Promise.resolve()
        .then(work)
        .then(
          () => counted.done++,
          (err: unknown) => {
            counted.failed++;
            logger.error({ err, job: name }, `background job ${name} failed`);
          },
        )
        .finally(() => {
          counted.running--;
          inFlight.delete(job);
        });
      inFlight.add(job);
    },
    async settle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    stats(): JobStats[] {
      return [...byName.values()].map((s) => ({ ...s })).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

function defaults<P>(kind: JobKind<P>): Defined {
  return {
    def: kind as unknown as JobKind<unknown>,
    attempts: Math.max(1, kind.attempts ?? DEFAULT_ATTEMPTS),
    backoffMs: Math.max(0, kind.backoffMs ?? DEFAULT_BACKOFF_MS),
  };
}

function summarise(defined: Defined | undefined, kind: string, payload: unknown): string {
  if (!defined?.def.summary) return kind;
  const parsed = defined.def.payload.safeParse(payload);
  return parsed.success ? defined.def.summary(parsed.data).slice(0, 300) : `${kind} (payload no longer valid)`;
}

/** The queue: BullMQ over Redis when `redis` is given, else in this process with the same rules. */
export function createJobs(logger: FastifyBaseLogger, options: { redis?: RedisJobsOptions } = {}): Jobs {
  return options.redis ? redisJobs(logger, options.redis) : memoryJobs(logger);
}

interface Entry {
  id: string;
  kind: string;
  payload: unknown;
  attempt: number;
  runKey: string;
  /** ready: due now or running; later: waiting for a delay or a retry. */
  state: 'ready' | 'running' | 'later';
  timer?: NodeJS.Timeout;
}

interface Dead extends DeadJob {
  payload: unknown;
  runKey: string;
}

function memoryJobs(logger: FastifyBaseLogger): Jobs {
  const counters = createCounters(logger);
  const kinds = new Map<string, Defined>();
  const entries = new Map<string, Entry>();
  const dead = new Map<string, Dead>();
  /** Ids of keyed jobs that finished, oldest first (BullMQ keeps as many completed jobs). */
  const done = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  let closed = false;
  let wake: (() => void) | undefined;

  function changed(): void {
    wake?.();
  }

  function schedule(entry: Entry, delayMs: number): void {
    if (delayMs > 0) {
      entry.state = 'later';
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        schedule(entry, 0);
      }, delayMs);
      entry.timer.unref();
      return;
    }
    entry.state = 'ready';
    counters.track(Promise.resolve().then(() => execute(entry)));
  }

  async function execute(entry: Entry): Promise<void> {
    if (closed) return;
    const defined = kinds.get(entry.kind);
    const counted = counters.stat(entry.kind);
    entry.state = 'running';
    entry.attempt++;
    counted.running++;
    try {
      if (!defined) throw new Error(`no handler for job kind ${entry.kind}`);
      const payload = defined.def.payload.parse(entry.payload);
      await defined.def.handler(payload, { id: entry.id, attempt: entry.attempt, runKey: entry.runKey });
      counted.done++;
      entries.delete(entry.id);
      done.add(entry.id);
      if (done.size > KEEP_DONE) done.delete(done.values().next().value as string);
    } catch (err) {
      counted.failed++;
      const attempts = defined?.attempts ?? 1;
      if (defined && entry.attempt < attempts && !closed) {
        logger.warn({ err, job: entry.kind, attempt: entry.attempt }, `job ${entry.kind} failed, will retry`);
        schedule(entry, defined.backoffMs * 2 ** (entry.attempt - 1));
      } else {
        logger.error({ err, job: entry.kind, attempts: entry.attempt }, `job ${entry.kind} failed on every attempt`);
        entries.delete(entry.id);
        dead.set(entry.id, {
          id: entry.id,
          kind: entry.kind,
          summary: summarise(defined, entry.kind, entry.payload),
          error: message(err),
          attempts: entry.attempt,
          failedAt: new Date(),
          payload: entry.payload,
          runKey: entry.runKey,
        });
        if (dead.size > KEEP_DEAD) dead.delete(dead.keys().next().value as string);
      }
    } finally {
      counted.running--;
      changed();
    }
  }

  function add(kind: string, payload: unknown, options: EnqueueOptions & { id?: string }): void {
    if (closed) {
      logger.warn({ job: kind }, `job ${kind} not queued: the queue is closing`);
      return;
    }
    const id = options.id ?? `${kind}-${++seq}`;
    if (entries.has(id) || dead.has(id) || done.has(id)) return;
    const entry: Entry = { id, kind, payload, attempt: 0, runKey: `${id}@${Date.now()}-${++seq}`, state: 'ready' };
    entries.set(id, entry);
    schedule(entry, options.delayMs ?? 0);
  }

  function pending(delayed: boolean): boolean {
    for (const entry of entries.values()) if (entry.state !== 'later' || delayed) return true;
    return false;
  }

  return {
    backend: 'memory',
    run: counters.run,
    define<P>(kind: JobKind<P>): JobHandle<P> {
      const defined = defaults(kind);
      kinds.set(kind.kind, defined);
      return {
        enqueue(payload, options = {}) {
          const data = kind.payload.parse(payload);
          add(kind.kind, data, { ...options, id: kind.key ? jobId(kind.kind, kind.key(data)) : undefined });
        },
        every(intervalMs, payload) {
          const data = kind.payload.parse(payload);
          const timer = setInterval(() => {
            // One at a time: a tick while the last one still runs is skipped (BullMQ does the same).
            done.delete(`${kind.kind}-every`);
            add(kind.kind, data, { id: `${kind.kind}-every` });
          }, intervalMs);
          timer.unref();
          timers.add(timer);
        },
      };
    },
    async start() {},
    async drain(options = {}) {
      for (;;) {
        await counters.settle();
        if (!pending(options.delayed ?? false)) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 10).unref();
        });
        wake = undefined;
      }
    },
    stats: counters.stats,
    async deadLetters() {
      return [...dead.values()].reverse().slice(0, DEAD_PAGE).map(({ payload: _payload, runKey: _runKey, ...job }) => job);
    },
    async retryDead(id) {
      const job = dead.get(id);
      if (!job || closed) return false;
      dead.delete(id);
      const entry: Entry = { id, kind: job.kind, payload: job.payload, attempt: 0, runKey: job.runKey, state: 'ready' };
      entries.set(id, entry);
      schedule(entry, 0);
      return true;
    },
    async discardDead(id) {
      return dead.delete(id);
    },
    async close(timeoutMs = 10_000) {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      // Jobs already due run to the end (bounded); retries and delays still waiting are dropped.
      await Promise.race([this.drain(), sleep(timeoutMs)]);
      closed = true;
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
      if (entries.size > 0) logger.warn({ jobs: entries.size }, 'jobs not run before shutdown (in-process queue)');
    },
  };
}

const QUEUE = 'jobs';

function redisJobs(logger: FastifyBaseLogger, options: RedisJobsOptions): Jobs {
  const counters = createCounters(logger);
  const kinds = new Map<string, Defined>();
  // A producer fails fast when Redis is away (the request logs it); the worker waits for it.
  const queue = new Queue(QUEUE, { connection: { url: options.url, maxRetriesPerRequest: 2 }, prefix: options.prefix });
  queue.on('error', (err) => logger.error({ err }, 'job queue error'));
  let worker: Worker | undefined;
  let closed = false;
  /** Jobs this instance's worker runs now, and who waits for them to end (close). */
  let active = 0;
  let idle: (() => void) | undefined;

  function jobOptions(defined: Defined, extra: { jobId?: string; delay?: number }) {
    return {
      ...extra,
      attempts: defined.attempts,
      backoff: { type: 'exponential' as const, delay: defined.backoffMs },
      removeOnComplete: { count: KEEP_DONE },
      removeOnFail: { count: KEEP_DEAD },
    };
  }

  async function process(job: Job): Promise<void> {
    const defined = kinds.get(job.name);
    if (!defined) throw new UnrecoverableError(`no handler for job kind ${job.name}`);
    const payload = defined.def.payload.parse(job.data);
    const counted = counters.stat(job.name);
    counted.running++;
    active++;
    try {
      await defined.def.handler(payload, { id: String(job.id), attempt: job.attemptsMade + 1, runKey: `${job.id}@${job.timestamp}` });
      counted.done++;
    } catch (err) {
      counted.failed++;
      throw err;
    } finally {
      counted.running--;
      if (--active === 0) idle?.();
    }
  }

  function toDead(job: Job): DeadJob {
    return {
      id: String(job.id),
      kind: job.name,
      summary: summarise(kinds.get(job.name), job.name, job.data),
      error: (job.failedReason ?? '').slice(0, 500),
      attempts: job.attemptsMade,
      failedAt: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp),
    };
  }

  return {
    backend: 'redis',
    run: counters.run,
    define<P>(kind: JobKind<P>): JobHandle<P> {
      const defined = defaults(kind);
      kinds.set(kind.kind, defined);
      return {
        enqueue(payload, options = {}) {
          const data = kind.payload.parse(payload);
          if (closed) {
            logger.warn({ job: kind.kind }, `job ${kind.kind} not queued: the queue is closing`);
            return;
          }
          const id = kind.key ? jobId(kind.kind, kind.key(data)) : undefined;
          counters.track(
            queue
              .add(kind.kind, data, jobOptions(defined, { jobId: id, delay: options.delayMs }))
              .catch((err: unknown) => logger.error({ err, job: kind.kind }, `job ${kind.kind} could not be queued`)),
          );
        },
        every(intervalMs, payload) {
          const data = kind.payload.parse(payload);
          // One scheduler per kind, shared by every instance: each tick makes one job, not one per instance.
          counters.track(
            queue
              .upsertJobScheduler(`${kind.kind}-every`, { every: intervalMs }, { name: kind.kind, data, opts: jobOptions(defined, {}) })
              .catch((err: unknown) => logger.error({ err, job: kind.kind }, `job ${kind.kind} could not be scheduled`)),
          );
        },
      };
    },
    async start() {
      if (worker || closed) return;
      worker = new Worker(QUEUE, process, {
        connection: { url: options.url, maxRetriesPerRequest: null },
        prefix: options.prefix,
        concurrency: options.concurrency ?? 4,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        lockDuration: options.lockDurationMs ?? 30_000,
        maxStalledCount: 1,
      });
      worker.on('error', (err) => logger.error({ err }, 'job worker error'));
      worker.on('failed', (job, err) => {
        if (!job) return;
        const last = job.attemptsMade >= (job.opts.attempts ?? 1);
        if (last) logger.error({ err, job: job.name, attempts: job.attemptsMade }, `job ${job.name} failed on every attempt`);
        else logger.warn({ err, job: job.name, attempt: job.attemptsMade }, `job ${job.name} failed, will retry`);
      });
      await worker.waitUntilReady();
    },
    async drain(options = {}) {
      for (;;) {
        await counters.settle();
        const states = ['waiting', 'active', 'prioritized', 'waiting-children'] as const;
        const counts = await queue.getJobCounts(...states, ...(options.delayed ? (['delayed'] as const) : []));
        let left = Object.values(counts).reduce((sum, n) => sum + n, 0);
        if (options.delayed) {
          // Repeatable jobs always have their next run waiting as a delayed job: not work left.
          left -= (await queue.getJobSchedulersCount().catch(() => 0)) ?? 0;
        }
        if (left <= 0) return;
        await sleep(20);
      }
    },
    stats: counters.stats,
    async deadLetters() {
      const jobs = await queue.getFailed(0, DEAD_PAGE - 1);
      return jobs.filter((job): job is Job => Boolean(job)).map(toDead);
    },
    async retryDead(id) {
      const job = await queue.getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    },
    async discardDead(id) {
      const job = await queue.getJob(id);
      if (!job || !(await job.isFailed())) return false;
      await job.remove();
      return true;
    },
    async close(timeoutMs = 10_000) {
      closed = true;
      await counters.settle();
      if (worker) {
        // Stop fetching, wait for the running jobs; past the bound we let go of them: their locks
        // lapse and another instance's stalled check takes them up again. (BullMQ's own graceful
        // close cannot be bounded: a later close(true) returns the first call's promise.)
        await worker.pause(true);
        if (active > 0) {
          const finished = new Promise<void>((resolve) => (idle = resolve));
          const inTime = await Promise.race([finished.then(() => true), sleep(timeoutMs).then(() => false)]);
          if (!inTime) logger.warn({ jobs: active }, 'jobs still running at shutdown: left to another instance');
        }
        await worker.close(true);
      }
      await queue.close();
    },
  };
}
