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
