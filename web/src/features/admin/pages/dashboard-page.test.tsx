import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeStats, moderatorPermissions } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import DashboardPage, { describeChange, formatAge } from './dashboard-page';

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

function renderPage(route = '/admin') {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin', element: <DashboardPage /> }], route });
}

const busy = makeStats({
  daily: { '2026-03-14': { signUps: 2, reportsOpened: 1 }, '2026-03-15': { signUps: 3, ratings: 7 } },
  previous: { signUps: 4, ratings: 7 },
  queues: [
    { queue: 'pending_posts', count: 4, oldestAt: '2026-03-12T12:00:00.000Z', oldestAgeSeconds: 3 * 86_400 },
    { queue: 'reports', count: 1, oldestAt: '2026-03-15T07:00:00.000Z', oldestAgeSeconds: 5 * 3600 },
    { queue: 'appeals', count: 0, oldestAt: null, oldestAgeSeconds: null },
    { queue: 'verification_requests', count: 0, oldestAt: null, oldestAgeSeconds: null },
  ],
});

describe('DashboardPage', () => {
  it('shows each figure with today, the change on the previous period, a chart, and the queues linking to their pages', async () => {
    const api = stubFetch({ ...admin, 'GET /api/admin/stats': { body: busy } });
    renderPage();
    const signUps = (await screen.findByRole('heading', { name: 'Sign-ups' })).closest('li')!;
    expect(within(signUps).getByText('5')).toBeInTheDocument();
    expect(within(signUps).getByText('3', { selector: 'span' })).toBeInTheDocument(); // today
    expect(within(signUps).getByText('+25% on the previous 30 days (4)')).toBeInTheDocument();
    expect(within(signUps).getByRole('img', { name: /^Sign-ups per day, 14 Feb to 15 Mar/ })).toBeInTheDocument();
    const ratings = screen.getByRole('heading', { name: 'Ratings' }).closest('li')!;
    expect(within(ratings).getByText('Same as the previous 30 days')).toBeInTheDocument();
    const reports = screen.getByRole('heading', { name: 'Reports opened' }).closest('li')!;
    expect(within(reports).getByText('Up from none in the previous 30 days')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Pending plates\s*4\s*Oldest waiting 3 days/ })).toHaveAttribute('href', '/admin/pending-posts');
    expect(screen.getByRole('link', { name: /Open reports\s*1\s*Oldest waiting 5 hours/ })).toHaveAttribute('href', '/admin/reports');
    expect(screen.getByRole('link', { name: /Appeals\s*0\s*Nothing waiting/ })).toHaveAttribute('href', '/admin/reports?tab=appeals');
    expect(screen.getByRole('link', { name: /Verification requests\s*0\s*Nothing waiting/ })).toHaveAttribute('href', '/admin/verification');
    expect(api.callsTo('GET', '/api/admin/stats')[0]!.url.searchParams.get('days')).toBe('30');
  });

  it('keeps the figures in a table for screen readers, shown on screen on request', async () => {
    const user = userEvent.setup();
    stubFetch({ ...admin, 'GET /api/admin/stats': { body: busy } });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Daily figures, UTC days, newest first' });
    expect(table.parentElement).toHaveClass('sr-only');
    const today = within(table).getByRole('row', { name: /^15 Mar/ });
    expect(within(today).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '0', '0', '0', '7', '0', '0', '0', '0']);
    expect(within(table).getByRole('row', { name: /^Previous 30 days/ })).toHaveTextContent('Previous 30 days400070000');
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(table.parentElement).not.toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('switches the period through the address', async () => {
    const user = userEvent.setup();
    const api = stubFetch({ ...admin, 'GET /api/admin/stats': (req) => ({ body: makeStats({ days: Number(req.url.searchParams.get('days')) as 7 | 30 | 90 }) }) });
    renderPage('/admin?days=7');
    expect(await screen.findByRole('heading', { name: 'Activity, 9 Mar to 15 Mar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByRole('heading', { name: 'Activity, 16 Dec to 15 Mar' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/stats').map((c) => c.url.searchParams.get('days'))).toEqual(['7', '90']);
    expect(screen.getByText('Nothing happened in these 90 days yet.')).toBeInTheDocument();
  });

  it('shows a queue without a link to a member whose role does not open its page', async () => {
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['view_dashboard', ...moderatorPermissions] } },
      'GET /api/admin/stats': { body: busy },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: /Pending plates/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Appeals/ })).not.toBeInTheDocument();
    expect(screen.getByText('Appeals')).toBeInTheDocument();
  });

  it('says what failed and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      ...admin,
      'GET /api/admin/stats': () => (fail ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } : { body: busy }),
    });
    renderPage();
    expect(await screen.findByText('Error loading the dashboard: Server error. Our team has been notified.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign-ups' })).toBeInTheDocument());
  });
});

describe('dashboard wording', () => {
  it.each([
    [30, 'under a minute'],
    [60, '1 minute'],
    [7199, '1 hour'],
    [86_400, '1 day'],
    [10 * 86_400 + 5, '10 days'],
  ])('formatAge(%i) is %s', (seconds, text) => expect(formatAge(seconds)).toBe(text));

  it('describes the change on the previous period', () => {
    expect(describeChange(3, 4, 7)).toEqual({ text: '−25% on the previous 7 days (4)', direction: 'down' });
    expect(describeChange(0, 0, 7)).toEqual({ text: 'Same as the previous 7 days', direction: 'flat' });
  });
});
