import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTemplate } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { makePost } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import PendingPostsPage from './pending-posts-page';

describe('PendingPostsPage', () => {
  it('pages through pending plates, approves, and asks a reason to reject', async () => {
    localStorage.setItem('auth_token', 't');
    const user = userEvent.setup();
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/posts/pending': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return { body: { posts: [makePost({ id: page * 10, title: `Pending ${page}`, approvalStatus: 'pending' })], total: 2, page, totalPages: 2 } };
      },
      'POST /api/admin/posts/20/approve': { body: makePost({ id: 20 }) },
      'GET /api/admin/templates': {
        body: { templates: [makeTemplate({ id: 1, kind: 'report', title: 'Spam' }), makeTemplate({ id: 2, kind: 'rejection', title: 'Blurry photo' })] },
      },
      'POST /api/admin/posts/20/reject': { body: makePost({ id: 20, approvalStatus: 'rejected' }) },
    });
    renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route: '/admin/pending-posts' });
    expect(await screen.findByText('Pending 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Pending 2')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-posts?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Approve Pending 2' }));
    expect(await screen.findByText('Plate approved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/posts/20/approve')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Reject Pending 2' }));
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByText('A reason is required')).toBeInTheDocument();
    // the plate rejection templates are offered, not the report ones
    const templates = await screen.findByRole('combobox', { name: 'Start from a template' });
    expect(within(templates).getAllByRole('option').map((o) => o.textContent)).toEqual(['Write your own', 'Blurry photo']);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), ' Not food ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Plate rejected')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/posts/20/reject')[0]!.body).toEqual({ reason: 'Not food' }));
  });
  it('shows what the content filters caught in a pending plate', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/posts/pending': { body: { posts: [makePost({ id: 10, title: 'Soup' }), makePost({ id: 11, title: 'Stew' })], total: 2, page: 1, totalPages: 1 } },
      'GET /api/admin/posts/10/filter-hits': {
        body: {
          hits: [
            { id: 1, createdAt: '2026-01-01T00:00:00.000Z', userId: 3, filterId: 4, filterName: 'Pill spam', action: 'hold', severity: 'medium', scope: 'descriptions', field: 'description', match: 'v1agra', entityType: 'post', entityId: 10 },
          ],
        },
      },
      'GET /api/admin/posts/11/filter-hits': { body: { hits: [] } },
    });
    renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route: '/admin/pending-posts' });
    const hits = await screen.findByRole('list', { name: 'Content filter hits' });
    expect(hits).toHaveTextContent('HoldPill spam matched v1agra in the description');
    expect(screen.getAllByRole('list', { name: 'Content filter hits' })).toHaveLength(1);
  });
});
