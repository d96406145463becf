import type { LeaderboardResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const leaderboardKeys = {
  all: ['/api/leaderboard'] as const,
};

export function fetchLeaderboardPage(cursor: string | null): Promise<LeaderboardResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<LeaderboardResponse>('GET', `/api/leaderboard${query}`);
}
