import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobMarks } from '../db/schema/index.js';

/** How long a run's mark is kept: far longer than any retry or stalled-job pick-up. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * "At most once" for a job's visible effect (a mail): `once(kind, runKey, effect)` writes the
 * run's mark, then runs the effect; a failed effect takes its mark back, so a retry may try
 * again, and a rerun of a run that got that far (its instance was killed) finds the mark and does
 * nothing. The price: an instance killed between the mark and the effect loses that one mail
 * (record 0041 says why that beats sending it twice).
 */
export interface JobMarks {
  once(kind: string, runKey: string, effect: () => Promise<unknown>): Promise<boolean>;
  /** Deletes marks older than a week; returns how many. */
  sweep(now?: Date): Promise<number>;
}

export function createJobMarks(db: Db): JobMarks {
  return {
    async once(kind, runKey, effect) {
      const marked = await db.insert(jobMarks).values({ runKey, kind }).onConflictDoNothing({ target: jobMarks.runKey }).returning({ runKey: jobMarks.runKey });
      if (marked.length === 0) return false;
      try {
        await effect();
      } catch (error) {
        await db.delete(jobMarks).where(and(eq(jobMarks.runKey, runKey), eq(jobMarks.kind, kind)));
        throw error;
      }
      return true;
    },
    async sweep(now = new Date()) {
      const gone = await db.delete(jobMarks).where(lt(jobMarks.createdAt, new Date(now.getTime() - KEEP_MS))).returning({ runKey: jobMarks.runKey });
      return gone.length;
    },
  };
}

/** Without a database (service tests): the effect, every time. */
export const noJobMarks: JobMarks = {
  async once(_kind, _runKey, effect) {
    await effect();
    return true;
  },
  async sweep() {
    return 0;
  },
};
