import type {
  AdminVerificationRequestsResponse,
  RevokeVerificationBody,
  VerificationActionResponse,
  VerificationDecisionBody,
  VerifiedMembersResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Query keys of /admin/verification: the queue and the verified members (a decision changes both). */
export const adminVerificationKeys = {
  all: ['/api/admin/verification'] as const,
  requests: ['/api/admin/verification', 'requests'] as const,
  members: ['/api/admin/verification', 'members'] as const,
};

const cursorQuery = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

export function fetchVerificationRequests(cursor: string | null): Promise<AdminVerificationRequestsResponse> {
  return apiRequest<AdminVerificationRequestsResponse>('GET', `/api/admin/verification/requests${cursorQuery(cursor)}`);
}

export function decideVerificationRequest(id: number, body: VerificationDecisionBody): Promise<VerificationActionResponse> {
  return apiRequest<VerificationActionResponse>('POST', `/api/admin/verification/requests/${id}/decision`, body);
}

export function fetchVerifiedMembers(cursor: string | null): Promise<VerifiedMembersResponse> {
  return apiRequest<VerifiedMembersResponse>('GET', `/api/admin/verification/members${cursorQuery(cursor)}`);
}

export function revokeVerification(userId: number, body: RevokeVerificationBody): Promise<VerificationActionResponse> {
  return apiRequest<VerificationActionResponse>('POST', `/api/admin/verification/members/${userId}/revoke`, body);
}
