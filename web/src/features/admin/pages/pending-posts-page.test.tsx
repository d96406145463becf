import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HeldItemDto } from '@plates/common';
import { makeHeldItem, makeTemplate, moderatorPermissions } from '../../../test/admin';
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

  describe('keyboard review', () => {
    function setUp() {
      localStorage.setItem('auth_token', 't');
      const posts = [41, 42, 43].map((id) => makePost({ id, title: `Dish ${id}`, approvalStatus: 'pending' }));
      const api = stubFetch({
        'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
        'GET /api/admin/posts/pending': { body: { posts, total: 3, page: 1, totalPages: 1 } },
        'POST /api/admin/posts/42/approve': { body: makePost({ id: 42 }) },
        'POST /api/admin/posts/43/reject': { body: makePost({ id: 43, approvalStatus: 'rejected' }) },
        'GET /api/admin/templates': { body: { templates: [] } },
      });
      renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route: '/admin/pending-posts' });
      return { api, user: userEvent.setup() };
    }
    const card = (title: string) => screen.getByRole('article', { name: title });

    it('j and k move the selection, a approves the selected plate and the next one is selected', async () => {
      const { api, user } = setUp();
      await screen.findByText('Dish 41');
      expect(screen.getByText(/Keyboard:/)).toHaveTextContent('Keyboard: j/k move · a approve · r reject');
      expect(screen.getByRole('button', { name: 'Approve Dish 41' })).toHaveAttribute('aria-keyshortcuts', 'a');
      expect(screen.getByRole('button', { name: 'Reject Dish 41' })).toHaveAttribute('aria-keyshortcuts', 'r');

      // nothing selected yet: a does nothing
      await user.keyboard('a');
      expect(api.callsTo('POST', '/api/admin/posts/41/approve')).toHaveLength(0);

      await user.keyboard('j');
      expect(card('Dish 41')).toHaveAttribute('aria-current', 'true');
      expect(card('Dish 41')).toHaveFocus();
      await user.keyboard('jjj');
      expect(card('Dish 43')).toHaveAttribute('aria-current', 'true');
      expect(card('Dish 41')).not.toHaveAttribute('aria-current');
      await user.keyboard('k');
      expect(card('Dish 42')).toHaveAttribute('aria-current', 'true');
      expect(card('Dish 42')).toHaveFocus();

      await user.keyboard('a');
      expect(await screen.findByText('Plate approved')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/posts/42/approve')).toHaveLength(1);
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
      await waitFor(() => expect(card('Dish 43')).toHaveAttribute('aria-current', 'true'));
      expect(card('Dish 43')).toHaveFocus();
    });

    it('j on the last plate of a page opens the next page at its first plate; k on the first goes back to the last', async () => {
      localStorage.setItem('auth_token', 't');
      const pages: Record<number, number[]> = { 1: [51, 52], 2: [53, 54], 3: [55] };
      const api = stubFetch({
        'GET /api/user': { body: { ...sampleUser, isAdmin: true } },
        'GET /api/admin/posts/pending': (req) => {
          const page = Number(req.url.searchParams.get('page'));
          const posts = pages[page]!.map((id) => makePost({ id, title: `Dish ${id}`, approvalStatus: 'pending' }));
          return { body: { posts, total: 5, page, totalPages: 3 } };
        },
        'POST /api/admin/posts/53/approve': { body: makePost({ id: 53 }) },
      });
      renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route: '/admin/pending-posts' });
      const user = userEvent.setup();
      await screen.findByText('Dish 51');
      await user.keyboard('jj');
      expect(card('Dish 52')).toHaveFocus();

      // past the last plate of page 1: page 2 loads and its first plate is selected and focused
      await user.keyboard('j');
      await waitFor(() => expect(card('Dish 53')).toHaveAttribute('aria-current', 'true'));
      expect(card('Dish 53')).toHaveFocus();
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-posts?page=2');
      expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
      expect(screen.queryByText('Dish 52')).not.toBeInTheDocument();

      // a approves the plate the keys landed on
      await user.keyboard('a');
      await waitFor(() => expect(api.callsTo('POST', '/api/admin/posts/53/approve')).toHaveLength(1));

      // and before the first plate of page 2, back to the last plate of page 1
      card('Dish 53').focus();
      await user.keyboard('k');
      await waitFor(() => expect(card('Dish 52')).toHaveAttribute('aria-current', 'true'));
      expect(card('Dish 52')).toHaveFocus();
      expect(screen.getByTestId('location')).toHaveTextContent(/\/admin\/pending-posts$/);

      // k on the first plate of the first page stays there; j on the last plate of the last page too
      await user.keyboard('kk');
      expect(card('Dish 51')).toHaveFocus();
      expect(screen.getByTestId('location')).toHaveTextContent(/\/admin\/pending-posts$/);
      await user.keyboard('jj');
      // keys wait while a page is on its way: this j and k do not skip past page 2
      await user.keyboard('jk');
      await waitFor(() => expect(card('Dish 53')).toHaveFocus());
      await user.keyboard('j');
      expect(card('Dish 54')).toHaveFocus();
      await user.keyboard('j');
      await waitFor(() => expect(card('Dish 55')).toHaveFocus());
      await user.keyboard('j');
      expect(card('Dish 55')).toHaveAttribute('aria-current', 'true');
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-posts?page=3');
      expect(api.callsTo('GET', '/api/admin/posts/pending').map((c) => c.url.searchParams.get('page'))).not.toContain('4');
    });

    it('r opens the reject dialog for the selected plate; keys do nothing while it is open', async () => {
      const { api, user } = setUp();
      await screen.findByText('Dish 41');
      await user.keyboard('jjj');
      await user.keyboard('r');
      let dialog = await screen.findByRole('dialog', { name: 'Reject plate' });
      expect(dialog).toHaveTextContent('Tell the cook why “Dish 43” can\'t be shown.');
      // cancelled: focus goes back to the plate, which stays selected
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(card('Dish 43')).toHaveFocus());
      await user.keyboard('r');
      dialog = await screen.findByRole('dialog', { name: 'Reject plate' });
      // typing a/j/k in the reason goes into it, not to the queue
      await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'jak');
      expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('jak');
      expect(api.callsTo('POST', '/api/admin/posts/43/approve')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(api.callsTo('POST', '/api/admin/posts/43/reject')[0]?.body).toEqual({ reason: 'jak' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // the last plate was rejected: the one before it is next, and has the focus
      await waitFor(() => expect(card('Dish 42')).toHaveAttribute('aria-current', 'true'));
      await waitFor(() => expect(card('Dish 42')).toHaveFocus());
    });

    it('ignores the keys while typing in a field and with a modifier', async () => {
      const { api, user } = setUp();
      const outside = document.createElement('input');
      outside.setAttribute('aria-label', 'Search');
      document.body.append(outside);
      try {
        await screen.findByText('Dish 41');
        await user.keyboard('j');
        expect(card('Dish 41')).toHaveAttribute('aria-current', 'true');
        await user.click(outside);
        await user.keyboard('jra');
        expect(outside).toHaveValue('jra');
        expect(card('Dish 41')).toHaveAttribute('aria-current', 'true');
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        card('Dish 41').focus();
        await user.keyboard('{Control>}a{/Control}{Meta>}r{/Meta}');
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
        expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
      } finally {
        outside.remove();
      }
    });
  });

  describe('held for review', () => {
    function setUp(permissions?: string[], route = '/admin/pending-posts', extra: HeldItemDto[] = []) {
      localStorage.setItem('auth_token', 't');
      let items = [
        makeHeldItem(),
        makeHeldItem({ kind: 'reply', id: 802, text: 'Me too, see my shop.' }),
        makeHeldItem({
          kind: 'chat_request',
          id: 803,
          text: 'Hi, want a deal?',
          post: null,
          receiver: makeAuthorLike(46, 'quiet_quinn', 'Quinn'),
        }),
        ...extra,
      ];
      const decide = (kind: string, id: number) => () => {
        items = items.filter((i) => !(i.kind === kind && i.id === id));
        return { status: 204 };
      };
      const api = stubFetch({
        'GET /api/user': { body: permissions ? { ...sampleUser, permissions } : { ...sampleUser, isAdmin: true } },
        'GET /api/admin/posts/pending': { body: { posts: [], total: 0, page: 1, totalPages: 1 } },
        'GET /api/admin/held': () => ({ body: { items } }),
        'POST /api/admin/held/comment/801/approve': decide('comment', 801),
        'POST /api/admin/held/chat_request/803/reject': decide('chat_request', 803),
        'POST /api/admin/held/reply/802/reject': decide('reply', 802),
      });
      renderWithApp(null, { routes: [{ path: '/admin/pending-posts', element: <PendingPostsPage /> }], route });
      return { api, user: userEvent.setup() };
    }
    function makeAuthorLike(id: number, username: string, displayName: string) {
      return { ...makeHeldItem().author, id, username, displayName };
    }

    it('with no plates waiting, the empty queue leads to the held items, and with none held to the reports', async () => {
      const { user } = setUp();
      expect(await screen.findByText('No plates are waiting for approval.')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Review 3 held items' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-posts?tab=held');
      expect(await screen.findByRole('article', { name: 'Comment by Pat Pushy' })).toBeInTheDocument();
    });

    it('lists what is held in its own tab: kind, author, text, plate or receiver, time', async () => {
      const { user } = setUp();
      await user.click(await screen.findByRole('tab', { name: /Comments & requests/ }));
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/pending-posts?tab=held');
      const comment = await screen.findByRole('article', { name: 'Comment by Pat Pushy' });
      expect(within(comment).getByText('Buy cheap pans at my shop!')).toBeInTheDocument();
      expect(within(comment).getByRole('link', { name: 'Burnt toast' })).toHaveAttribute('href', '/posts/300');
      // an admin manages members: the name leads to their record
      expect(within(comment).getByRole('link', { name: 'Pat Pushy' })).toHaveAttribute('href', '/admin/users/45');
      expect(within(comment).getByText(/2 Mar|ago/)).toHaveAttribute('datetime', '2026-03-02T12:00:00.000Z');
      expect(screen.getByRole('article', { name: 'Reply by Pat Pushy' })).toBeInTheDocument();
      const request = screen.getByRole('article', { name: 'Chat request by Pat Pushy' });
      expect(within(request).getByText('Chat request')).toBeInTheDocument();
      expect(within(request).getByRole('link', { name: 'Quinn' })).toHaveAttribute('href', '/admin/users/46');
      expect(screen.getByRole('tab', { name: /Comments & requests/ })).toHaveTextContent('3');
    });

    it('shows a chat message a content filter held, with the filter and the matching part marked', async () => {
      const { user } = setUp(undefined, '/admin/pending-posts?tab=held', [
        makeHeldItem({
          kind: 'chat_message',
          id: 804,
          text: 'Add me on WhatsApp today',
          post: null,
          receiver: makeAuthorLike(46, 'quiet_quinn', 'Quinn'),
          hits: [{ filterName: 'Off platform', action: 'hold', match: 'WhatsApp' }],
          parts: [{ start: 10, end: 18, text: 'WhatsApp' }],
        }),
      ]);
      const message = await screen.findByRole('article', { name: 'Chat message by Pat Pushy' });
      expect(within(message).getByText('WhatsApp', { selector: 'mark' })).toBeInTheDocument();
      expect(within(message).getByRole('blockquote')).toHaveTextContent('Add me on WhatsApp today');
      const hits = within(message).getByRole('list', { name: 'Content filter hits' });
      expect(hits).toHaveTextContent('HoldOff platform matched “WhatsApp”');
      expect(within(message).getByRole('link', { name: 'Quinn' })).toHaveAttribute('href', '/admin/users/46');
      // A restricted member's comment (no filter) has nothing marked and no hits listed.
      const comment = screen.getByRole('article', { name: 'Comment by Pat Pushy' });
      expect(within(comment).queryByRole('list', { name: 'Content filter hits' })).not.toBeInTheDocument();
      expect(comment.querySelector('mark')).toBeNull();
      expect(within(message).getByRole('button', { name: 'Publish chat message by Pat Pushy' })).toBeEnabled();
      await user.click(within(message).getByRole('button', { name: 'Refuse chat message by Pat Pushy' }));
      expect(await screen.findByRole('dialog', { name: 'Refuse chat message' })).toBeInTheDocument();
    });

    it('a moderator without manage_users is led to profiles', async () => {
      setUp(moderatorPermissions, '/admin/pending-posts?tab=held');
      const comment = await screen.findByRole('article', { name: 'Comment by Pat Pushy' });
      expect(within(comment).getByRole('link', { name: 'Pat Pushy' })).toHaveAttribute('href', '/profile/45');
    });

    it('publishes, refuses with a reason and without one; each leaves the list with a toast, then the empty state', async () => {
      const { api, user } = setUp();
      await user.click(await screen.findByRole('tab', { name: /Comments & requests/ }));

      await user.click(await screen.findByRole('button', { name: 'Publish comment by Pat Pushy' }));
      expect(await screen.findByText('Comment published')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/held/comment/801/approve')).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment by Pat Pushy' })).not.toBeInTheDocument());

      await user.click(screen.getByRole('button', { name: 'Refuse chat request by Pat Pushy' }));
      const dialog = await screen.findByRole('dialog', { name: 'Refuse chat request' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), '  Selling in chat  ');
      await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
      expect(await screen.findByText('Chat request refused')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/held/chat_request/803/reject')[0]!.body).toEqual({ reason: 'Selling in chat' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // the refused item is gone: focus goes to the first one left
      await waitFor(() => expect(screen.getByRole('button', { name: 'Publish reply by Pat Pushy' })).toHaveFocus());

      await user.click(screen.getByRole('button', { name: 'Refuse reply by Pat Pushy' }));
      await user.keyboard('{Escape}');
      // cancelled: back to the button that opened it
      await waitFor(() => expect(screen.getByRole('button', { name: 'Refuse reply by Pat Pushy' })).toHaveFocus());
      await user.click(screen.getByRole('button', { name: 'Refuse reply by Pat Pushy' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Refuse reply' })).getByRole('button', { name: 'Refuse' }));
      expect(await screen.findByText('Reply refused')).toBeInTheDocument();
      expect(api.callsTo('POST', '/api/admin/held/reply/802/reject')[0]!.body).toEqual({});

      expect(await screen.findByText('Nothing is waiting for review.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to reports' })).toHaveAttribute('href', '/admin/reports');
      await user.click(screen.getByRole('tab', { name: /^Plates/ }));
      expect(await screen.findByText('No plates are waiting for approval.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to reports' })).toHaveAttribute('href', '/admin/reports');
      // nothing was published or refused twice
      expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(3);
    });
  });
});
