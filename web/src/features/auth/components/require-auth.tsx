import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../hooks/use-auth';
import { currentPath, signInPath } from '../lib/return-to';

/** Signed-in guard: spinner while loading, /auth (and back here once signed in) without a user, else the page. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={signInPath(currentPath(location))} replace />;
  return children ?? <Outlet />;
}
