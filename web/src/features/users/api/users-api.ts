import type {
  BlockResponse,
  FeedResponse,
  FollowRequestActionResponse,
  FollowResponse,
  MessageResponse,
  ProfileDto,
  SessionUser,
  StrikeDto,
  StrikesResponse,
  SuggestedUsersResponse,
  UnblockResponse,
  BlockedUsersResponse,
  UserListResponse,
  MyVerificationResponse,
  VerificationRequestBody,
  VerificationRequestDto,
  DataExportActionResponse,
  DataExportDto,
  MyDataExportsResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';
import type { UserListKind } from './keys';

export const USER_POSTS_PAGE_SIZE = 12;
export const USER_LIST_PAGE_SIZE = 20;
export const SUGGESTED_LIMIT = 5;

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchProfile(id: number): Promise<ProfileDto> {
  return apiRequest<ProfileDto>('GET', `/api/users/${id}`);
}

export function fetchUserPostsPage(id: number, cursor: string | null): Promise<FeedResponse> {
  return apiRequest<FeedResponse>('GET', `/api/users/${id}/posts${query({ cursor, limit: USER_POSTS_PAGE_SIZE })}`);
}

export function fetchUserListPage(id: number, kind: UserListKind, cursor: string | null): Promise<UserListResponse> {
  return apiRequest<UserListResponse>('GET', `/api/users/${id}/${kind}${query({ cursor, limit: USER_LIST_PAGE_SIZE })}`);
}

/** POST follows (a private profile answers `requested`); DELETE unfollows or cancels a request. */
export function setFollow(id: number, follow: boolean): Promise<FollowResponse> {
  return apiRequest<FollowResponse>(follow ? 'POST' : 'DELETE', `/api/users/${id}/follow`);
}

export function fetchFollowRequestsPage(cursor: string | null): Promise<UserListResponse> {
  return apiRequest<UserListResponse>('GET', `/api/user/follow-requests${query({ cursor, limit: USER_LIST_PAGE_SIZE })}`);
}

export function answerFollowRequest(userId: number, action: 'approve' | 'decline'): Promise<FollowRequestActionResponse> {
  return apiRequest<FollowRequestActionResponse>('POST', `/api/user/follow-requests/${userId}/${action}`);
}

export function blockUser(id: number, reason: string | null): Promise<BlockResponse> {
  return apiRequest<BlockResponse>('POST', `/api/users/${id}/block`, { reason });
}

export function unblockUser(id: number): Promise<UnblockResponse> {
  return apiRequest<UnblockResponse>('DELETE', `/api/users/${id}/block`);
}

export function fetchBlockedUsers(): Promise<BlockedUsersResponse> {
  return apiRequest<BlockedUsersResponse>('GET', '/api/users/blocked');
}

export function fetchSuggestedUsers(limit: number): Promise<SuggestedUsersResponse> {
  return apiRequest<SuggestedUsersResponse>('GET', `/api/suggested-users${query({ limit })}`);
}

/** Multipart PUT /api/user/profile (document 2 §7); answers the session user. */
export function updateProfile(data: FormData): Promise<SessionUser> {
  return apiRequest<SessionUser>('PUT', '/api/user/profile', data);
}

/** The server signs out every session of the account. */
export function deactivateAccount(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('PUT', '/api/user/account-status', { accountStatus: 'deactivated' });
}

export function deleteAccount(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', '/api/user/account');
}

/** The signed-in member's strikes, newest first. */
export function fetchStrikes(): Promise<StrikesResponse> {
  return apiRequest<StrikesResponse>('GET', '/api/user/strikes');
}

export function appealStrike(id: number, text: string): Promise<StrikeDto> {
  return apiRequest<StrikeDto>('POST', `/api/user/strikes/${id}/appeal`, { text });
}

/** The signed-in member's badge, latest verification request and whether they may ask. */
export function fetchMyVerification(): Promise<MyVerificationResponse> {
  return apiRequest<MyVerificationResponse>('GET', '/api/verification');
}

export function requestVerification(body: VerificationRequestBody): Promise<VerificationRequestDto> {
  return apiRequest<VerificationRequestDto>('POST', '/api/verification/requests', body);
}

/** The signed-in member's latest data exports and whether they may ask for one now. */
export function fetchMyDataExports(): Promise<MyDataExportsResponse> {
  return apiRequest<MyDataExportsResponse>('GET', '/api/user/data-exports');
}

export function requestDataExport(): Promise<DataExportDto> {
  return apiRequest<DataExportDto>('POST', '/api/user/data-exports');
}

export function deleteDataExport(id: number): Promise<DataExportActionResponse> {
  return apiRequest<DataExportActionResponse>('DELETE', `/api/user/data-exports/${id}`);
}

/** Where the browser downloads a ready export (the session cookie says who asks). */
export const dataExportDownloadUrl = (id: number) => `/api/user/data-exports/${id}/download`;

/** The mailed link's export, for its signed-in owner (404 for anyone else). */
export function fetchDataExportByLink(token: string): Promise<DataExportDto> {
  return apiRequest<DataExportDto>('GET', `/api/data-exports/${encodeURIComponent(token)}/status`);
}

/** The mailed link's download address. */
export const dataExportLinkUrl = (token: string) => `/api/data-exports/${encodeURIComponent(token)}`;
