import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createJobs, jobId, type Jobs } from './jobs.js';

function quietLogger() {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
  };
}

let open: Jobs[] = [];
afterEach(async () => {
  await Promise.all(open.map((jobs) => jobs.close(100)));
  open = [];
});
function memory(logger = quietLogger()): Jobs {
  const jobs = createJobs(logger);
  open.push(jobs);
  return jobs;
}

describe('job runner figures', () => {
  it('counts per name what runs now, what finished and what failed', async () => {
    const logger = quietLogger();
    const jobs = memory(logger);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    jobs.run('mail:verify', () => held);
    jobs.run('mail:verify', async () => {});
    jobs.run('security-event', () => Promise.reject(new Error('db down')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(jobs.stats()).toEqual([
      { name: 'mail:verify', running: 1, done: 1, failed: 0 },
      { name: 'security-event', running: 0, done: 0, failed: 1 },
    ]);
    release();
    await jobs.drain();
    expect(jobs.stats()[0]).toEqual({ name: 'mail:verify', running: 0, done: 2, failed: 0 });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('in-process queue', () => {
  const Payload = z.object({ userId: z.number().int().positive(), note: z.string() });

  it('runs a defined job with its validated payload and refuses a bad one at enqueue', async () => {
    const jobs = memory();
    const seen: unknown[] = [];
    const job = jobs.define({ kind: 'test:echo', payload: Payload, handler: async (p) => void seen.push(p) });
    job.enqueue({ userId: 7, note: 'hi' });
    expect(() => job.enqueue({ userId: -1, note: 'x' })).toThrow();
    await jobs.drain();
    expect(seen).toEqual([{ userId: 7, note: 'hi' }]);
    expect(jobs.stats()).toEqual([{ name: 'test:echo', running: 0, done: 1, failed: 0 }]);
  });

  it('retries with exponential back-off, then succeeds', async () => {
    const jobs = memory();
    const at: number[] = [];
    const job = jobs.define({
      kind: 'test:flaky',
      payload: Payload,
      attempts: 4,
      backoffMs: 40,
      handler: async () => {
        at.push(Date.now());
        if (at.length < 3) throw new Error('smtp down');
      },
    });
    job.enqueue({ userId: 1, note: '' });
    await jobs.drain({ delayed: true });
    expect(at).toHaveLength(3);
    // 40 ms then 80 ms (timers may fire a little late, never early)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(38);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(78);
    expect(jobs.stats()).toEqual([{ name: 'test:flaky', running: 0, done: 1, failed: 2 }]);
    expect(await jobs.deadLetters()).toEqual([]);
  });

  it('drain() without { delayed } does not wait for a retry', async () => {
    const jobs = memory();
    let runs = 0;
    const job = jobs.define({
      kind: 'test:slow-retry',
      payload: Payload,
      attempts: 2,
      backoffMs: 60_000,
      handler: async () => {
        runs++;
        throw new Error('nope');
      },
    });
    job.enqueue({ userId: 1, note: '' });
    const started = Date.now();
    await jobs.drain();
    expect(runs).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('puts a job that failed every attempt on the dead-letter list, with its summary, and retries or discards it', async () => {
    const logger = quietLogger();
    const jobs = memory(logger);
    let fail = true;
    let done = 0;
    const job = jobs.define({
      kind: 'test:mail',
      payload: Payload,
      attempts: 2,
      backoffMs: 1,
      summary: (p) => `to member #${p.userId}`,
      handler: async () => {
        if (fail) throw new Error('relay refused');
        done++;
      },
    });
    job.enqueue({ userId: 3, note: 'secret token abc' });
    job.enqueue({ userId: 4, note: '' });
    await jobs.drain({ delayed: true });
    const dead = await jobs.deadLetters();
    expect(dead.map((d) => ({ kind: d.kind, summary: d.summary, error: d.error, attempts: d.attempts }))).toEqual([
      { kind: 'test:mail', summary: 'to member #4', error: 'relay refused', attempts: 2 },
      { kind: 'test:mail', summary: 'to member #3', error: 'relay refused', attempts: 2 },
    ]);
    expect(JSON.stringify(dead)).not.toContain('secret token');
    expect(dead[0]!.failedAt).toBeInstanceOf(Date);
    expect(logger.error).toHaveBeenCalledTimes(2);

    fail = false;
    expect(await jobs.retryDead(dead[1]!.id)).toBe(true);
    expect(await jobs.discardDead(dead[0]!.id)).toBe(true);
    expect(await jobs.discardDead(dead[0]!.id)).toBe(false);
    expect(await jobs.retryDead('no-such-job')).toBe(false);
    await jobs.drain();
    expect(done).toBe(1);
    expect(await jobs.deadLetters()).toEqual([]);
  });

  it('makes one job of two enqueues with the same key, and keeps the run key over retries', async () => {
    const jobs = memory();
    const runKeys: string[] = [];
    const job = jobs.define({
      kind: 'test:once',
      payload: Payload,
      attempts: 2,
      backoffMs: 1,
      key: (p) => `verify:${p.userId}`,
      handler: async (_p, run) => {
        runKeys.push(run.runKey);
        if (run.attempt === 1) throw new Error('first try fails');
      },
    });
    job.enqueue({ userId: 9, note: 'a' });
    job.enqueue({ userId: 9, note: 'b' });
    job.enqueue({ userId: 10, note: 'c' });
    await jobs.drain({ delayed: true });
    expect(runKeys).toHaveLength(4);
    const [first, , second] = runKeys;
    expect(runKeys.filter((k) => k === first)).toHaveLength(2);
    expect(runKeys.filter((k) => k === second)).toHaveLength(2);
    // done and retained: the same key again is still the same job
    job.enqueue({ userId: 9, note: 'again' });
    await jobs.drain();
    expect(runKeys).toHaveLength(4);
  });

  it('derives a stable id that shows no payload text', () => {
    const id = jobId('mail:template', 'verify_email:alice@example.com');
    expect(id).toBe(jobId('mail:template', 'verify_email:alice@example.com'));
    expect(id).not.toBe(jobId('mail:template', 'verify_email:bob@example.com'));
    expect(id).not.toContain('alice');
    expect(id).not.toContain(':');
  });

  it('runs a delayed job no earlier than asked', async () => {
    const jobs = memory();
    const ran: number[] = [];
    const job = jobs.define({ kind: 'test:later', payload: Payload, handler: async () => void ran.push(Date.now()) });
    const at = Date.now();
    job.enqueue({ userId: 1, note: '' }, { delayMs: 80 });
    await jobs.drain();
    expect(ran).toEqual([]);
    await jobs.drain({ delayed: true });
    expect(ran).toHaveLength(1);
    expect(ran[0]! - at).toBeGreaterThanOrEqual(78);
  });

  it('runs a repeatable job every interval, one at a time, and stops on close', async () => {
    const jobs = memory();
    let runs = 0;
    let running = 0;
    let most = 0;
    const job = jobs.define({
      kind: 'test:sweep',
      payload: Payload,
      handler: async () => {
        runs++;
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 45));
        running--;
      },
    });
    job.every(20, { userId: 1, note: '' });
    await new Promise((resolve) => setTimeout(resolve, 230));
    await jobs.close(1_000);
    const seen = runs;
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(seen);
  });

  it('close() waits for a running job, then takes no more', async () => {
    const logger = quietLogger();
    const jobs = memory(logger);
    let finished = 0;
    const job = jobs.define({
      kind: 'test:slow',
      payload: Payload,
      handler: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        finished++;
      },
    });
    job.enqueue({ userId: 1, note: '' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await jobs.close(2_000);
    expect(finished).toBe(1);
    job.enqueue({ userId: 2, note: '' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(finished).toBe(1);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('close() gives up on a job that outlives the bound', async () => {
    const jobs = memory();
    const job = jobs.define({ kind: 'test:stuck', payload: Payload, handler: () => new Promise(() => {}) });
    job.enqueue({ userId: 1, note: '' });
    const started = Date.now();
    await jobs.close(50);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
