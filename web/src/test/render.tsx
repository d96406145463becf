import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { AuthProvider } from '../features/auth';
import { UploadPlateProvider } from '../features/posts';
import { getQueryFn } from '../lib/api';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getQueryFn({ on401: 'throw' }), staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

interface RenderOptions {
  /** Starting URL. */
  route?: string;
  /** Route objects to render; defaults to one route at `path` showing `ui`. */
  routes?: RouteObject[];
  path?: string;
  queryClient?: QueryClient;
  strict?: boolean;
}

/**
 * Renders with the app's providers, a memory router, the session and the upload dialog's host, plus a location probe
 * (`data-testid="location"`) so tests can assert redirects.
 */
export function renderWithApp(
  ui: ReactElement | null,
  { route = '/', routes, path = '/', queryClient = createTestQueryClient(), strict = false }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient; router: ReturnType<typeof createMemoryRouter> } {
  const children: RouteObject[] = routes ?? [{ path, element: ui }];
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            {/* the app layout hosts the upload dialog that empty states offer */}
            <UploadPlateProvider>
              <Outlet />
              <LocationProbe />
            </UploadPlateProvider>
          </AuthProvider>
        ),
        children: [...children, { path: '*', element: <p>Other page</p> }],
      },
    ],
    { initialEntries: [route] },
  );
  const tree = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, queryClient, router };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}
