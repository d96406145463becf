import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PartTimings } from './analyze.js';
import type { ModelName } from './models.js';
import { AnalyzerBusyError, type EngineParts, type EngineThresholds, type PhotoAnalyzer, type RawAnalysis } from './types.js';

/**
 * The photo analysis engine (issue 17): a small pool of worker threads, each running tfjs on its
 * WebAssembly backend, which blocks the thread it runs on, so never the request thread.
 *
 * - Workers: `max(1, min(2, cores - 1))` by default, started on the first photo, not at boot.
 * - Queue: photos waiting for a worker, at most `queueLimit`; one more is refused at once with
 *   {@link AnalyzerBusyError} (the caller answers 503 or analyses later) rather than piling up memory.
 * - Models load in each worker on the first photo that asks for their part, once; a part never
 *   asked never loads its model (`loadedModels()` tells, for tests and the admin page).
 * - A worker that dies (crash, out of memory) or holds a photo past `timeoutMs` is ended and replaced;
 *   the photo it held is tried once more on another worker, and fails if that one dies too.
 *
 * Nothing here imports tfjs: models.ts and analyze.ts are loaded by the worker only.
 */
export interface AnalyzerOptions {
  workers?: number;
  queueLimit?: number;
  /** A photo whose worker has not answered in this long (ms) ends that worker, as a crash would. */
  timeoutMs?: number;
  logger?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** The pool, with what tests and the benchmark look into. */
export interface AnalyzerPool extends PhotoAnalyzer {
  /** The models each live worker has loaded, by worker. */
  loadedModels(): Promise<ModelName[][]>;
  /** Like analyze, with the time each part took in the worker (ms). */
  analyzeTimed(image: Buffer, parts: EngineParts, thresholds: EngineThresholds): Promise<{ result: RawAnalysis; timings: PartTimings }>;
  /** The MobileNet backbone's 1792 raw features, for measuring the embedding's reduction. */
  features(image: Buffer): Promise<number[]>;
  /** Test-only: terminates the worker at `index` as a crash would end it. */
  crashWorker(index: number): Promise<void>;
}

export const DEFAULT_QUEUE_LIMIT = 16;
/** Far over a cold start with every model (3 s measured on a busy machine) and any one photo. */
export const DEFAULT_TIMEOUT_MS = 60_000;

export type WorkerRequest =
  | { type: 'analyze'; id: number; image: Uint8Array; parts: EngineParts; thresholds: EngineThresholds }
  | { type: 'features'; id: number; image: Uint8Array }
  | { type: 'models'; id: number };
export type WorkerAnswer = { id: number; models: ModelName[] } & (
  | { result: RawAnalysis; timings: PartTimings }
  | { features: number[] }
  | { error: string }
  | object
);

// Under tsx and vitest the sources are TypeScript, which a worker can only load with tsx's loader
// registered in it too (a worker does not inherit vitest's transform): as in media/raw-decoder.ts.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSources ? './pool.worker.ts' : './pool.worker.js', import.meta.url);
const WORKER_EXEC_ARGV = fromSources ? ['--import', createRequire(import.meta.url).resolve('tsx')] : [];

type Request = { type: 'analyze'; image: Uint8Array; parts: EngineParts; thresholds: EngineThresholds } | { type: 'features'; image: Uint8Array };

interface Job {
  request: Request;
  attempts: number;
  resolve(answer: WorkerAnswer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** The queued job this worker is running, if any, and its deadline. */
  job: { id: number; job: Job; timer: NodeJS.Timeout } | null;
  timedOut: boolean;
  /** Model questions waiting for this worker's answer. */
  questions: Map<number, (models: ModelName[]) => void>;
  exited: boolean;
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export function createPhotoAnalyzer(options: AnalyzerOptions = {}): AnalyzerPool {
  const size = Math.max(1, Math.floor(options.workers ?? defaultWorkers()));
  const queueLimit = Math.max(0, Math.floor(options.queueLimit ?? DEFAULT_QUEUE_LIMIT));
  const timeoutMs = Math.max(1, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const logger = options.logger;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(WORKER_URL, { execArgv: WORKER_EXEC_ARGV });
    const slot: Slot = { worker, job: null, questions: new Map(), exited: false, timedOut: false };
    worker.on('message', (message: WorkerAnswer) => {
      const question = slot.questions.get(message.id);
      if (question) {
        slot.questions.delete(message.id);
        question(message.models);
        return;
      }
      if (slot.job?.id !== message.id) return;
      const { job, timer } = slot.job;
      clearTimeout(timer);
      slot.job = null;
      job.resolve(message);
      dispatch();
    });
    worker.on('error', (error) => logger?.error({ err: error }, 'photo analysis worker failed'));
    worker.on('exit', (code) => {
      slot.exited = true;
      slots.splice(slots.indexOf(slot), 1);
      for (const question of slot.questions.values()) question([]);
      if (closed) return;
      if (slot.job) clearTimeout(slot.job.timer);
      const running = slot.job?.job;
      if (running) {
        running.attempts++;
        const why = slot.timedOut ? `timed out after ${timeoutMs} ms` : 'stopped';
        if (running.attempts > 1) {
          logger?.error({ code }, `photo analysis worker ${why} twice on the same photo`);
          running.reject(new Error(`photo analysis failed: its worker ${why}`));
        } else {
          logger?.warn({ code }, `photo analysis worker ${why}; trying its photo again on a new worker`);
          queue.unshift(running);
        }
      }
      dispatch();
    });
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length && !closed) {
      let slot = slots.find((s) => !s.job && !s.exited);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        slot.timedOut = true;
        void slot.worker.terminate();
      }, timeoutMs);
      slot.job = { id, job, timer };
      slot.worker.postMessage({ ...job.request, id } satisfies WorkerRequest);
    }
  }

