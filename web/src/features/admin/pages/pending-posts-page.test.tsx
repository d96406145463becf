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
    // an answer without hints shows no chips
    expect(screen.queryByRole('list', { name: "The cook's record" })).not.toBeInTheDocument();
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

  it('shows the hints of each plate beside it', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
      'GET /api/admin/posts/pending': {
        body: {
          posts: [makePost({ id: 31, title: 'Fresh pasta', approvalStatus: 'pending' }), makePost({ id: 32, title: 'Plain rice', approvalStatus: 'pending' })],
          total: 2,
          page: 1,
          totalPages: 1,
          hints: [
            {
              postId: 31,
              author: { joinedAt: '2020-01-01T00:00:00.000Z', approvedPlates: 12, strikes: 0, activeStrikes: 0, reportsReceived: 0 },
              duplicates: [{ id: 5, title: 'Nonna’s pasta', approvalStatus: 'approved', userId: 999, distance: 3 }],
            },
          ],
        },
      },
    });
    renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route: '/admin/pending-posts' });
    const pasta = (await screen.findByRole('heading', { name: 'Fresh pasta' })).closest('article')!;
    expect(within(pasta).getByText('12 approved plates')).toBeInTheDocument();
    expect(within(pasta).getByRole('link', { name: /Looks like an earlier plate: “Nonna’s pasta” \(approved\), by another cook/ })).toHaveAttribute('href', '/posts/5');
    // the plate the answer has no hint for shows no chips
    const rice = screen.getByRole('heading', { name: 'Plain rice' }).closest('article')!;
    expect(within(rice).queryByRole('list')).not.toBeInTheDocument();
  });
});
