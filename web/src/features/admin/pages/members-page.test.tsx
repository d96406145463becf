import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMemberSummary } from '../../../test/admin';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import MembersPage from './members-page';

describe('MembersPage', () => {
  it('lists members with their standing, filters by search, status and role (kept in the address), and pages', async () => {
    localStorage.setItem('auth_token', 't');
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['manage_users'] } },
      'GET /api/admin/users': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        return {
          body: {
            users: [
              makeMemberSummary({ id: 40 + page, username: `cook_${page}`, displayName: `Cook ${page}`, email: `cook${page}@example.test` }),
              makeMemberSummary({
                id: 50,
                username: 'mod_mia',
                displayName: 'Mia',
                accountStatus: 'suspended',
                suspendedUntil: '2026-04-01T00:00:00.000Z',
                restricted: true,
                restrictedUntil: null,
                totalStrikes: 3,
                activeStrikes: 1,
                roles: ['moderator'],
                isVerified: true,
                verifiedType: 'gold',
              }),
            ],
            page,
            totalPages: 2,
            total: 27,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes: [{ path: '/admin/users', element: <MembersPage /> }], route: '/admin/users' });
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByText('27 members')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('link', { name: 'Cook 1' })).toHaveAttribute('href', '/admin/users/41');
    expect(within(rows[0]!).getByText('cook1@example.test')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('active')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 strikes, 1 in force')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('suspended')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Restricted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('moderator')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/users')[0]!.url.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Cook 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '203.0.113.9');
    await user.click(screen.getByRole('button', { name: 'Search members' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'staff');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?q=203.0.113.9&status=suspended&role=staff'));
    await waitFor(() => {
      const last = api.callsTo('GET', '/api/admin/users').at(-1)!.url.searchParams;
      expect([last.get('q'), last.get('status'), last.get('role'), last.get('page')]).toEqual(['203.0.113.9', 'suspended', 'staff', '1']);
    });
  });

  it('filters on Awaiting approval and approves or rejects a waiting sign-up from its row', async () => {
    localStorage.setItem('auth_token', 't');
    const api = stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['manage_users'] } },
      'GET /api/admin/users': {
        body: {
          users: [
            makeMemberSummary({ id: 61, username: 'new_nina', displayName: 'Nina', accountStatus: 'awaiting_approval', lastLoginAt: null }),
            makeMemberSummary({ id: 62, username: 'old_otto', displayName: 'Otto' }),
          ],
          page: 1,
          totalPages: 1,
          total: 2,
        },
      },
      'GET /api/admin/templates': { body: { templates: [] } },
      'POST /api/admin/users/61/actions': { body: { message: 'Account approved: the member can sign in.', strike: null } },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes: [{ path: '/admin/users', element: <MembersPage /> }], route: '/admin/users' });
    const list = await screen.findByRole('list', { name: 'Members' });
    const [nina, otto] = within(list).getAllByRole('listitem');
    expect(within(nina!).getByText('awaiting approval')).toBeInTheDocument();
    expect(within(otto!).queryByRole('group')).not.toBeInTheDocument();
    const decisions = within(nina!).getByRole('group', { name: 'Sign-up of @new_nina' });
    expect(within(decisions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Reject']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Awaiting approval');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?status=awaiting_approval'));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/users').at(-1)!.url.searchParams.get('status')).toBe('awaiting_approval'));

    // Reject opens its own dialog, and closing it sends nothing.
    await user.click(within(decisions).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject @new_nina’s sign-up' });
    expect(within(reject).getByText('The member reads this reason.')).toBeInTheDocument();
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(decisions).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve @new_nina' });
    expect(within(approve).getByText(/you can sign in now/)).toBeInTheDocument();
    await user.type(within(approve).getByRole('textbox', { name: 'Reason' }), 'Real cook');
    await user.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Account approved: the member can sign in.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/users/61/actions').map((c) => c.body)).toEqual([{ action: 'approve', reason: 'Real cook' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when nobody matches', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['manage_users'] } },
      'GET /api/admin/users': { body: { users: [], page: 1, totalPages: 1, total: 0 } },
    });
    renderWithApp(null, { routes: [{ path: '/admin/users', element: <MembersPage /> }], route: '/admin/users?q=nobody' });
    expect(await screen.findByText('No members match. Try another name, email or IP.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nobody');
  });
});

describe('MembersPage, Data requests tab', () => {
  it('opens on the tab the address names and keeps the switch in the address', async () => {
    localStorage.setItem('auth_token', 't');
    stubFetch({
      'GET /api/user': { body: { ...sampleUser, permissions: ['manage_users'] } },
      'GET /api/admin/users': { body: { users: [], page: 1, totalPages: 1, total: 0 } },
      'GET /api/admin/data-exports': { body: { exports: [], nextCursor: null } },
    });
    renderWithApp(<MembersPage />, { route: '/admin/users?tab=data', path: '/admin/users' });
    expect(await screen.findByRole('tab', { name: 'Data requests', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No member has asked for their data yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByRole('tab', { name: 'Members', selected: true })).toBeInTheDocument();
    expect(screen.queryByText('No member has asked for their data yet.')).not.toBeInTheDocument();
  });
});
