import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeSummary } from '../../../test/users';
import { SuggestedUsersPanel } from './suggested-users-panel';

describe('SuggestedUsersPanel', () => {
  it('lists suggestions with follower counts, and following one refreshes the list', async () => {
    localStorage.setItem('auth_token', 't');
    let users = [makeSummary(), makeSummary({ id: 22, username: 'eli', displayName: null, followerCount: 1 })];
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/suggested-users': () => ({ body: { users } }),
      'POST /api/users/21/follow': () => {
        users = users.filter((u) => u.id !== 21);
        return { body: { followState: 'following', isFollowing: true, followerCount: 4, message: 'You are now following this user' } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<SuggestedUsersPanel />);
    expect(await screen.findByRole('heading', { name: 'Foodies to Follow' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dana Dough' })).toHaveAttribute('href', '/profile/21');
    expect(screen.getByText('3 followers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'eli' })).toBeInTheDocument();
    expect(screen.getByText('1 follower')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/suggested-users')[0]!.url.searchParams.get('limit')).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Follow Dana Dough' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dana Dough' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/users/21/follow')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/suggested-users')).toHaveLength(2);
  });

  it('shows the error with Try Again, which asks again', async () => {
    localStorage.setItem('auth_token', 't');
    let fail = true;
    const api = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/suggested-users': () =>
        fail ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } : { body: { users: [makeSummary()] } },
    });
    const user = userEvent.setup();
    renderWithApp(<SuggestedUsersPanel />);
    expect(await screen.findByText('Server error. Our team has been notified.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Dana Dough' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/suggested-users')).toHaveLength(2);
  });

  it('is not there for a visitor and asks nothing', async () => {
    const api = stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(<SuggestedUsersPanel />);
    await waitFor(() => expect(api.callsTo('GET', '/api/user')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Foodies to Follow' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/suggested-users')).toHaveLength(0);
  });
});
