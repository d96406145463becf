import { JOB_MESSAGES, type DeadJobActionResponse, type DeadJobsResponse } from '@plates/common';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Jobs } from '../../lib/jobs.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';

/**
 * The dead-letter list of /admin/system: jobs that failed on every attempt, retried (fresh
 * attempts, same id, so an effect already marked done is still not repeated) or discarded.
 * Both are audited with the job's kind and summary (the id is a hash, not a row: no target).
 */
export function createDeadJobsService(deps: { jobs: Pick<Jobs, 'backend' | 'deadLetters' | 'retryDead' | 'discardDead'>; audit: Audit; db: Pick<Db, 'transaction'> }) {
  const { jobs, audit } = deps;

  async function act(staff: Staff, id: string, action: 'retried' | 'discarded', meta: RequestMeta): Promise<DeadJobActionResponse> {
    const job = (await jobs.deadLetters()).find((dead) => dead.id === id);
    const done = job && (action === 'retried' ? await jobs.retryDead(id) : await jobs.discardDead(id));
    if (!job || !done) throw new AppError('NOT_FOUND', JOB_MESSAGES.notFound);
    await deps.db.transaction((tx) =>
      audit.record(
        { staff, action: action === 'retried' ? 'job_retried' : 'job_discarded', details: { jobId: id, kind: job.kind, summary: job.summary, error: job.error }, meta },
        tx,
      ),
    );
    return { id, action };
  }

  return {
    async list(): Promise<DeadJobsResponse> {
      const dead = await jobs.deadLetters();
      return { backend: jobs.backend, jobs: dead.map((job) => ({ ...job, failedAt: job.failedAt.toISOString() })) };
    },
    retry: (staff: Staff, id: string, meta: RequestMeta) => act(staff, id, 'retried', meta),
    discard: (staff: Staff, id: string, meta: RequestMeta) => act(staff, id, 'discarded', meta),
  };
}

export type DeadJobsService = ReturnType<typeof createDeadJobsService>;
