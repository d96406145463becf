/**
 * The admin area's public surface. The guard and the page list are small and load with the app
 * (the header's menu needs them); the layout and every page load on demand.
 */
import { lazyPage } from '../../lib/lazy-page';

export { RequireStaff } from './components/require-staff';
export { adminHomeFor, adminPagesFor } from './lib/admin-pages';

export const AdminLayout = lazyPage(() => import('./pages/admin-layout'));
export const DashboardPage = lazyPage(() => import('./pages/dashboard-page'));
export const PendingPostsPage = lazyPage(() => import('./pages/pending-posts-page'));
export const ReportsPage = lazyPage(() => import('./pages/reports-page'));
export const MembersPage = lazyPage(() => import('./pages/members-page'));
export const MemberPage = lazyPage(() => import('./pages/member-page'));
export const AuditPage = lazyPage(() => import('./pages/audit-page'));
export const ContentPage = lazyPage(() => import('./pages/content-page'));
export const IpBlockingPage = lazyPage(() => import('./pages/ip-blocking-page'));
export const SecurityPage = lazyPage(() => import('./pages/security-page'));
export const SettingsPage = lazyPage(() => import('./pages/settings-page'));
export const AnnouncementsPage = lazyPage(() => import('./pages/announcements-page'));
export const AiPage = lazyPage(() => import('./pages/ai-page'));
export const SystemPage = lazyPage(() => import('./pages/system-page'));
export const VerificationPage = lazyPage(() => import('./pages/verification-page'));
export const PointSystemPage = lazyPage(() => import('./pages/point-system-page'));
export const BulkOpsPage = lazyPage(() => import('./pages/bulk-ops-page'));
export const EmailTemplatesPage = lazyPage(() => import('./pages/email-templates-page'));
export const RatingsPage = lazyPage(() => import('./pages/ratings-page'));
