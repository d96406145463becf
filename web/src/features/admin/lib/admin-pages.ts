import { ADMIN_PAGES, mayOpenAdminPage } from '@plates/common';

/** The admin pages this web app has built so far (ADMIN_PAGES also names ones still to come). */
const BUILT = new Set<string>([
  '/admin',
  '/admin/pending-posts',
  '/admin/reports',
  '/admin/users',
  '/admin/audit',
  '/admin/content',
  '/admin/ip-blocking',
  '/admin/security',
  '/admin/settings',
  '/admin/announcements',
  '/admin/ai',
  '/admin/system',
  '/admin/verification',
  '/admin/point-system',
  '/admin/bulk-ops',
  '/admin/email-templates',
  '/admin/ratings',
]);

export type AdminPage = (typeof ADMIN_PAGES)[number];

/** The admin pages the holder of `permissions` may open, in menu order. */
export function adminPagesFor(permissions: readonly string[]): AdminPage[] {
  return ADMIN_PAGES.filter((page) => BUILT.has(page.path) && mayOpenAdminPage(page, permissions));
}

/**
 * Where "Admin Panel" leads: the first page the member may open in ADMIN_PAGES order (common's
 * firstAdminPage, among the pages built here), or null for a member with none of them.
 */
export function adminHomeFor(permissions: readonly string[]): string | null {
  return adminPagesFor(permissions)[0]?.path ?? null;
}

/**
 * The admin page an address belongs to (/admin/users/12 is the Members page), if any. The
 * dashboard, at /admin itself, is only /admin: every other page's address starts with it.
 */
export function adminPageAt(pathname: string): AdminPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ADMIN_PAGES.find((page) => path === page.path || (page.path !== '/admin' && path.startsWith(`${page.path}/`)));
}
