/**
 * Staff permissions (issue 13): what a role held in `user_roles` lets its holder do. `isAdmin`
 * means every permission. The server checks them on every admin call; the web shows an admin page
 * only to those who hold the permission it needs. Shared so the two never disagree.
 */

export const PERMISSIONS = [
  'view_dashboard',
  'view_audit_log',
  'view_security',
  'review_posts',
  'manage_reports',
  'manage_appeals',
  'manage_users',
  'manage_verifications',
  'manage_ip_blocks',
  'manage_filters',
  'manage_content',
  'manage_announcements',
  'manage_settings',
  'manage_roles',
  'run_bulk_ops',
  'manage_points',
  'manage_email_templates',
  'review_ratings',
] as const;

/** A permission's name (the zod schema `Permission` lives in schemas/admin.ts). */
export type PermissionName = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is PermissionName {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The roles that ship by default, and what each grants. A role may be granted with its own list. */
export const DEFAULT_ROLES = {
  moderator: ['review_posts', 'manage_reports', 'view_audit_log'],
  admin: [...PERMISSIONS],
} as const satisfies Record<string, readonly PermissionName[]>;

export type DefaultRole = keyof typeof DEFAULT_ROLES;
export const ROLE_NAMES = Object.keys(DEFAULT_ROLES) as DefaultRole[];

/**
 * The admin area's pages, in menu order, with the permission each needs. A page of several parts
 * names the others' permissions in `alsoFor`: a holder of any of them may open it (and sees only
 * their parts: /admin/content's Featured and Pages tabs need manage_content, Filters manage_filters).
 */
export const ADMIN_PAGES = [
  { path: '/admin', label: 'Dashboard', permission: 'view_dashboard' },
  { path: '/admin/pending-posts', label: 'Pending Plates', permission: 'review_posts' },
  { path: '/admin/reports', label: 'Reports', permission: 'manage_reports' },
  { path: '/admin/users', label: 'Members', permission: 'manage_users' },
  { path: '/admin/verification', label: 'Verification', permission: 'manage_verifications' },
  { path: '/admin/ratings', label: 'Ratings', permission: 'review_ratings' },
  { path: '/admin/bulk-ops', label: 'Bulk Operations', permission: 'run_bulk_ops' },
  { path: '/admin/content', label: 'Content', permission: 'manage_content', alsoFor: ['manage_filters'] },
  { path: '/admin/announcements', label: 'Announcements', permission: 'manage_announcements' },
  { path: '/admin/email-templates', label: 'Email Templates', permission: 'manage_email_templates' },
  { path: '/admin/point-system', label: 'Point System', permission: 'manage_points' },
  { path: '/admin/audit', label: 'Audit Log', permission: 'view_audit_log' },
  { path: '/admin/security', label: 'Security', permission: 'view_security' },
  { path: '/admin/ip-blocking', label: 'IP Blocking', permission: 'manage_ip_blocks' },
  { path: '/admin/settings', label: 'Settings', permission: 'manage_settings' },
  { path: '/admin/system', label: 'System', permission: 'view_dashboard' },
  { path: '/admin/ai', label: 'Photo Analysis', permission: 'manage_settings' },
] as const satisfies readonly AdminPageEntry[];

export interface AdminPageEntry {
  path: string;
  label: string;
  permission: PermissionName;
  alsoFor?: readonly PermissionName[];
}

/** Whether the holder of `permissions` may open `page` (its permission, or any of `alsoFor`). */
export function mayOpenAdminPage(page: AdminPageEntry, permissions: readonly string[]): boolean {
  return permissions.includes(page.permission) || (page.alsoFor ?? []).some((p) => permissions.includes(p));
}

/** The first admin page the holder of these permissions may open, or null when none. */
export function firstAdminPage(permissions: readonly string[]): string | null {
  return ADMIN_PAGES.find((page) => mayOpenAdminPage(page, permissions))?.path ?? null;
}
