import { Suspense, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth';
import { TopRatedPanel, UploadPlateProvider } from '../../features/posts';
import { ReportDialogHost } from '../../features/reports';
import { SuggestedUsersPanel } from '../../features/users';
import { useSite } from '../../lib/site';
import { cn } from '../../lib/utils';
import { ErrorBoundary } from '../error-boundary';
import { RealtimeConnection } from '../realtime-connection';
import { FOOTER_LINKS, isAdminPath, isPlatePath } from '../navigation';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { SideNav } from './side-nav';

const DESKTOP = '(min-width: 1024px)';

function subscribeDesktop(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(DESKTOP);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True from lg up: the right column (and its requests) only exists where it is seen. */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP).matches,
    () => false,
  );
}

function FooterLinks({ className }: { className?: string }) {
  const site = useSite();
  return (
    <footer className={className}>
      <nav aria-label="Footer">
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {FOOTER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="inline-flex min-h-11 items-center underline-offset-4 hover:text-foreground hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
          {site.contactEmail ? (
            <li>
              <a href={`mailto:${site.contactEmail}`} className="inline-flex min-h-11 items-center underline-offset-4 hover:text-foreground hover:underline">
                Contact
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
      <p>© {site.name}</p>
    </footer>
  );
}

/** The shared layout (document 2 §2): header, three columns on desktop, bottom bar on phones. */
export function AppLayout() {
  const { pathname } = useLocation();
  const desktop = useIsDesktop();
  const { user } = useAuth();
  // The admin area's tables and queues take the right column's room too, and so does a plate's
  // photo beside its details (from lg up; below lg the plate is one column as every page).
  const admin = isAdminPath(pathname);
  const wide = admin || isPlatePath(pathname);
  const rightColumn = desktop && !wide;
  const pageWidth = admin ? 'max-w-5xl' : wide ? 'max-w-2xl lg:max-w-5xl' : 'max-w-2xl';
  return (
    <UploadPlateProvider>
      <div className="min-h-dvh">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <Header />
        <div
          className={cn(
            'mx-auto grid max-w-7xl gap-6 px-4 sm:px-6',
            wide ? 'lg:grid-cols-[14rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)]' : 'lg:grid-cols-[14rem_minmax(0,1fr)_16rem] xl:grid-cols-[16rem_minmax(0,1fr)_18rem]',
          )}
        >
          <aside className="hidden py-6 lg:block">
            <SideNav />
          </aside>
          <main
            id="main"
            tabIndex={-1}
            className="min-w-0 py-6 pb-[calc(6rem+env(safe-area-inset-bottom))] outline-none lg:pb-10"
          >
            <div className={cn('mx-auto w-full', pageWidth)}>
              <ErrorBoundary resetKey={pathname}>
                <Suspense fallback={<PageSpinner />}>
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </div>
            {rightColumn ? null : (
              <FooterLinks className={cn('mx-auto mt-10 grid gap-1 text-sm text-muted-foreground', pageWidth)} />
            )}
          </main>
          {rightColumn ? (
            <aside className="py-6" aria-label="More">
              <div className="sticky top-20 grid gap-4">
                <TopRatedPanel />
                <SuggestedUsersPanel />
                <FooterLinks className="grid gap-1 px-1 text-sm text-muted-foreground" />
              </div>
            </aside>
          ) : null}
        </div>
        <BottomNav />
        <ReportDialogHost />
        {user ? <RealtimeConnection key={user.id} /> : null}
      </div>
    </UploadPlateProvider>
  );
}
