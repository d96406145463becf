import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import {
  AuthPage,
  AuthProvider,
  ForgotPasswordPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from '../features/auth';
import { HomePage } from '../features/feed';
import { ErrorBoundary, ErrorFallback } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

/** Root route: the session needs the router (login navigates), so it lives inside it. */
function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
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

/** Last resort for errors outside the page boundaries (the layout itself). */
function RouteErrorFallback() {
  const navigate = useNavigate();
  const location = useLocation();
  return <ErrorFallback onReset={() => void navigate(location, { replace: true })} />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteErrorFallback />,
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
          { index: true, element: <HomePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
