import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../hooks/use-auth';

/** Signed-in guard: spinner while loading, /auth without a user, else the page. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return children ?? <Outlet />;
}

/** Admin guard: /auth without a user, / for a non-admin, else the page. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isAdmin, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
