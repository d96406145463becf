import { mayOpenAdminPage } from '@plates/common';
import { ShieldX } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { AdminNav } from '../components/admin-nav';
import { adminPageAt, adminPagesFor } from '../lib/admin-pages';

/**
 * /admin/* : the admin navigation beside (or, on phones, above) the page. Each page needs the
 * permission ADMIN_PAGES names; a member without it sees why instead of the page. /admin itself
 * is the dashboard (view_dashboard); for a member without it, it opens the first page they may
 * open. The outer guard (RequireStaff) has already sent visitors and members with no admin page
 * away.
 */
export default function AdminLayout() {
  const { permissions } = useAuth();
  const { pathname } = useLocation();
  const pages = adminPagesFor(permissions);
  const home = pages[0]?.path ?? '/';
  // /admin is the dashboard for those who may see it; the others go to the first page they may open.
  if ((pathname === '/admin' || pathname === '/admin/') && home !== '/admin') return <Navigate to={home} replace />;
  const page = adminPageAt(pathname);
  const allowed = !page || mayOpenAdminPage(page, permissions);
  return (
    <div className="grid gap-5 xl:grid-cols-[11rem_minmax(0,1fr)] xl:gap-6">
      <AdminNav pages={pages} />
      <div className="min-w-0">
        {allowed ? (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        ) : (
          <Forbidden home={home} />
        )}
      </div>
    </div>
  );
}

function Forbidden({ home }: { home: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">No access to this page</h1>
      <p className="text-muted-foreground">Your role does not include this part of the admin area. Ask an admin if you need it.</p>
      <Button asChild>
        <Link to={home}>Back to the admin area</Link>
      </Button>
    </div>
  );
}
