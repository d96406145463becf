import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@plates/common';
import { describe, expect, it } from 'vitest';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { deferred, makeProfile } from '../../../test/users';
import ProfilePage from '../pages/profile-page';

const routes = [{ path: '/profile/:userId', element: <ProfilePage /> }];

function setup(profile = makeProfile(), routesExtra: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  let current = profile;
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/users/11': () => ({ body: current }),
    'GET /api/users/11/posts': { body: feedPage([]) },
    ...routesExtra,
  });
  renderWithApp(null, { routes, route: '/profile/11' });
  return { api, user: userEvent.setup(), setProfile: (p: typeof profile) => (current = p) };
}

const followers = () => screen.getByRole('button', { name: /Followers, show the list/ });

describe('FollowButton', () => {
  it('follows at once (optimistic), then takes the server\'s count, and unfollows from the Following menu', async () => {
    const answer = deferred<{ body: unknown }>();
    const { api, user, setProfile } = setup(makeProfile(), {
      'POST /api/users/11/follow': () => answer.promise,
      'DELETE /api/users/11/follow': {
        body: { followState: 'none', isFollowing: false, followerCount: 12, message: 'You are no longer following this user' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Follow Bo Baker' }));
    // before the server answers
    expect(screen.getByRole('button', { name: 'Following Bo Baker' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('13');
    setProfile(makeProfile({ followState: 'following', isFollowing: true, followerCount: 20 }));
    answer.resolve({ body: { followState: 'following', isFollowing: true, followerCount: 20, message: 'You are now following this user' } });
    expect(await screen.findByText('You are now following this user')).toBeInTheDocument();
    await waitFor(() => expect(followers()).toHaveTextContent('20'));
    expect(api.callsTo('POST', '/api/users/11/follow')).toHaveLength(1);

    setProfile(makeProfile({ followerCount: 12 }));
    await user.click(screen.getByRole('button', { name: 'Following Bo Baker' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow Bo Baker' })).toBeInTheDocument();
    expect(await screen.findByText('You are no longer following this user')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/11/follow')).toHaveLength(1);
  });

  it('a private profile: Request to follow, then Requested, whose menu cancels the request', async () => {
    const { api, user, setProfile } = setup(makeProfile({ isPrivate: true, canViewPosts: false }), {
      'POST /api/users/11/follow': () => {
        setProfile(makeProfile({ isPrivate: true, canViewPosts: false, followState: 'requested' }));
        return { body: { followState: 'requested', isFollowing: false, followerCount: 12, message: 'Follow request sent' } };
      },
      'DELETE /api/users/11/follow': () => {
        setProfile(makeProfile({ isPrivate: true, canViewPosts: false }));
        return { body: { followState: 'none', isFollowing: false, followerCount: 12, message: 'Follow request cancelled' } };
      },
    });
    const [headerButton] = await screen.findAllByRole('button', { name: 'Request to follow Bo Baker' });
    await user.click(headerButton!);
    expect(await screen.findByRole('button', { name: 'Requested, follow request sent to Bo Baker' })).toBeInTheDocument();
    expect(followers).toThrow(); // a private profile's lists stay closed
    expect(await screen.findByText('Follow request sent')).toBeInTheDocument();
    expect(screen.getByText(/Your follow request is waiting/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Requested, follow request sent to Bo Baker' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel request' }));
    expect(await screen.findByText('Follow request cancelled')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Request to follow Bo Baker' }).length).toBeGreaterThan(0);
    expect(api.callsTo('DELETE', '/api/users/11/follow')).toHaveLength(1);
  });

  it('rolls back with a destructive toast when the server refuses', async () => {
    const { user } = setup(makeProfile(), {
      'POST /api/users/11/follow': { status: 403, body: { message: 'You cannot follow this user', code: 'FORBIDDEN' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Follow Bo Baker' }));
    expect(await screen.findByText('Could not follow')).toBeInTheDocument();
    expect(screen.getByText('You cannot follow this user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Bo Baker' })).toBeInTheDocument();
    expect(followers()).toHaveTextContent('12');
  });

  it('too many follows and unfollows: rolls back and shows the server\'s words', async () => {
    const { user } = setup(makeProfile(), {
      'POST /api/users/11/follow': { status: 429, body: { message: MESSAGES.followRateLimited, code: 'RATE_LIMITED' }, headers: { 'Retry-After': '600' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Follow Bo Baker' }));
    expect(await screen.findByText(MESSAGES.followRateLimited)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Bo Baker' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and to come back to this profile', async () => {
    const api = stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/users/11': { body: makeProfile() },
      'GET /api/users/11/posts': { body: feedPage([]) },
    });
    renderWithApp(null, { routes, route: '/profile/11' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Follow Bo Baker' }));
    const prompt = await screen.findByRole('dialog', { name: 'Authentication required' });
    expect(prompt).toHaveAccessibleDescription('Please log in to follow cooks');
    expect(within(prompt).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?returnTo=%2Fprofile%2F11');
    expect(api.callsTo('POST', '/api/users/11/follow')).toHaveLength(0);
  });
});
