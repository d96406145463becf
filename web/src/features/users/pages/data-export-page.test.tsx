import type { DataExportDto } from '@plates/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import DataExportPage from './data-export-page';

const ready: DataExportDto = {
  id: 7,
  status: 'ready',
  createdAt: '2026-03-01T10:00:00.000Z',
  completedAt: '2026-03-01T10:01:00.000Z',
  expiresAt: '2026-03-08T10:01:00.000Z',
  sizeBytes: 3 * 1024 * 1024,
  errorMessage: null,
};

function open(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({ 'GET /api/user': { body: sampleUser }, ...routes });
  renderWithApp(<DataExportPage />, { path: '/data-export/:token', route: '/data-export/tok_123' });
  return api;
}

describe('/data-export/:token (the mail link)', () => {
  it('shows the owner their ready export and downloads it through the link', async () => {
    const api = open({ 'GET /api/data-exports/tok_123/status': { body: ready } });
    const download = await screen.findByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/data-exports/tok_123');
    expect(screen.getByText(/3\.0 MB/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `/profile/${sampleUser.id}?tab=settings`);
    expect(api.callsTo('GET', '/api/data-exports/tok_123/status')).toHaveLength(1);
  });

  it('tells an expired export apart, and a link of another account', async () => {
    open({ 'GET /api/data-exports/tok_123/status': { body: { ...ready, status: 'expired' } } });
    expect(await screen.findByText(/expired 7 days after it was ready/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('says a link that is not this account’s is not for it', async () => {
    open({ 'GET /api/data-exports/tok_123/status': { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(`This link is not for this account`);
    expect(screen.getByRole('alert')).toHaveTextContent(`signed in as @${sampleUser.username}`);
  });
});
