import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMarks } from '../db/schema/index.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { createJobMarks, type JobMarks } from './job-marks.js';

let t: TestApp;
let marks: JobMarks;
beforeAll(async () => {
  t = await buildTestApp();
  marks = createJobMarks(t.app.services.database.db);
});
afterAll(async () => t?.close());

describe('job marks: a visible effect at most once per job run', () => {
  it('runs the effect once for a run key; a rerun (another instance, after a crash) does nothing', async () => {
    let sent = 0;
    expect(await marks.once('mail:template', 'job-a@1', async () => void sent++)).toBe(true);
    expect(await marks.once('mail:template', 'job-a@1', async () => void sent++)).toBe(false);
    expect(await marks.once('mail:template', 'job-b@1', async () => void sent++)).toBe(true);
    expect(sent).toBe(2);
  });

  it('takes the mark back when the effect fails, so the retry can send', async () => {
    let sent = 0;
    await expect(marks.once('mail:template', 'job-c@1', async () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down');
    expect(await marks.once('mail:template', 'job-c@1', async () => void sent++)).toBe(true);
    expect(sent).toBe(1);
  });

  it('lets two runs racing on one key send once', async () => {
    let sent = 0;
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      sent++;
    };
    const results = await Promise.all([marks.once('mail:message', 'job-d@1', slow), marks.once('mail:message', 'job-d@1', slow)]);
    expect(results.sort()).toEqual([false, true]);
    expect(sent).toBe(1);
  });

  it('sweeps marks older than a week', async () => {
    const db = t.app.services.database.db;
    await db.insert(jobMarks).values({ runKey: 'old@1', kind: 'mail:template', createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    expect(await marks.sweep()).toBe(1);
    expect(await marks.once('mail:template', 'job-a@1', async () => {})).toBe(false);
  });
});
