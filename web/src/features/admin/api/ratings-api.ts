import type { BurstsResponse, EvidenceResponse, RingsResponse, SharedResponse, VoidRatingsBody, VoidRatingsResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Whose ratings a finding shows: raters of some authors' plates, or of one plate. */
export interface EvidenceScope {
  raterIds: number[];
  authorIds?: number[];
  postId?: number;
}

/** Query keys of /admin/ratings; each starts with its API path. */
export const ratingIntegrityKeys = {
  all: ['/api/admin/ratings'] as const,
  rings: ['/api/admin/ratings', 'rings'] as const,
  bursts: ['/api/admin/ratings', 'bursts'] as const,
  shared: ['/api/admin/ratings', 'shared-accounts'] as const,
  evidence: (scope: EvidenceScope) => ['/api/admin/ratings', 'evidence', scope] as const,
};

export function fetchRings(): Promise<RingsResponse> {
  return apiRequest<RingsResponse>('GET', '/api/admin/ratings/rings');
}

export function fetchBursts(): Promise<BurstsResponse> {
  return apiRequest<BurstsResponse>('GET', '/api/admin/ratings/bursts');
}

export function fetchSharedAccounts(): Promise<SharedResponse> {
  return apiRequest<SharedResponse>('GET', '/api/admin/ratings/shared-accounts');
}

export function fetchEvidence(scope: EvidenceScope, cursor?: string | null): Promise<EvidenceResponse> {
  const params = new URLSearchParams({ raterIds: scope.raterIds.join(',') });
  if (scope.authorIds) params.set('authorIds', scope.authorIds.join(','));
  if (scope.postId !== undefined) params.set('postId', String(scope.postId));
  if (cursor) params.set('cursor', cursor);
  return apiRequest<EvidenceResponse>('GET', `/api/admin/ratings/evidence?${params}`);
}

export function voidRatings(body: VoidRatingsBody): Promise<VoidRatingsResponse> {
  return apiRequest<VoidRatingsResponse>('POST', '/api/admin/ratings/void', body);
}
