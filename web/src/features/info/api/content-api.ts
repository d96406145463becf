import type { CommunityContentResponse, CommunityContentType, PublicPointRule, PublicPointRulesResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of the community pages (the admin's Pages tab invalidates the same path). */
export const communityKeys = {
  all: ['/api/content'] as const,
  page: (type: CommunityContentType) => [...communityKeys.all, type] as const,
};

export function fetchCommunityContent(type: CommunityContentType): Promise<CommunityContentResponse> {
  return apiRequest<CommunityContentResponse>('GET', `/api/content/${type}`);
}

/** What each action earns now (the admins' point rules), for /how-it-works. */
export const POINT_RULES_KEY = ['/api/points/rules'] as const;

export async function fetchPointRules(): Promise<PublicPointRule[]> {
  return (await apiRequest<PublicPointRulesResponse>('GET', '/api/points/rules')).rules;
}
