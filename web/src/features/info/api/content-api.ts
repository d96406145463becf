import type { CommunityContentResponse, CommunityContentType } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of the community pages (the admin's Pages tab invalidates the same path). */
export const communityKeys = {
  all: ['/api/content'] as const,
  page: (type: CommunityContentType) => [...communityKeys.all, type] as const,
};

export function fetchCommunityContent(type: CommunityContentType): Promise<CommunityContentResponse> {
  return apiRequest<CommunityContentResponse>('GET', `/api/content/${type}`);
}
