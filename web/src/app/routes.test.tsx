import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeStats } from '../test/admin';
import { sampleUser, stubFetch } from '../test/fetch';
import { createTestQueryClient } from '../test/render';
import { AppProviders } from './providers';
import { routes } from './routes';

const ADMIN_NAV_FOR_MODERATOR = [
  ['Pending Plates', '/admin/pending-posts'],
  ['Reports', '/admin/reports'],
  ['Audit Log', '/admin/audit'],
];

const signedOut = { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const { unmount } = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, unmount };
}

describe('routes', () => {
  it('shows the 404 screen with a link home for an unknown path', async () => {
    stubFetch({ 'GET /api/user': signedOut });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("signs the footer with the admin's site name and links its contact address", async () => {
    stubFetch({ 'GET /api/user': signedOut, 'GET /api/site': { body: { name: 'Supper Club', contactEmail: 'hello@supper.example', maxUploadBytes: 5 * 1024 * 1024 } } });
    renderApp('/leaderboard');
    const footer = (await screen.findAllByRole('contentinfo'))[0]!;
    expect(await within(footer).findByText('© Supper Club')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'mailto:hello@supper.example');
  });

  it('home: the empty feed, the navigation lists, a skip link first, and Login for visitors', async () => {
    const api = stubFetch({
      'GET /api/user': signedOut,
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/announcements': { body: { announcements: [] } },
    });
    renderApp('/');
    expect(
      await screen.findByText('No posts available. Be the first to share your plate!'),
    ).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.querySelector('a, button')).toBe(skip);
    expect(document.getElementById('main')).toBeInTheDocument();
    // visitors: public pages only; no Saved Plates or Admin Panel
    const navs = screen.getAllByRole('navigation', { name: 'Main' });
    for (const nav of navs) {
      const hrefs = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
      expect(hrefs.every((h) => ['/', '/auth', '/top-rated', '/leaderboard'].includes(h!))).toBe(true);
    }
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
    // one feed request, the featured row, the announcements and the site's settings (a served page
    // carries all but the announcements), nothing per card; the right column is not there on a phone
    await waitFor(() => expect(api.calls.map((c) => c.url.pathname)).toContain('/api/posts/featured'));
    expect(api.calls.map((c) => c.url.pathname).sort()).toEqual(['/api/announcements', '/api/posts', '/api/posts/featured', '/api/site', '/api/user']);
  });

  it('guards /saved-posts (and /saved) for visitors, and the admin area for members without a permission', async () => {
    stubFetch({ 'GET /api/user': signedOut });
    const { router } = renderApp('/saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));

    stubFetch({ 'GET /api/user': signedOut });
    const visitor = renderApp('/admin/pending-posts');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth'));
    visitor.unmount();

    localStorage.setItem('auth_token', 'tok-1');
    const api = stubFetch({ 'GET /api/user': { body: sampleUser } });
    const member = renderApp('/admin/pending-posts');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(member.router.state.location.pathname).toBe('/admin/pending-posts');
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.url.pathname.startsWith('/api/admin'))).toBe(false);
  });

  it('shows Saved Plates to a signed-in user and the Admin Panel to an admin', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/admin/posts/pending': { body: { posts: [], total: 0, page: 1, totalPages: 1 } },
      'GET /api/admin/stats': { body: makeStats() },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Saved Plates' })).toHaveAttribute('href', '/saved-posts');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile/7');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/7');
    // an admin's Admin Panel opens the dashboard, /admin itself
    expect(screen.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Admin Panel' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // the dashboard's link is current only on /admin itself
    await act(() => router.navigate('/admin/pending-posts'));
    const adminNav = () => screen.getByRole('navigation', { name: 'Admin' });
    await waitFor(() => expect(within(adminNav()).getByRole('link', { name: 'Pending Plates' })).toHaveAttribute('aria-current', 'page'), { timeout: 4000 });
    expect(within(adminNav()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  }, 15_000);

  it('a moderator: Admin Panel opens their first page, the admin nav lists only their pages, a page outside their role says so', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['review_posts', 'manage_reports', 'view_audit_log'] } },
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/admin/posts/pending': { body: { posts: [], total: 0, page: 1, totalPages: 1 } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');
    expect(await screen.findByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/pending-posts');
    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Cook' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Admin Panel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pending-posts'));
    expect(await screen.findByText('No plates are waiting for approval.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(ADMIN_NAV_FOR_MODERATOR);
    expect(within(nav).queryByRole('link', { name: 'Members' })).not.toBeInTheDocument();

    await act(() => router.navigate('/admin/users'));
    expect(await screen.findByRole('heading', { name: 'No access to this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the admin area' })).toHaveAttribute('href', '/admin/pending-posts');
    expect(api.callsTo('GET', '/api/admin/users')).toHaveLength(0);

    await act(() => router.navigate('/admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pending-posts'));
  });

  it('account menu: who is signed in, the theme, and log out even when the server call fails', async () => {
    localStorage.setItem('auth_token', 'tok-1');
    localStorage.setItem('userId', '7');
    let signedIn = true;
    const api = stubFetch({
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/user': () => (signedIn ? { body: sampleUser } : signedOut),
      'POST /api/logout': () => {
        signedIn = false;
        return { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } };
      },
      'GET /api/system/maintenance': { body: { maintenance: false } },
      'GET /api/stats/community': { body: { posts: 1, users: 2, ratings: 3 } },
    });
    const { router, queryClient } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Ana Cook' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Signed in as')).toBeInTheDocument();
    expect(within(menu).getByText('Ana Cook')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile/7');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/profile/7?tab=settings');
    expect(within(menu).queryByText(/admin/i)).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Theme' }));
    await user.click(await within(menu).findByRole('menuitemradio', { name: 'Dark' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Account menu for Ana Cook' }));
    const menuAgain = await screen.findByRole('menu');
    expect(within(menuAgain).queryByRole('menuitemradio')).not.toBeInTheDocument();
    await user.click(within(menuAgain).getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('Logout completed')).toBeInTheDocument();
  });
});
