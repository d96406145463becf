import { SYSTEM_REFRESH_MS, type DeadJobActionResponse, type DeadJobsResponse, type SystemReport } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export const systemKeys = {
  report: ['/api/admin/system'] as const,
};

export function fetchSystemReport(): Promise<SystemReport> {
  return apiRequest<SystemReport>('GET', '/api/admin/system');
}

/**
 * /admin/system's figures, asked again every 15 s while the page is visible (TanStack Query pauses
 * an interval while the document is hidden) and when the window regains focus.
 */
export function useSystemReport() {
  return useQuery({
    queryKey: systemKeys.report,
    queryFn: fetchSystemReport,
    staleTime: 0,
    refetchInterval: SYSTEM_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** The jobs' dead-letter list of /admin/system (record 0041). */
export const deadJobKeys = {
  all: ['/api/admin/system/jobs/dead'] as const,
};

export function fetchDeadJobs(): Promise<DeadJobsResponse> {
  return apiRequest<DeadJobsResponse>('GET', '/api/admin/system/jobs/dead');
}

export function retryDeadJob(id: string): Promise<DeadJobActionResponse> {
  return apiRequest<DeadJobActionResponse>('POST', `/api/admin/system/jobs/dead/${encodeURIComponent(id)}/retry`);
}

export function discardDeadJob(id: string): Promise<DeadJobActionResponse> {
  return apiRequest<DeadJobActionResponse>('DELETE', `/api/admin/system/jobs/dead/${encodeURIComponent(id)}`);
}

/** Asked with the page's figures (every 15 s while visible). */
export function useDeadJobs() {
  return useQuery({ queryKey: deadJobKeys.all, queryFn: fetchDeadJobs, staleTime: 0, refetchInterval: SYSTEM_REFRESH_MS, refetchIntervalInBackground: false });
}
