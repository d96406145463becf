import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createJobs } from './jobs.js';

describe('job runner figures', () => {
  it('counts per name what runs now, what finished and what failed', async () => {
    const logger = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const jobs = createJobs(logger);
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
