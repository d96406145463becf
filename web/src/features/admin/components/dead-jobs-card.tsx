import type { DeadJobDto } from '@plates/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Skull } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { adminKeys } from '../api/keys';
import { deadJobKeys, discardDeadJob, retryDeadJob, useDeadJobs } from '../api/system-api';
import { LoadError } from './page-states';
import { Section } from './system-parts';

/**
 * /admin/system's dead-letter list: jobs that failed on every attempt (mail, pushes, analyses,
 * exports), each with what it was about and its last error, to retry or discard (both audited).
 */
export function DeadJobsCard() {
  const dead = useDeadJobs();
  const queryClient = useQueryClient();
  const settle = () => {
    for (const queryKey of [deadJobKeys.all, adminKeys.auditAll]) void queryClient.invalidateQueries({ queryKey });
  };
  const retry = useMutation<unknown, ApiError, DeadJobDto>({
    mutationFn: (job) => retryDeadJob(job.id),
    onSuccess: (_answer, job) => toast({ variant: 'success', title: 'Job queued again', description: `${job.kind}: ${job.summary}` }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not retry the job', description: error.message }),
    onSettled: settle,
  });
  const discard = useMutation<unknown, ApiError, DeadJobDto>({
    mutationFn: (job) => discardDeadJob(job.id),
    onSuccess: (_answer, job) => toast({ variant: 'success', title: 'Job discarded', description: `${job.kind}: ${job.summary}` }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not discard the job', description: error.message }),
    onSettled: settle,
  });
  const busy = retry.isPending || discard.isPending;

  return (
    <Section
      title="Failed jobs"
      icon={Skull}
      description={
        dead.data
          ? `Jobs that failed on every attempt, newest first (queue: ${dead.data.backend === 'redis' ? 'Redis, shared by every instance' : 'in this process'}).`
          : 'Jobs that failed on every attempt, newest first.'
      }
    >
      {dead.isPending ? (
        <p className="text-sm text-muted-foreground">Loading failed jobs…</p>
      ) : dead.isError ? (
        <LoadError what="failed jobs" error={dead.error} onRetry={() => void dead.refetch()} className="py-4" />
      ) : dead.data.jobs.length === 0 ? (
        <p className="text-sm text-muted-foreground">No failed jobs.</p>
      ) : (
        <ul aria-label="Failed jobs" className="grid gap-2">
          {dead.data.jobs.map((job) => (
            <li key={job.id} aria-label={`${job.kind}: ${job.summary}`} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="grid min-w-0 gap-0.5 text-sm">
                <p className="font-medium">
                  <code className="rounded bg-muted px-1">{job.kind}</code> {job.summary}
                </p>
                <p className="break-words text-destructive">{job.error}</p>
                <p className="text-muted-foreground">
                  {job.attempts} {job.attempts === 1 ? 'attempt' : 'attempts'}, last{' '}
                  <time dateTime={job.failedAt}>{new Date(job.failedAt).toLocaleString('en-GB')}</time>
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={busy} onClick={() => retry.mutate(job)}>
                  Retry
                </Button>
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => discard.mutate(job)}>
                  Discard
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
