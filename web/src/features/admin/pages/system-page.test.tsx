import type { InstanceReport, RouteStats, SystemReport } from '@plates/common';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import SystemPage from './system-page';

const NOW = Date.parse('2026-11-28T10:30:20Z');

function route(overrides: Partial<RouteStats> & Pick<RouteStats, 'route'>): RouteStats {
  return { method: 'GET', count: 10, clientErrors: 0, serverErrors: 0, meanMs: 5, maxMs: 40, p50Ms: 4, p95Ms: 20, p99Ms: 30, ...overrides };
}

function instance(overrides: Partial<InstanceReport> & Pick<InstanceReport, 'id' | 'uptimeSeconds'>): InstanceReport {
  return {
    self: false,
    version: '0.1.0',
    node: 'v24.1.0',
    startedAt: new Date(NOW - overrides.uptimeSeconds * 1000).toISOString(),
    rssBytes: 150 * 1024 * 1024,
    heapUsedBytes: 80 * 1024 * 1024,
    sockets: 0,
    jobs: [],
    requests: 0,
    reportedAt: new Date(NOW).toISOString(),
    ...overrides,
  };
}

function sample(overrides: Partial<SystemReport['traffic']> = {}): SystemReport {
  const routes = [
    route({ route: '/api/posts', count: 120, p50Ms: 8, p95Ms: 45, p99Ms: 90, maxMs: 120 }),
    route({ route: '/api/posts/:id', count: 60, clientErrors: 6, p95Ms: 300, p99Ms: 700, maxMs: 900 }),
    route({ method: 'POST', route: '/api/login', count: 20, serverErrors: 2, p50Ms: 60, p95Ms: 110, p99Ms: 150, maxMs: 160 }),
  ];
  const perMinute = Array.from({ length: 60 }, (_, i) => ({
    minute: new Date(Math.floor(NOW / 60_000) * 60_000 - (59 - i) * 60_000).toISOString(),
    count: i === 58 ? 50 : i === 59 ? 3 : 2,
    clientErrors: 0,
    serverErrors: i === 58 ? 2 : 0,
  }));
  return {
    generatedAt: new Date(NOW).toISOString(),
    traffic: {
      windowMinutes: 60,
      total: 200,
      statusMix: { success: 190, redirect: 2, clientError: 6, serverError: 2 },
      errorRate: 0.01,
      clientErrorRate: 0.03,
      perMinute,
      routes,
      ...overrides,
    },
    instances: [
      instance({ id: 'web-1-4242-abc123', self: true, uptimeSeconds: 93_784, sockets: 7, requests: 150, jobs: [{ name: 'mail:verify', running: 1, done: 40, failed: 3 }] }),
      instance({ id: 'web-2-777-def456', self: false, uptimeSeconds: 600, sockets: 5, requests: 50, jobs: [] }),
    ],
    database: {
      kind: 'postgres',
      ok: true,
      latencyMs: 0.8,
      sizeBytes: 42 * 1024 * 1024,
      tables: [{ name: 'posts', rowEstimate: 12_345, bytes: 8 * 1024 * 1024 }, { name: 'ratings', rowEstimate: null, bytes: 16384 }],
    },
    redis: { ok: true, latencyMs: 0.3, usedMemoryBytes: 3 * 1024 * 1024 },
    uploads: { driver: 'local', bytes: 1536, files: 2, measuredAt: new Date(NOW).toISOString() },
  };
}

const session = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };

function renderPage(route = '/admin/system') {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/system', element: <SystemPage /> }], route });
}

describe('SystemPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again every 15 s while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({ ...session, 'GET /api/admin/system': { body: sample() } });
    renderPage();
    expect(await screen.findByText('Requests (last hour)')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/system')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo('GET', '/api/admin/system')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(api.callsTo('GET', '/api/admin/system')).toHaveLength(2);
  });

  it('opens on Analytics: totals, rates, the busiest routes and the status mix', async () => {
    stubFetch({ ...session, 'GET /api/admin/system': { body: sample() } });
    renderPage();
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Requests (last hour)')).toBeInTheDocument();
    expect(screen.getByText('200')).toBeInTheDocument();
    expect(screen.getByText('50/min')).toBeInTheDocument(); // the last full minute, not the one filling
    expect(screen.getByText('1.0%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Busiest minute: 50 requests/ })).toBeInTheDocument();
    const top = within(screen.getByRole('region', { name: 'Top routes by volume' }));
    const rows = top.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['GET /api/posts', 'GET /api/posts/:id', 'POST /api/login']);
    expect(within(rows[0]!).getByText('60%')).toBeInTheDocument();
    expect(screen.getByText('Server errors (5xx)')).toBeInTheDocument();
  });

  it('opens the tab the address names, sorts routes by a column, and shows health, sockets and jobs', async () => {
    const user = userEvent.setup();
    stubFetch({ ...session, 'GET /api/admin/system': { body: sample() } });
    const { router } = renderPage('/admin/system?tab=performance');
    expect(await screen.findByRole('tab', { name: 'Performance', selected: true })).toBeInTheDocument();
    const table = within(await screen.findByRole('region', { name: 'Latency by route' }));
    const order = () => table.getAllByRole('rowheader').map((cell) => cell.textContent);
    // slowest p95 first by default
    expect(order()).toEqual(['GET /api/posts/:id', 'POST /api/login', 'GET /api/posts']);
    expect(table.getByRole('columnheader', { name: /p95/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(table.getByRole('button', { name: /Requests/ }));
    expect(order()).toEqual(['GET /api/posts', 'GET /api/posts/:id', 'POST /api/login']);
    await user.click(table.getByRole('button', { name: /Requests/ }));
    expect(order()).toEqual(['POST /api/login', 'GET /api/posts/:id', 'GET /api/posts']);
    expect(table.getByRole('columnheader', { name: /Requests/ })).toHaveAttribute('aria-sort', 'ascending');

    expect(screen.getByRole('heading', { name: 'Slowest routes' })).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('42 MB')).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    expect(screen.getAllByText('1d 2h 3m')).toHaveLength(2); // the Service card and the answering instance
    expect(screen.getByRole('heading', { name: 'Instances (2)' })).toBeInTheDocument();
    expect(screen.getByText(/12 realtime connections in all/)).toBeInTheDocument();
    const jobs = within(screen.getByRole('region', { name: 'Background jobs of web-1-4242-abc123' }));
    expect(within(jobs.getByRole('row', { name: /mail:verify/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '40', '3']);

    await user.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(router.state.location.search).toBe('?tab=analytics');
  });

  it('says so when nothing was measured yet, and when Redis and S3 are not there to measure', async () => {
    const empty = sample({ total: 0, routes: [], statusMix: { success: 0, redirect: 0, clientError: 0, serverError: 0 }, errorRate: 0, clientErrorRate: 0 });
    stubFetch({ ...session, 'GET /api/admin/system': { body: { ...empty, redis: null, uploads: { driver: 's3', bytes: null, files: null, measuredAt: null } } } });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('No requests measured in the last hour yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Performance' }));
    expect(await screen.findByText(/Not configured/)).toBeInTheDocument();
    expect(screen.getByText(/Stored in S3: not measured here/)).toBeInTheDocument();
  });

  it('shows a load failure with Try Again', async () => {
    stubFetch({ ...session, 'GET /api/admin/system': { status: 403, body: { code: 'FORBIDDEN', message: 'You do not have permission to perform this action.' } } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading system figures');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
