import { useQuery } from '@tanstack/react-query';
import { fetchCommunityStats, fetchMaintenance, pageCommunityStats, pageMaintenance } from '../api/auth-api';
import { authKeys } from '../api/keys';

/**
 * How often /auth asks whether maintenance mode or registration changed: a visitor has no socket
 * to be told, so the page follows an admin's switch within this time, without a reload.
 */
export const MAINTENANCE_POLL_MS = 10_000;

/** Whether registration is closed for maintenance, and the registration mode; a failure counts as open. */
export function useMaintenance(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: authKeys.maintenance,
    queryFn: fetchMaintenance,
    initialData: pageMaintenance,
    staleTime: options.poll ? 0 : 60_000,
    ...(options.poll ? { refetchInterval: MAINTENANCE_POLL_MS } : {}),
  });
}

/** The community's real numbers for the sign-in page (no invented numbers while loading). */
export function useCommunityStats() {
  return useQuery({
    queryKey: authKeys.communityStats,
    queryFn: fetchCommunityStats,
    initialData: pageCommunityStats,
    staleTime: 5 * 60_000,
  });
}
