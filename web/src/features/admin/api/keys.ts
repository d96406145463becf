import type { MemberStatus, ReportStatus } from '@plates/common';

export type AppealStatus = 'pending' | 'approved' | 'rejected';

/** The members directory's filters as the page holds them (from its address). */
export interface MembersFilter {
  q?: string;
  status?: MemberStatus;
  role?: 'admin' | 'staff' | 'member';
  page: number;
}

/** The audit log's filters as the page holds them (from its address). */
export interface AuditFilter {
  action?: string;
  adminId?: number;
  targetType?: string;
  targetId?: number;
  page: number;
}

/**
 * Query keys of the admin area. The first element is the API path the data comes from, so one
 * `invalidateQueries` on a path reaches every page and filter of it (a member's record lives under
 * the directory's path: acting on a member refreshes both).
 */
export const adminKeys = {
  pending: (page: number) => ['/api/admin/posts/pending', page] as const,
  pendingAll: ['/api/admin/posts/pending'] as const,
  /** Restricted members' comments, replies and chat requests waiting for review. */
  held: ['/api/admin/held'] as const,
  /** The posts feature's lists (they all start with this path); approving or removing a plate changes them. */
  postLists: ['/api/posts'] as const,
  reportsAll: ['/api/admin/reports'] as const,
  reports: (status: ReportStatus) => [...adminKeys.reportsAll, status] as const,
  appealsAll: ['/api/admin/appeals'] as const,
  appeals: (status: AppealStatus) => [...adminKeys.appealsAll, status] as const,
  templates: ['/api/admin/templates'] as const,
  membersAll: ['/api/admin/users'] as const,
  members: (filter: MembersFilter) => [...adminKeys.membersAll, 'list', filter] as const,
  member: (id: number) => [...adminKeys.membersAll, id] as const,
  auditAll: ['/api/admin/audit'] as const,
  audit: (filter: AuditFilter) => [...adminKeys.auditAll, filter] as const,
};