  function submit(request: Request): Promise<WorkerAnswer> {
    if (closed) return Promise.reject(new Error('photo analysis is closed'));
    const idle = slots.some((s) => !s.job) || slots.length < size;
    if (!idle && queue.length >= queueLimit) return Promise.reject(new AnalyzerBusyError());
    return new Promise<WorkerAnswer>((resolve, reject) => {
      queue.push({ request, attempts: 0, resolve, reject });
      dispatch();
    });
  }

  function unwrap<T extends object>(answer: WorkerAnswer, key: keyof T): T {
    if ('error' in answer) throw new Error(`photo analysis failed: ${answer.error}`);
    if (!(key in answer)) throw new Error('photo analysis worker answered nothing');
    return answer as T;
  }

  const pool: AnalyzerPool = {
    async analyze(image, parts, thresholds) {
      return (await pool.analyzeTimed(image, parts, thresholds)).result;
    },
    async analyzeTimed(image, parts, thresholds) {
      const answer = await submit({ type: 'analyze', image: new Uint8Array(image), parts, thresholds });
      const { result, timings } = unwrap<{ result: RawAnalysis; timings: PartTimings }>(answer, 'result');
      return { result, timings };
    },
    async features(image) {
      const answer = await submit({ type: 'features', image: new Uint8Array(image) });
      return unwrap<{ features: number[] }>(answer, 'features').features;
    },
    stats() {
      return { queued: queue.length, running: slots.filter((s) => s.job).length, workers: slots.length };
    },
    loadedModels() {
      return Promise.all(
        slots.map(
          (slot) =>
            new Promise<ModelName[]>((resolve) => {
              const id = nextId++;
              slot.questions.set(id, resolve);
              slot.worker.postMessage({ type: 'models', id } satisfies WorkerRequest);
            }),
        ),
      );
    },
    async crashWorker(index) {
      const slot = slots[index];
      if (!slot) throw new Error(`no worker ${index}`);
      await slot.worker.terminate();
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('photo analysis is closed'));
      for (const slot of slots) {
        if (!slot.job) continue;
        clearTimeout(slot.job.timer);
        slot.job.job.reject(new Error('photo analysis is closed'));
      }
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
  return pool;
}
