import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs work that need not delay an answer (mail, fan-out) after the answer, logging failures.
 * `drain()` waits for everything in flight: used on shutdown and by tests.
 */
export interface Jobs {
  run(name: string, work: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createJobs(logger: FastifyBaseLogger): Jobs {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const job = Promise.resolve()
        .then(work)
        .catch((err: unknown) => logger.error({ err, job: name }, `background job ${name} failed`))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
