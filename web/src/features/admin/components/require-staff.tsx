import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { currentPath, signInPath, useAuth } from '../../auth';
import { adminPagesFor } from '../lib/admin-pages';

/**
 * The admin area's outer guard: a visitor goes to /auth; a member who may open no admin page sees
 * `forbidden` (the app's not-found page: the area does not announce itself); staff go on. Which
 * page they may open is the admin layout's business (each page's permission, from ADMIN_PAGES).
 */
export function RequireStaff({ forbidden, children }: { forbidden: ReactNode; children?: ReactNode }) {
  const { user, isLoading, permissions } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={signInPath(currentPath(location))} replace />;
  if (adminPagesFor(permissions).length === 0) return forbidden;
  return children ?? <Outlet />;
}
