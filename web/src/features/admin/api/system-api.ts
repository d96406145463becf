import { SYSTEM_REFRESH_MS, type SystemReport } from '@plates/common';
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
