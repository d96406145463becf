import { DATA_EXPORT_MESSAGES, type DataExportDto, type MyDataExportsResponse } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { DataExportSection } from './data-export-section';

const base: DataExportDto = {
  id: 7,
  status: 'pending',
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: null,
  expiresAt: null,
  sizeBytes: null,
  errorMessage: null,
};
const ready: DataExportDto = { ...base, status: 'ready', completedAt: '2026-03-01T10:01:00.000Z', expiresAt: '2026-03-08T10:01:00.000Z', sizeBytes: 3 * 1024 * 1024 };
const none: MyDataExportsResponse = { exports: [], canRequest: true };

function setup(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: sampleUser }, ...routes });
  renderWithApp(<DataExportSection />);
  return { api, user: userEvent.setup() };
}

describe('Settings, Your data', () => {
  it('shows the loading state, then asks for an export and shows it waiting', async () => {
    let state: MyDataExportsResponse = none;
    const { api, user } = setup({
      'GET /api/user/data-exports': () => ({ body: state }),
      'POST /api/user/data-exports': () => {
        state = { exports: [base], canRequest: false };
        return { status: 202, body: base };
      },
    });
    expect(screen.getByText('Loading your data exports')).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for your data yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(/is waiting to be built/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request my data' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/data-exports')).toHaveLength(1);
  });

  it('shows a building export without a request button', async () => {
    setup({ 'GET /api/user/data-exports': { body: { exports: [{ ...base, status: 'processing' }], canRequest: false } } });
    expect(await screen.findByText(/is being built/)).toBeInTheDocument();
    expect(screen.getByText('Building')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request my data/ })).not.toBeInTheDocument();
  });

  it('offers a ready export for download until it expires, and deletes it after asking', async () => {
    let state: MyDataExportsResponse = { exports: [ready], canRequest: true };
    const { api, user } = setup({
      'GET /api/user/data-exports': () => ({ body: state }),
      'DELETE /api/user/data-exports/7': () => {
        state = { exports: [{ ...ready, status: 'deleted', expiresAt: null, sizeBytes: null }], canRequest: true };
        return { body: { message: DATA_EXPORT_MESSAGES.deleted } };
      },
    });
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/api/user/data-exports/7/download');
    expect(link).toHaveAttribute('download');
    expect(screen.getByText(/3\.0 MB/)).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete export' }));
    expect(await screen.findByText('You deleted your last export.', { exact: false })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/data-exports/7')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows a failed export in words for people with a way to try again', async () => {
    const { api, user } = setup({
      'GET /api/user/data-exports': { body: { exports: [{ ...base, status: 'failed', completedAt: base.createdAt, errorMessage: DATA_EXPORT_MESSAGES.buildFailed }], canRequest: true } },
      'POST /api/user/data-exports': { status: 409, body: { message: DATA_EXPORT_MESSAGES.alreadyOpen, code: 'CONFLICT' } },
    });
    expect(await screen.findByText(new RegExp(DATA_EXPORT_MESSAGES.buildFailed))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.alreadyOpen)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/user/data-exports').length).toBeGreaterThanOrEqual(2));
  });

  it('shows an error with a retry when the list cannot load', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/user/data-exports': () => (fail ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } : { body: none }),
    });
    expect(await screen.findByText(/Could not load your data exports/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('You have not asked for your data yet.')).toBeInTheDocument();
  });
});
