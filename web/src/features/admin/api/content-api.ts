import {
  pathWithQuery,
  type AdminCommunityContentDto,
  type AdminCommunityContentResponse,
  type AdminFeaturedDto,
  type AdminFeaturedResponse,
  type CommunityContentBody,
  type CommunityContentType,
  type CommunityVersionsResponse,
  type FeaturedPatch,
  type FeaturePostBody,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

export type FeaturedList = 'current' | 'past';

/** Query keys of /admin/content's Featured and Pages tabs. */
export const contentKeys = {
  featuredAll: ['/api/admin/featured'] as const,
  featured: (status: FeaturedList) => [...contentKeys.featuredAll, status] as const,
  pages: ['/api/admin/community-content'] as const,
  versions: (type: CommunityContentType) => [...contentKeys.pages, type, 'versions'] as const,
  /** The posts feature's lists (the Featured row lives under this path). */
  postLists: ['/api/posts'] as const,
  /** The public community pages (the info feature's queries). */
  publicPages: ['/api/content'] as const,
};

export function fetchFeatured(status: FeaturedList, cursor: string | null): Promise<AdminFeaturedResponse> {
  return apiRequest<AdminFeaturedResponse>('GET', pathWithQuery('/api/admin/featured', { status, cursor }));
}

export function featurePost(body: FeaturePostBody): Promise<AdminFeaturedDto> {
  return apiRequest<AdminFeaturedDto>('POST', '/api/admin/featured', body);
}

export function patchFeatured(id: number, patch: FeaturedPatch): Promise<AdminFeaturedDto> {
  return apiRequest<AdminFeaturedDto>('PATCH', `/api/admin/featured/${id}`, patch);
}

export function unfeature(id: number): Promise<AdminFeaturedDto> {
  return apiRequest<AdminFeaturedDto>('POST', `/api/admin/featured/${id}/unfeature`, {});
}

export function fetchCommunityPages(): Promise<AdminCommunityContentResponse> {
  return apiRequest<AdminCommunityContentResponse>('GET', '/api/admin/community-content');
}

export function saveCommunityPage(type: CommunityContentType, body: CommunityContentBody): Promise<AdminCommunityContentDto> {
  return apiRequest<AdminCommunityContentDto>('PUT', `/api/admin/community-content/${type}`, body);
}

export function fetchVersions(type: CommunityContentType, cursor: string | null): Promise<CommunityVersionsResponse> {
  return apiRequest<CommunityVersionsResponse>('GET', pathWithQuery(`/api/admin/community-content/${type}/versions`, { cursor }));
}

export function restoreVersion(type: CommunityContentType, version: number): Promise<AdminCommunityContentDto> {
  return apiRequest<AdminCommunityContentDto>('POST', `/api/admin/community-content/${type}/restore`, { version });
}
