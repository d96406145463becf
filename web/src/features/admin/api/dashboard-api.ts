import type { DashboardPeriod, StatsResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const dashboardKeys = {
  all: ['/api/admin/stats'] as const,
  stats: (days: DashboardPeriod) => [...dashboardKeys.all, days] as const,
};

export function fetchStats(days: DashboardPeriod): Promise<StatsResponse> {
  return apiRequest<StatsResponse>('GET', `/api/admin/stats?days=${days}`);
}
