import type { FastifyBaseLogger } from 'fastify';

/** One job name's figures since the runner started: running now, finished, failed. */
export interface JobStats {
  name: string;
  running: number;
  done: number;
  failed: number;
}

/**
 * Runs work that need not delay an answer (mail, fan-out) after the answer, logging failures.
 * `drain()` waits for everything in flight: used on shutdown and by tests.
 */
export interface Jobs {
  run(name: string, work: () => Promise<unknown>): void;
  drain(): Promise<void>;
  /** Per job name (a handful, fixed in the code): what runs now and what ran (/admin/system). */
  stats(): JobStats[];
}

export function createJobs(logger: FastifyBaseLogger): Jobs {
  const inFlight = new Set<Promise<unknown>>();
  const byName = new Map<string, JobStats>();
  return {
    run(name, work) {
      let stats = byName.get(name);
      if (!stats) byName.set(name, (stats = { name, running: 0, done: 0, failed: 0 }));
      const counted = stats;
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
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    stats() {
      return [...byName.values()].map((s) => ({ ...s })).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
