import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, makePost } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeProfile } from '../../../test/users';
import ProfilePage from '../pages/profile-page';

const routes = [{ path: '/profile/:userId', element: <ProfilePage /> }];

describe('Block', () => {
  it('asks in a dialog, sends the optional reason, toasts "User blocked" and hides their plates', async () => {
    localStorage.setItem('auth_token', 't');
    let blocked = false;
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/users/11': () => ({ body: makeProfile({ isBlocked: blocked, canViewPosts: !blocked }) }),
      'GET /api/users/11/posts': { body: feedPage([makePost({ title: 'Sourdough' })]) },
      'POST /api/users/11/block': () => {
        blocked = true;
        return {
          body: { message: 'User blocked', block: { blockerId: 7, blockedId: 11, createdAt: '2025-02-01T00:00:00.000Z', reason: 'Spam in comments' } },
        };
      },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes, route: '/profile/11' });
    await screen.findByRole('link', { name: /^Sourdough, / });
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block @chef_bo?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), '  Spam in comments ');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('User blocked')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/11/block')[0]!.body).toEqual({ reason: 'Spam in comments' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'You blocked @chef_bo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Sourdough, / })).not.toBeInTheDocument();
  });

  it('sends a null reason when none is given, and shows the server\'s message in a destructive toast on failure', async () => {
    localStorage.setItem('auth_token', 't');
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/users/11': { body: makeProfile() },
      'GET /api/users/11/posts': { body: feedPage([]) },
      'POST /api/users/11/block': { status: 400, body: { message: 'You cannot block yourself', code: 'BAD_REQUEST' } },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes, route: '/profile/11' });
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block @chef_bo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You cannot block yourself')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/11/block')[0]!.body).toEqual({ reason: null });
    // the dialog stays for another try
    expect(screen.getByRole('dialog', { name: 'Block @chef_bo?' })).toBeInTheDocument();
  });
});
