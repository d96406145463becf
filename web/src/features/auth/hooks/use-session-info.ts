import { useQuery } from '@tanstack/react-query';
import { fetchCommunityStats, fetchMaintenance, pageCommunityStats, pageMaintenance } from '../api/auth-api';
import { authKeys } from '../api/keys';

/** Whether registration is closed for maintenance; a failure counts as open. */
export function useMaintenance() {
  return useQuery({
    queryKey: authKeys.maintenance,
    queryFn: fetchMaintenance,
    initialData: pageMaintenance,
    staleTime: 60_000,
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
