import type { StrikeDto } from '@plates/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { makeStrike } from '../../../test/admin';
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
    'GET /api/user/strikes': { body: { strikes: [] } },
    'GET /api/verification': { body: { verifiedType: null, request: null, canRequest: true, canRequestAt: null } },
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

describe('Settings tab, Your account', () => {
  it('says so when there are no strikes', async () => {
    setup();
    const section = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(section).findByText('No strikes. Thanks for keeping Plates friendly.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
  });

  it('lists the strikes with their state and appeal, and appeals one (10 to 2000 characters)', async () => {
    const warn = makeStrike({ id: 1, reason: 'Spam in comments' });
    const suspension = makeStrike({
      id: 2,
      type: 'suspend',
      reason: 'Rude in chat',
      notice: 'Your account is suspended until 10 Mar 2026. Reason: Rude in chat',
      createdAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2026-03-10T10:00:00.000Z',
      isActive: false,
      liftedAt: '2026-03-04T10:00:00.000Z',
      appeal: { text: 'It was not me.', status: 'approved', appealedAt: '2026-03-02T10:00:00.000Z', decidedAt: '2026-03-04T10:00:00.000Z', decisionReason: 'Sorry about that.' },
      canAppeal: false,
    });
    const restriction = makeStrike({ id: 3, type: 'restrict', reason: 'Too many posts', expiresAt: null, canAppeal: false });
    let strikes = [warn, suspension, restriction];
    const { api, user } = setup({
      'GET /api/user/strikes': () => ({ body: { strikes } }),
      'POST /api/user/strikes/1/appeal': (req) => {
        const appealed: StrikeDto = {
          ...warn,
          canAppeal: false,
          appeal: { text: (req.body as { text: string }).text, status: 'pending', appealedAt: '2026-03-05T10:00:00.000Z', decidedAt: null, decisionReason: null },
        };
        strikes = [appealed, suspension, restriction];
        return { body: appealed };
      },
    });
    const list = await screen.findByRole('list', { name: 'Your strikes' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('Warning')).toBeInTheDocument();
    expect(within(first!).getByText('Spam in comments')).toBeInTheDocument();
    expect(within(first!).getByText(/^A moderator warned you: Spam in comments/)).toBeInTheDocument();
    expect(within(second!).getByText('Suspension')).toBeInTheDocument();
    expect(within(second!).getByText(/^Lifted /)).toBeInTheDocument();
    expect(within(second!).getByText('Appeal approved')).toBeInTheDocument();
    expect(within(second!).getByText('It was not me.')).toBeInTheDocument();
    expect(within(second!).getByText('Sorry about that.')).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();
    expect(within(third!).getByText('In force until lifted')).toBeInTheDocument();
    expect(within(third!).queryByRole('button', { name: 'Appeal' })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Appeal' }));
    const form = within(first!).getByRole('form', { name: 'Appeal this strike' });
    const text = within(form).getByRole('textbox', { name: 'Why should a moderator look again?' });
    await user.type(text, 'Not me');
    await user.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(within(form).getByText('Tell us a little more (at least 10 characters)')).toBeInTheDocument();
    expect(text).toHaveAttribute('maxlength', '2000');
    expect(api.callsTo('POST', '/api/user/strikes/1/appeal')).toHaveLength(0);

    await user.type(text, ': my cousin used my phone.');
    await user.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('Appeal sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/strikes/1/appeal')[0]!.body).toEqual({ text: 'Not me: my cousin used my phone.' });
    expect(await within(first!).findByText('Appeal pending')).toBeInTheDocument();
    expect(within(first!).getByText('Not me: my cousin used my phone.')).toBeInTheDocument();
    expect(within(first!).queryByRole('form', { name: 'Appeal this strike' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in the form', async () => {
    const { user } = setup({
      'GET /api/user/strikes': { body: { strikes: [makeStrike({ id: 1 })] } },
      'POST /api/user/strikes/1/appeal': { status: 409, body: { message: 'This strike has already been appealed.', code: 'CONFLICT' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Appeal' }));
    await user.type(screen.getByRole('textbox', { name: 'Why should a moderator look again?' }), 'Please look again at this one.');
    await user.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('This strike has already been appealed.')).toBeInTheDocument();
  });
});
