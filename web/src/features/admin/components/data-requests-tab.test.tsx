import { DATA_EXPORT_MESSAGES, type AdminDataExportDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { DataRequestsTab } from './data-requests-tab';

const row = (overrides: Partial<AdminDataExportDto>): AdminDataExportDto => ({
  id: 1,
  status: 'ready',
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: '2026-03-01T10:01:00.000Z',
  expiresAt: '2026-03-08T10:01:00.000Z',
  sizeBytes: 2048,
  errorMessage: null,
  member: { id: 40, username: 'cook_ada' },
  requestType: 'full_export',
  attempts: 1,
  processedBy: null,
  updatedAt: '2026-03-01T10:01:00.000Z',
  ...overrides,
});

function setup(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: { ...sampleUser, permissions: ['manage_users'] } }, ...routes });
  renderWithApp(<DataRequestsTab />);
  return { api, user: userEvent.setup() };
}

describe('Members, Data requests', () => {
  it('lists requests with member, status, times and the error of a failed one, filters by status, and retries a failed one', async () => {
    let failed = row({ id: 2, status: 'failed', expiresAt: null, sizeBytes: null, errorMessage: 'storage unreachable', member: { id: 41, username: 'cook_bo' } });
    const { api, user } = setup({
      'GET /api/admin/data-exports': (req) => {
        const status = req.url.searchParams.get('status');
        const all = [failed, row({})];
        return { body: { exports: status ? all.filter((e) => e.status === status) : all, nextCursor: null } };
      },
      'POST /api/admin/data-exports/2/retry': () => {
        failed = { ...failed, status: 'pending', errorMessage: null, completedAt: null, attempts: 1, processedBy: { id: 1, username: 'keeper' } };
        return { body: { message: DATA_EXPORT_MESSAGES.retried } };
      },
    });
    expect(screen.getByText('Loading data requests')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Data requests' });
    const bo = within(list).getByRole('listitem', { name: 'Data request of @cook_bo' });
    expect(within(bo).getByText('Failed', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(within(bo).getByText('storage unreachable')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'Data request of @cook_ada' })).toHaveTextContent(/Expires/);

    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Data request of @cook_ada' })).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/api/admin/data-exports').at(-1)!.url.searchParams.get('status')).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Retry the export of @cook_bo' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/data-exports/2/retry')).toHaveLength(1));
    expect(await screen.findByText('No failed data requests.')).toBeInTheDocument();
  });

  it('says when nobody asked yet, and offers a retry when the list fails', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/admin/data-exports': () =>
        fail ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } : { body: { exports: [], nextCursor: null } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/data requests/);
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/i }));
    expect(await screen.findByText('No member has asked for their data yet.')).toBeInTheDocument();
  });
});
