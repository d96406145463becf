// The BullMQ backend against a real Redis (CI's REDIS_URL pass): the same rules as the in-process
// queue, plus what only a shared queue can show: a repeatable job runs once for two instances,
// and a job whose instance died is taken up by the other one.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { createJobs, type Jobs, type RedisJobsOptions } from './jobs.js';

const url = process.env.REDIS_URL ?? '';
const prefix = `plates-jobs-test:${randomBytes(6).toString('hex')}`;
const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
const open: Jobs[] = [];

async function instance(options: Partial<RedisJobsOptions> = {}, name = 'q'): Promise<Jobs> {
  const jobs = createJobs(logger, { redis: { url, prefix: `${prefix}:${name}`, ...options } });
  open.push(jobs);
  return jobs;
}

afterAll(async () => {
  await Promise.all(open.map((jobs) => jobs.close(200)));
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const Payload = z.object({ n: z.number() });

describe('the Redis queue (BullMQ)', () => {
  it('retries with back-off, dead-letters after the last attempt, and retries or discards from the list', async () => {
    const jobs = await instance({}, 'dead');
    let fail = true;
    const tries: number[] = [];
    const job = jobs.define({
      kind: 'test:mail',
      payload: Payload,
      attempts: 3,
      backoffMs: 50,
      summary: (p) => `job ${p.n}`,
      handler: async (p) => {
        tries.push(Date.now());
        if (fail) throw new Error(`refused ${p.n}`);
      },
    });
    await jobs.start();
    job.enqueue({ n: 1 });
    job.enqueue({ n: 2 });
    await vi.waitFor(async () => expect(await jobs.deadLetters()).toHaveLength(2), { timeout: 10_000 });
    expect(tries).toHaveLength(6);
    const dead = await jobs.deadLetters();
    expect(dead.map((d) => [d.kind, d.summary, d.error, d.attempts]).sort()).toEqual([
      ['test:mail', 'job 1', 'refused 1', 3],
      ['test:mail', 'job 2', 'refused 2', 3],
    ]);
    fail = false;
    expect(await jobs.retryDead(dead[0]!.id)).toBe(true);
    expect(await jobs.discardDead(dead[1]!.id)).toBe(true);
    expect(await jobs.discardDead(dead[1]!.id)).toBe(false);
    await jobs.drain();
    expect(tries).toHaveLength(7);
    expect(await jobs.deadLetters()).toEqual([]);
    expect(jobs.stats()).toEqual([{ name: 'test:mail', running: 0, done: 1, failed: 6 }]);
  });

  it('makes one job of two enqueues with the same key, and runs a delayed job no earlier than asked', async () => {
    const jobs = await instance({}, 'keys');
    const seen: { n: number; at: number }[] = [];
    const keyed = jobs.define({ kind: 'test:once', payload: Payload, key: () => 'same', handler: async (p) => void seen.push({ n: p.n, at: Date.now() }) });
    const later = jobs.define({ kind: 'test:later', payload: Payload, handler: async (p) => void seen.push({ n: p.n, at: Date.now() }) });
    await jobs.start();
    keyed.enqueue({ n: 1 });
    keyed.enqueue({ n: 2 });
    const at = Date.now();
    later.enqueue({ n: 3 }, { delayMs: 300 });
    await jobs.drain({ delayed: true });
    expect(seen.map((s) => s.n)).toEqual([1, 3]);
    expect(seen[1]!.at - at).toBeGreaterThanOrEqual(290);
  });

  it('runs a repeatable job once per tick for two instances', async () => {
    const runs: string[] = [];
    const [a, b] = [await instance({}, 'every'), await instance({}, 'every')];
    for (const [jobs, name] of [[a, 'a'], [b, 'b']] as const) {
      jobs.define({ kind: 'test:sweep', payload: Payload, handler: async () => void runs.push(name) }).every(200, { n: 0 });
      await jobs.start();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // About 5 ticks of 200 ms: one run each, not one per instance.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(7);
  });

  it('gives a job whose instance died to another, with the same run key', async () => {
    const fast = { lockDurationMs: 1_000, stalledIntervalMs: 300 };
    const a = await instance(fast, 'stalled');
    const runKeys: string[] = [];
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const onA = a.define({
      kind: 'test:effect',
      payload: Payload,
      handler: async (_p, run) => {
        runKeys.push(`a ${run.runKey}`);
        started();
        await new Promise(() => {}); // the instance "dies" mid-job
      },
    });
    await a.start();
    onA.enqueue({ n: 1 });
    await begun;
    // Closing with a tiny bound lets go of the running job, as a killed process would.
    await a.close(10);

    const b = await instance(fast, 'stalled');
    b.define({ kind: 'test:effect', payload: Payload, handler: async (_p, run) => void runKeys.push(`b ${run.runKey}`) });
    await b.start();
    await vi.waitFor(() => expect(runKeys).toHaveLength(2), { timeout: 10_000, interval: 100 });
    const [onFirst, onSecond] = runKeys.map((k) => k.split(' '));
    expect(onFirst![0]).toBe('a');
    expect(onSecond![0]).toBe('b');
    expect(onSecond![1]).toBe(onFirst![1]);
  });
});
