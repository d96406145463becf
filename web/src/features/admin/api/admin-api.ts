import type {
  AdminReportsResponse,
  AdminUserDetail,
  AdminUsersResponse,
  AppealsResponse,
  AuditPage,
  HeldKind,
  HeldResponse,
  ModerationTemplateBody,
  ModerationTemplateDto,
  ModerationTemplatesResponse,
  PendingPostsResponse,
  PostDto,
  ReportStatus,
  ResolveReportBody,
  ResolveReportResponse,
  RoleGrantBody,
  RoleGrantDto,
  StrikeDto,
  UserActionBody,
  UserActionResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';
import type { AppealStatus, AuditFilter, MembersFilter } from './keys';

/** `?a=1&b=x` from the set values only (empty strings and undefined left out). */
function queryOf(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

// ---- Pending plates ----

export function fetchPending(page: number): Promise<PendingPostsResponse> {
  return apiRequest<PendingPostsResponse>('GET', `/api/admin/posts/pending?page=${page}`);
}

export function approvePost(id: number): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/admin/posts/${id}/approve`);
}

export function rejectPost(id: number, reason: string): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/admin/posts/${id}/reject`, { reason });
}

// ---- Held for review (restricted members' comments, replies and chat requests) ----

export function fetchHeld(): Promise<HeldResponse> {
  return apiRequest<HeldResponse>('GET', '/api/admin/held');
}

/** Publishes (approve) or refuses (reject, with an optional reason for the author) a held item; 204. */
export function decideHeld(kind: HeldKind, id: number, decision: 'approve' | 'reject', reason?: string): Promise<null> {
  return apiRequest<null>('POST', `/api/admin/held/${kind}/${id}/${decision}`, reason ? { reason } : {});
}

// ---- Reports, appeals and templates ----

export function fetchReports(status: ReportStatus): Promise<AdminReportsResponse> {
  return apiRequest<AdminReportsResponse>('GET', `/api/admin/reports${queryOf({ status })}`);
}

export function resolveReport(id: number, body: ResolveReportBody): Promise<ResolveReportResponse> {
  return apiRequest<ResolveReportResponse>('POST', `/api/admin/reports/${id}/resolve`, body);
}

export function fetchAppeals(status: AppealStatus): Promise<AppealsResponse> {
  return apiRequest<AppealsResponse>('GET', `/api/admin/appeals${queryOf({ status })}`);
}

export function decideAppeal(id: number, decision: 'approve' | 'reject', reason?: string): Promise<StrikeDto> {
  return apiRequest<StrikeDto>('POST', `/api/admin/appeals/${id}/${decision}`, reason ? { reason } : {});
}

export function fetchTemplates(): Promise<ModerationTemplatesResponse> {
  return apiRequest<ModerationTemplatesResponse>('GET', '/api/admin/templates');
}

/** Adds a template (no id) or replaces one. */
export function saveTemplate(id: number | null, body: ModerationTemplateBody): Promise<ModerationTemplateDto> {
  return id === null
    ? apiRequest<ModerationTemplateDto>('POST', '/api/admin/templates', body)
    : apiRequest<ModerationTemplateDto>('PUT', `/api/admin/templates/${id}`, body);
}

export function deleteTemplate(id: number): Promise<null> {
  return apiRequest<null>('DELETE', `/api/admin/templates/${id}`);
}

// ---- Members ----

export function fetchMembers({ q, status, role, page }: MembersFilter): Promise<AdminUsersResponse> {
  return apiRequest<AdminUsersResponse>('GET', `/api/admin/users${queryOf({ q: q?.trim(), status, role, page })}`);
}

export function fetchMember(id: number): Promise<AdminUserDetail> {
  return apiRequest<AdminUserDetail>('GET', `/api/admin/users/${id}`);
}

export function actOnMember(id: number, body: UserActionBody): Promise<UserActionResponse> {
  return apiRequest<UserActionResponse>('POST', `/api/admin/users/${id}/actions`, body);
}

export function grantRole(id: number, body: RoleGrantBody): Promise<RoleGrantDto> {
  return apiRequest<RoleGrantDto>('POST', `/api/admin/users/${id}/roles`, body);
}

export function revokeRole(id: number, grantId: number): Promise<RoleGrantDto> {
  return apiRequest<RoleGrantDto>('DELETE', `/api/admin/users/${id}/roles/${grantId}`);
}

// ---- Audit log ----

export function fetchAudit({ action, adminId, targetType, targetId, page }: AuditFilter): Promise<AuditPage> {
  return apiRequest<AuditPage>('GET', `/api/admin/audit${queryOf({ action: action?.trim(), adminId, targetType: targetType?.trim(), targetId, page })}`);
}
