import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { ErrorBoundary } from '../error-boundary';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { SideNav } from './side-nav';

/** The shared layout (document 2 §2): header, three columns on desktop, bottom bar on phones. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <Header />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)_16rem] xl:grid-cols-[16rem_minmax(0,1fr)_18rem]">
        <aside className="hidden py-6 lg:block">
          <SideNav />
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 py-6 pb-[calc(6rem+env(safe-area-inset-bottom))] outline-none lg:pb-10"
        >
          <div className="mx-auto w-full max-w-2xl">
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </div>
        </main>
        <aside className="hidden py-6 lg:block" aria-label="More">
          <footer className="sticky top-20 text-sm text-muted-foreground">© Plates</footer>
        </aside>
      </div>
      <BottomNav />
    </div>
  );
}
