import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OPEN_REPORT_DIALOG } from '../../../lib/app-events';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { feedPage, makePost, signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { makeProfile, makeSummary } from '../../../test/users';
import ProfilePage from './profile-page';

const routes = [
  { path: '/profile/:userId', element: <ProfilePage /> },
  { path: '/users/:userId', element: <ProfilePage /> },
  { path: '/', element: <p>Home page</p> },
];

const me = { 'GET /api/user': { body: sampleUser } };
const own = makeProfile({ id: 7, username: 'chef_ana', displayName: 'Ana Cook', isOwn: true, points: 1500, level: 2 });

function signIn() {
  localStorage.setItem('auth_token', 't');
}

describe('ProfilePage', () => {
  it('own profile: counts, level progress, Edit Profile and the owner\'s tabs', async () => {
    signIn();
    const api = stubFetch({
      ...me,
      'GET /api/users/7': { body: own },
      'GET /api/users/7/posts': { body: feedPage([makePost({ title: 'My ramen', userId: 7 })]) },
    });
    renderWithApp(null, { routes, route: '/profile/7' });
    expect(await screen.findByRole('heading', { level: 1, name: /Ana Cook/ })).toBeInTheDocument();
    expect(screen.getByText('@chef_ana')).toBeInTheDocument();
    expect(screen.getByText('Level 2 · Kitchen Helper')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Progress to the next level' });
    expect(progress).toHaveAttribute('aria-valuenow', '33'); // 500 of the 1,500 between 1,000 and 2,500
    expect(screen.getByText('1,000 points to Level 3 · Home Chef')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Message/ })).not.toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Posts', 'Saved', 'Settings']);
    expect(await screen.findByRole('link', { name: /^My ramen, / })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/7/posts')).toHaveLength(1);
  });

  it('own profile without plates: the empty words lead to sharing the first one; a cook\'s empty profile has no such button', async () => {
    signIn();
    stubFetch({
      ...me,
      'GET /api/users/7': { body: own },
      'GET /api/users/7/posts': { body: feedPage([]) },
      'GET /api/users/11': { body: makeProfile({ id: 11, username: 'chef_bo', isOwn: false }) },
      'GET /api/users/11/posts': { body: feedPage([]) },
    });
    const first = renderWithApp(null, { routes, route: '/profile/7' });
    expect(await screen.findByText("You haven't posted any plates yet")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share your first plate' })).toBeInTheDocument();
    first.unmount();
    renderWithApp(null, { routes, route: '/profile/11' });
    expect(await screen.findByText("@chef_bo hasn't posted any plates yet")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share your first plate' })).not.toBeInTheDocument();
  });

  it('own Saved tab: the saved plates list of /saved-posts, with its empty words', async () => {
    signIn();
    let saved = [makePost({ title: 'Kept', isSaved: true })];
    stubFetch({ ...me, 'GET /api/users/7': { body: own }, 'GET /api/saved-posts': () => ({ body: feedPage(saved) }) });
    const first = renderWithApp(null, { routes, route: '/profile/7?tab=saved' });
    const list = await screen.findByRole('region', { name: 'Saved plates' });
    expect(within(list).getByRole('link', { name: /^Kept, / })).toBeInTheDocument();
    first.unmount();
    saved = [];
    renderWithApp(null, { routes, route: '/profile/7?tab=saved' });
    expect(await screen.findByText("You haven't saved any plates yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse plates' })).toHaveAttribute('href', '/');
  });

  it('another public profile: Follow, Block and Report, no progress bar, their plates, the same page at /users/:id', async () => {
    signIn();
    stubFetch({
      ...me,
      'GET /api/users/11': { body: makeProfile({ isAdmin: true, isVerified: true, verifiedType: 'blue' }) },
      'GET /api/users/11/posts': { body: feedPage([makePost({ title: 'Sourdough' })]) },
    });
    const user = userEvent.setup();
    const report = vi.fn();
    window.addEventListener(OPEN_REPORT_DIALOG, report);
    renderWithApp(null, { routes, route: '/users/11' });
    const heading = await screen.findByRole('heading', { level: 1, name: /Bo Baker/ });
    expect(within(heading).getByText('Admin')).toBeInTheDocument();
    expect(within(heading).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Message Bo Baker' })).toBeInTheDocument();
    expect(screen.getByText('Bread and slow food.')).toBeInTheDocument();
    expect(screen.getByText('Porto, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Level 3 · Home Chef')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow Bo Baker' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Posts']);
    expect(await screen.findByRole('link', { name: /^Sourdough, / })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(report).toHaveBeenCalledTimes(1);
    expect((report.mock.calls[0]![0] as CustomEvent).detail).toEqual({ targetType: 'user', targetId: 11, targetLabel: '@chef_bo' });
    window.removeEventListener(OPEN_REPORT_DIALOG, report);
  });

  it('a private profile the viewer does not follow: the lock panel and Request to follow, no plates asked for', async () => {
    signIn();
    const api = stubFetch({
      ...me,
      'GET /api/users/11': { body: makeProfile({ isPrivate: true, canViewPosts: false }) },
    });
    renderWithApp(null, { routes, route: '/profile/11' });
    expect(await screen.findByRole('heading', { name: 'This account is private' })).toBeInTheDocument();
    expect(screen.getByText('Follow to see their plates')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Private account' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Request to follow Bo Baker' })).toHaveLength(2);
    // counts are shown but do not open the lists
    expect(screen.queryByRole('button', { name: /Followers, show the list/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/users/11/posts')).toHaveLength(0);
  });

  it('a profile the viewer blocked: "You blocked @name" with Unblock, which unblocks', async () => {
    signIn();
    let blocked = true;
    const api = stubFetch({
      ...me,
      'GET /api/users/11': () => ({ body: makeProfile({ isBlocked: blocked, canViewPosts: !blocked }) }),
      'GET /api/users/11/posts': { body: feedPage([makePost({ title: 'Back again' })]) },
      'DELETE /api/users/11/block': () => {
        blocked = false;
        return { body: { message: 'User unblocked', blockedId: 11 } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes, route: '/profile/11' });
    expect(await screen.findByRole('heading', { name: 'You blocked @chef_bo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow Bo Baker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message Bo Baker' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock @chef_bo' }));
    expect(await screen.findByText('User unblocked')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/11/block')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: /^Back again, / })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('shows User not found with a way home, and sends a non-numeric id home', async () => {
    stubFetch({
      'GET /api/user': signedOutReply,
      'GET /api/users/404': { status: 404, body: { message: 'User not found', code: 'USER_NOT_FOUND' } },
    });
    const first = renderWithApp(null, { routes, route: '/profile/404' });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    first.unmount();

    renderWithApp(null, { routes, route: '/profile/abc' });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('a visitor asking for someone else\'s settings is told they can only view their own', async () => {
    signIn();
    stubFetch({ ...me, 'GET /api/users/11': { body: makeProfile() }, 'GET /api/users/11/posts': { body: feedPage([]) } });
    renderWithApp(null, { routes, route: '/profile/11?tab=settings' });
    expect(await screen.findByText('You can only view your own settings')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Blocked Users' })).not.toBeInTheDocument();
  });

  it('opens the followers list, whose rows link to profiles and can be followed', async () => {
    signIn();
    stubFetch({
      ...me,
      'GET /api/users/11': { body: makeProfile() },
      'GET /api/users/11/posts': { body: feedPage([]) },
      'GET /api/users/11/followers': { body: { users: [makeSummary(), makeSummary({ id: 7, username: 'chef_ana', displayName: 'Ana Cook' })], nextCursor: null } },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes, route: '/profile/11' });
    await user.click(await screen.findByRole('button', { name: '12 Followers, show the list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('link', { name: 'Dana Dough' })).toHaveAttribute('href', '/profile/21');
    expect(within(dialog).getByRole('button', { name: 'Follow Dana Dough' })).toBeInTheDocument();
    // no Follow button on the viewer's own row
    expect(within(dialog).queryByRole('button', { name: 'Follow Ana Cook' })).not.toBeInTheDocument();
  });

  it('the owner\'s Requests tab approves a pending request', async () => {
    signIn();
    let pending = [makeSummary()];
    const api = stubFetch({
      ...me,
      'GET /api/users/7': () => ({ body: { ...own, isPrivate: true, pendingRequestCount: pending.length } }),
      'GET /api/user/follow-requests': () => ({ body: { users: pending, nextCursor: null } }),
      'POST /api/user/follow-requests/21/approve': () => {
        pending = [];
        return { body: { userId: 21, status: 'approved', pendingRequestCount: 0, message: 'Follow request approved' } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(null, { routes, route: '/profile/7?tab=requests' });
    expect(await screen.findByRole('tab', { name: /^Requests ?\(1 pending\)$/ })).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('button', { name: 'Approve Dana Dough' }));
    expect(await screen.findByText('Follow request approved')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/follow-requests/21/approve')).toHaveLength(1);
    expect(await screen.findByText('No pending follow requests.')).toBeInTheDocument();
  });
});
