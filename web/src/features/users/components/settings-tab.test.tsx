import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { makeProfile } from '../../../test/users';
import ProfilePage from '../pages/profile-page';

const routes = [
  { path: '/profile/:userId', element: <ProfilePage /> },
  { path: '/auth', element: <p>Sign in page</p> },
];
const own = makeProfile({ id: 7, username: 'chef_ana', displayName: 'Ana Cook', isOwn: true });
const blockedList = {
  users: [
    { id: 30, username: 'spammer', displayName: 'Spam Sam', profileImage: null, reason: 'Spam in comments', blockedAt: '2025-03-01T10:00:00.000Z' },
  ],
};

function setup(extra: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  localStorage.setItem('userId', '7');
  let signedIn = true;
  const api = stubFetch({
    'GET /api/user': () => (signedIn ? { body: sampleUser } : { status: 401, body: { message: 'Please log in to continue.', code: 'UNAUTHORIZED' } }),
    'GET /api/users/7': { body: own },
    'GET /api/users/blocked': { body: blockedList },
    ...extra,
  });
  const rendered = renderWithApp(null, { routes, route: '/profile/7?tab=settings' });
  return { api, user: userEvent.setup(), signOut: () => (signedIn = false), ...rendered };
}

describe('Settings tab', () => {
  it('lists blocked users with their reason and unblocks one', async () => {
    let list = blockedList;
    const { api, user } = setup({
      'GET /api/users/blocked': () => ({ body: list }),
      'DELETE /api/users/30/block': () => {
        list = { users: [] };
        return { body: { message: 'User unblocked', blockedId: 30 } };
      },
    });
    const region = await screen.findByRole('region', { name: 'Blocked users list' });
    expect(within(region).getByRole('link', { name: 'Spam Sam' })).toHaveAttribute('href', '/profile/30');
    expect(within(region).getByText('Spam in comments')).toBeInTheDocument();
    expect(region).toHaveClass('max-h-[400px]');
    await user.click(within(region).getByRole('button', { name: 'Unblock @spammer' }));
    expect(await screen.findByText('User unblocked')).toBeInTheDocument();
    expect(await screen.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/30/block')).toHaveLength(1);
  });

  it('deactivates after a confirmation, then signs out on this device and goes to /auth', async () => {
    const { api, user, router, signOut } = setup({
      'PUT /api/user/account-status': () => {
        signOut();
        return { body: { message: 'Account deactivated' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    expect(within(dialog).getByText(/Signing in again reactivates your account/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Account deactivated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/account-status')[0]!.body).toEqual({ accountStatus: 'deactivated' });
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(0);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('toasts "Error deactivating account" when the server refuses', async () => {
    const { user, router } = setup({
      'PUT /api/user/account-status': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Error deactivating account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/7');
  });

  it('deletes only once the username is typed, then signs out and goes to /auth', async () => {
    const { api, user, router, signOut } = setup({
      'DELETE /api/user/account': () => {
        signOut();
        return { body: { message: 'Account deleted' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    const box = within(dialog).getByRole('textbox', { name: 'Type chef_ana to confirm' });
    await user.type(box, 'chef_an');
    expect(confirm).toBeDisabled();
    await user.type(box, 'a');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/account')).toHaveLength(1);
  });

  it('toasts "Error deleting account" when deletion fails', async () => {
    const { user } = setup({
      'DELETE /api/user/account': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox'), 'chef_ana');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Error deleting account')).toBeInTheDocument();
  });
});
