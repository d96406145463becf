import { isValidElement, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import type { LazyPage } from '../lib/lazy-page';
import {
  AdminLayout,
  AiPage,
  AnnouncementsPage,
  AuditPage,
  ContentPage,
  DashboardPage,
  EmailTemplatesPage,
  IpBlockingPage,
  MemberPage,
  MembersPage,
  PendingPostsPage,
  BulkOpsPage,
  PointSystemPage,
  RatingsPage,
  ReportsPage,
  RequireStaff,
  SecurityPage,
  SettingsPage,
  SystemPage,
  VerificationPage,
} from '../features/admin';
import {
  AuthPage,
  AuthProvider,
  ForgotPasswordPage,
  RequireAuth,
  ResetPasswordPage,
  SessionPage,
  VerifyEmailPage,
} from '../features/auth';
import { ChatPage, MessagesUserPage } from '../features/chat';
import { AboutPage, GuidelinesPage, HowItWorksPage } from '../features/info';
import { LeaderboardPage } from '../features/leaderboard';
import { AnnouncementBanner } from '../features/announcements';
import { HomePage, LocationPage, PostPage, SavedPage, TopRatedPage } from '../features/posts';
import { AdvancedSearchPage, SearchPage } from '../features/search';
import { DataExportPage, ProfilePage } from '../features/users';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

/**
 * Root route: the session needs the router (login navigates), so it lives inside it. The boundary
 * is the last resort for errors outside the pages' own boundaries (the layout itself).
 */
function Root() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </ErrorBoundary>
  );
}

/** The full-screen pages of /auth/*: their own layout, loaded lazily. */
function FullScreen() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <FullScreen />,
        children: [
          { path: '/auth', element: <AuthPage /> },
          { path: '/auth/verify-email', element: <VerifyEmailPage /> },
          { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/auth/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage banner={<AnnouncementBanner />} /> },
          { path: '/posts/:postId', element: <PostPage /> },
          { path: '/location/:location', element: <LocationPage /> },
          { path: '/top-rated', element: <TopRatedPage /> },
          { path: '/leaderboard', element: <LeaderboardPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/how-it-works', element: <HowItWorksPage /> },
          // a support page: the visitor's or member's own session and connection (document 2 §2 lists the route)
          { path: '/test-auth', element: <SessionPage /> },
          { path: '/guidelines', element: <GuidelinesPage /> },
          { path: '/search', element: <SearchPage /> },
          { path: '/search/advanced', element: <AdvancedSearchPage /> },
          // one page, two addresses (document 2 §2 gives both)
          { path: '/profile/:userId', element: <ProfilePage /> },
          { path: '/users/:userId', element: <ProfilePage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/saved-posts', element: <SavedPage /> },
              { path: '/saved', element: <Navigate to="/saved-posts" replace /> },
              // the messages dialog is the page (hosted by the header's Messages button)
              { path: '/chat', element: <ChatPage /> },
              { path: '/messages', element: <ChatPage /> },
              { path: '/messages/:userId', element: <MessagesUserPage /> },
              // where the "your data is ready" mail leads
              { path: '/data-export/:token', element: <DataExportPage /> },
            ],
          },
          {
            // a member with no admin page is told nothing is here; the layout checks each page's permission
            element: <RequireStaff forbidden={<NotFoundPage />} />,
            children: [
              {
                path: '/admin',
                element: <AdminLayout />,
                children: [
                  { index: true, element: <DashboardPage /> },
                  { path: 'pending-posts', element: <PendingPostsPage /> },
                  { path: 'reports', element: <ReportsPage /> },
                  { path: 'users', element: <MembersPage /> },
                  { path: 'users/:userId', element: <MemberPage /> },
                  { path: 'audit', element: <AuditPage /> },
                  { path: 'content', element: <ContentPage /> },
                  { path: 'ip-blocking', element: <IpBlockingPage /> },
                  { path: 'security', element: <SecurityPage /> },
                  { path: 'settings', element: <SettingsPage /> },
                  { path: 'announcements', element: <AnnouncementsPage /> },
                  { path: 'ai', element: <AiPage /> },
                  { path: 'system', element: <SystemPage /> },
                  // the spec's older addresses of the two tabs
                  { path: 'analytics', element: <Navigate to="/admin/system?tab=analytics" replace /> },
                  { path: 'performance', element: <Navigate to="/admin/system?tab=performance" replace /> },
                  { path: 'verification', element: <VerificationPage /> },
                  { path: 'point-system', element: <PointSystemPage /> },
                  { path: 'bulk-ops', element: <BulkOpsPage /> },
                  { path: 'email-templates', element: <EmailTemplatesPage /> },
                  { path: 'ratings', element: <RatingsPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the pages shown at `pathname` (main.tsx waits for it before the first render,
 * so the opening page paints whole instead of after a spinner). Pages in the first chunk have
 * nothing to load.
 */
export function preloadPagesAt(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => (isValidElement(route.element) ? route.element.type : undefined));
  return Promise.all(pages.map((page) => (typeof page === 'function' && 'preload' in page ? (page as LazyPage<object>).preload() : undefined)));
}
