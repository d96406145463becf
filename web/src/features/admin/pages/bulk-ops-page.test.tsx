import type { BulkBatchDto, BulkPreviewResponse } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import BulkOpsPage, { timeLeft } from './bulk-ops-page';

const HOUR = 3_600_000;
const batch = (overrides: Partial<BulkBatchDto> = {}): BulkBatchDto => ({
  id: 7,
  admin: { id: 1, username: 'boss' },
  target: 'plates',
  action: 'reject',
  filter: { target: 'plates', author: 'spammy' },
  reason: 'Not food',
  days: null,
  affected: 3,
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  undoUntil: new Date(Date.now() + 23 * HOUR).toISOString(),
  canUndo: true,
  undoneAt: null,
  undoneBy: null,
  restored: null,
  skipped: null,
  ...overrides,
});
const preview: BulkPreviewResponse = {
  total: 3,
  cap: 500,
  sample: [1, 2, 3].map((id) => ({
    id,
    label: `Plate ${id}`,
    owner: { id: 5, username: 'spammy' },
    createdAt: '2026-01-01T00:00:00.000Z',
    reports: id === 2 ? 2 : 0,
    filterHits: 0,
    current: 'pending',
    becomes: 'rejected',
  })),
};

const admin = { 'GET /api/user': { body: { ...sampleUser, isAdmin: true } } };
const render = () => {
  localStorage.setItem('auth_token', 't');
  return renderWithApp(null, { routes: [{ path: '/admin/bulk-ops', element: <BulkOpsPage /> }], route: '/admin/bulk-ops' });
};

describe('BulkOpsPage', () => {
  it('previews a selection, asks before running on the count seen, and sends that count', async () => {
    const api = stubFetch({
      ...admin,
      'GET /api/admin/bulk-ops': { body: { batches: [], nextCursor: null } },
      'POST /api/admin/bulk-ops/preview': { body: preview },
      'POST /api/admin/bulk-ops': { status: 201, body: { batch: batch(), message: 'Batch done.' } },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No batch has run yet.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action'), 'reject');
    await user.type(screen.getByLabelText('Author (username)'), 'spammy');
    await user.selectOptions(screen.getByLabelText('Approval status'), 'pending');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('3 plates would change:')).toBeInTheDocument();
    const sample = screen.getByRole('list', { name: 'Sample' });
    expect(within(sample).getAllByRole('listitem')).toHaveLength(3);
    expect(within(sample).getAllByRole('listitem')[1]).toHaveTextContent('2 reports');
    expect(api.callsTo('POST', '/api/admin/bulk-ops/preview')[0]!.body).toEqual({
      filter: { target: 'plates', author: 'spammy', status: 'pending' },
      action: 'reject',
    });
    // Reject needs a reason before it may run.
    expect(screen.getByRole('button', { name: 'Run on 3' })).toBeDisabled();
    await user.type(screen.getByLabelText('Reason (the members are told)'), 'Not food');
    // The form changed since the preview: preview again.
    expect(screen.queryByRole('button', { name: 'Run on 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Run on 3' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject 3 plates?' });
    await user.click(within(dialog).getByRole('button', { name: 'Run on 3' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/bulk-ops')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/bulk-ops')[0]!.body).toEqual({
      filter: { target: 'plates', author: 'spammy', status: 'pending' },
      action: 'reject',
      reason: 'Not food',
      expectedCount: 3,
    });
    expect(await screen.findByText('Batch done.')).toBeInTheDocument();
  });

  it('says when nothing matches and shows a refused run', async () => {
    stubFetch({
      ...admin,
      'GET /api/admin/bulk-ops': { body: { batches: [], nextCursor: null } },
      'POST /api/admin/bulk-ops/preview': { body: { total: 0, cap: 500, sample: [] } },
    });
    const user = userEvent.setup();
    render();
    await user.selectOptions(await screen.findByLabelText('Items'), 'members');
    expect(screen.getByLabelText('Action')).toHaveValue('suspend');
    expect(screen.queryByLabelText('Approval status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Days (empty: until lifted)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No item matches this filter.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Run on/ })).not.toBeInTheDocument();
  });

  it('lists batches with Undo and the time left while allowed, and undoes after confirming', async () => {
    let undone = false;
    const api = stubFetch({
      ...admin,
      'GET /api/admin/bulk-ops': () => ({
        body: {
          batches: [
            undone ? batch({ canUndo: false, undoUntil: null, undoneAt: new Date().toISOString(), undoneBy: { id: 1, username: 'boss' }, restored: 2, skipped: 1 }) : batch(),
            batch({ id: 6, action: 'approve', reason: null, canUndo: false, createdAt: new Date(Date.now() - 30 * HOUR).toISOString() }),
          ],
          nextCursor: null,
        },
      }),
      'POST /api/admin/bulk-ops/7/undo': () => {
        undone = true;
        return { body: { batch: batch({ canUndo: false, restored: 2, skipped: 1 }), message: 'Batch undone.', skipped: [{ id: 2, label: 'Plate 2', why: 'Changed since the batch ran' }] } };
      },
    });
    const user = userEvent.setup();
    render();
    const row = await screen.findByRole('listitem', { name: 'Reject 3 plates' });
    expect(row).toHaveTextContent(/2[23] h \d+ min left/);
    expect(within(screen.getByRole('listitem', { name: 'Approve 3 plates' })).getByText('Undo window closed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Undo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo: reject 3 plates?' });
    await user.click(within(dialog).getByRole('button', { name: 'Undo batch' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/bulk-ops/7/undo')).toHaveLength(1));
    expect(await screen.findByText(/1 skipped \(changed since\): Plate 2/)).toBeInTheDocument();
    expect(await screen.findByText(/2 put back, 1 skipped/)).toBeInTheDocument();
  });

  it('shows the loading and error states of the batches, with a retry', async () => {
    let fail = true;
    stubFetch({
      ...admin,
      'GET /api/admin/bulk-ops': () => (fail ? { status: 500, body: { message: 'Something went wrong', code: 'INTERNAL_ERROR' } } : { body: { batches: [], nextCursor: null } }),
    });
    const user = userEvent.setup();
    render();
    expect(screen.getByText('Loading batches...')).toBeInTheDocument();
    expect(await screen.findByText(/Error loading batches/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No batch has run yet.')).toBeInTheDocument();
  });

  it('words the time left', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(timeLeft('2026-01-01T23:30:00Z', now)).toBe('23 h 30 min left');
    expect(timeLeft('2026-01-01T00:05:00Z', now)).toBe('5 min left');
    expect(timeLeft('2025-12-31T00:00:00Z', now)).toBe('0 min left');
  });
});
