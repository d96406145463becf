import type { NotificationDto, NotificationsResponse } from '@plates/common';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../../app/layout/header';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { signedOutReply } from '../../../test/posts';
import { renderWithApp } from '../../../test/render';
import { NotificationsBell } from './notifications-bell';

let nextId = 1;
function makeNotification(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: nextId++,
    type: 'rating',
    title: 'New rating',
    message: 'Bo rated "Ramen" 5/5',
    read: false,
    createdAt: new Date().toISOString(),
    postId: 5,
    actorId: 9,
    actor: { id: 9, username: 'chef_bo', displayName: 'Bo', profileImage: null },
    metadata: null,
    ...overrides,
  };
}

function page(notifications: NotificationDto[], extra: Partial<NotificationsResponse> = {}): NotificationsResponse {
  return { notifications, unreadCount: notifications.filter((n) => !n.read).length, nextCursor: null, ...extra };
}

function setup(first: NotificationsResponse, more: Record<string, unknown> = {}) {
  return stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/notifications': { body: first },
    'POST /api/notifications/read': { body: { updated: 1, unreadCount: 0 } },
    ...more,
  });
}

// While the modal sheet is open Radix hides the rest of the page (the bell too): close it first.
const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` });

function renderBell() {
  return renderWithApp(<NotificationsBell />, {
    routes: [{ path: '/', element: <NotificationsBell /> }],
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('NotificationsBell', () => {
  it('shows 9+ above 9 unread, the count up to 9, and no badge at 0', async () => {
    setup(page([], { unreadCount: 12 }));
    const first = renderBell();
    expect(within(await bell(12)).getByText('9+')).toBeInTheDocument();
    first.unmount();

    setup(page([], { unreadCount: 9 }));
    const second = renderBell();
    expect(within(await bell(9)).getByText('9')).toBeInTheDocument();
    second.unmount();

    setup(page([makeNotification({ read: true })]));
    renderBell();
    await bell(0);
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
  });

  it('opens a sheet that marks all unread read with one call and lists newest first', async () => {
    const fetch = setup(
      page([
        makeNotification({ title: 'Newest', type: 'comment' }),
        makeNotification({ title: 'Older', type: 'system', read: true, createdAt: 'not a date' }),
      ]),
    );
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(1));
    const sheet = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(sheet).getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Clear all' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const items = within(sheet).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Newest');
    expect(items[0]).toHaveTextContent('Just now');
    expect(items[1]).toHaveTextContent('Older');
    expect(items[1]).toHaveTextContent('Just now');
    await waitFor(() => expect(fetch.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/api/notifications/read')[0]!.body).toEqual({});
    expect(within(sheet).queryByText('Unread')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await bell(0);
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });

  it("puts a verified actor's badge right after their name, once, in the title or else the message", async () => {
    const gold = { id: 9, username: 'chef_bo', displayName: 'Bo', profileImage: null, isVerified: true, verifiedType: 'gold' as const };
    setup(
      page([
        makeNotification({ title: 'New message from Bo', message: 'Bo says hi', actor: gold, read: true }),
        makeNotification({ title: 'New follower', message: 'Bo started following you', actor: gold, read: true }),
        makeNotification({ title: 'New follower', message: 'Bo started following you', read: true }),
      ]),
    );
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    const sheet = await screen.findByRole('dialog', { name: 'Notifications' });
    const [message, follow, plain] = within(sheet).getAllByRole('listitem');
    expect(within(message!).getAllByRole('img', { name: 'Verified' })).toHaveLength(1);
    expect(within(message!).getByRole('button')).toHaveTextContent('New message from BoBo says hi');
    expect(within(message!).getByRole('img', { name: 'Verified' }).previousSibling?.textContent).toBe('New message from Bo');
    expect(within(follow!).getByRole('img', { name: 'Verified' }).nextSibling?.textContent).toBe(' started following you');
    expect(within(plain!).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it('does not call mark-read on open when nothing is unread, and shows the empty state', async () => {
    const fetch = setup(page([]));
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/api/notifications/read')).toHaveLength(0);
    // The empty state says what will arrive and offers the next step: finding cooks to follow.
    expect(screen.getByText(/new followers on your plates show up here/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Find cooks to follow' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/leaderboard'));
    expect(screen.queryByText('No notifications yet')).not.toBeInTheDocument();
  });

  it('shows a destructive toast and restores the count when marking read fails', async () => {
    setup(page([makeNotification()]), {
      'POST /api/notifications/read': { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } },
    });
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(1));
    expect(await screen.findByText('Failed to mark notifications as read')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Notifications' })).getByRole('button', { name: 'Close' }));
    expect(within(await bell(1)).getByText('1')).toBeInTheDocument();
  });

  it('loads more at the bottom when there is a next page', async () => {
    const fetch = setup(page([]), {
      'GET /api/notifications': (req: { url: URL }) =>
        req.url.searchParams.get('cursor') === 'c2'
          ? { body: page([makeNotification({ title: 'Second page', read: true })], { unreadCount: 0 }) }
          : { body: page([makeNotification({ title: 'First page', read: true })], { nextCursor: 'c2' }) },
    });
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.getByText('First page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetch.callsTo('GET', '/api/notifications').some((c) => c.url.searchParams.get('cursor') === 'c2')).toBe(true);
  });

  it('clears all with a success toast, and shows an error toast when clearing fails', async () => {
    const fetch = setup(page([makeNotification({ read: true })]), {
      'POST /api/notifications/clear': { body: { message: 'All notifications cleared' } },
    });
    const first = renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('All notifications cleared')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(fetch.callsTo('POST', '/api/notifications/clear')).toHaveLength(1);
    first.unmount();

    setup(page([makeNotification({ read: true })]), {
      'POST /api/notifications/clear': { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } },
    });
    renderBell();
    await user.click(await bell(0));
    await user.click(await screen.findByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Failed to clear notifications')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});

describe('opening a notification', () => {
  async function openOne(notification: NotificationDto, options: { fakeTimers?: boolean } = {}) {
    const fetch = setup(page([notification], { unreadCount: 0 }));
    renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    const item = await screen.findByRole('button', { name: new RegExp(notification.title) });
    if (options.fakeTimers) {
      vi.useFakeTimers();
      fireEvent.click(item);
      await act(async () => {});
    } else {
      await user.click(item);
    }
    return fetch;
  }
  const location = () => screen.getByTestId('location').textContent;

  it.each([
    ['comment', { postId: 5 }, '/posts/5'],
    ['rating', { postId: 6 }, '/posts/6'],
    ['like', { postId: 7 }, '/posts/7'],
    ['follow', { actorId: 9 }, '/profile/9'],
    ['follow_accepted', { actorId: 9 }, '/profile/9'],
    // the signed-in viewer is sampleUser (id 7)
    ['follow_request', { actorId: 9 }, '/profile/7?tab=requests'],
    ['achievement', { postId: null }, '/profile/7'],
    ['chat_request', {}, '/chat?tab=requests'],
    ['chat_request_accepted', {}, '/chat?tab=messages'],
    ['mystery_type', { postId: 8 }, '/posts/8'],
    ['mystery_type', { postId: null, actorId: 4 }, '/profile/4'],
  ] as const)('%s navigates to %s and closes the sheet', async (type, extra, path) => {
    await openOne(makeNotification({ type, title: `T ${type}`, read: true, ...extra }));
    await waitFor(() => expect(location()).toBe(path));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks an unread one read by id when clicked (one that arrived while the sheet was open)', async () => {
    let current = page([makeNotification({ id: 77, title: 'Seen', read: true })]);
    const fetch = stubFetch({
      'GET /api/user': { body: sampleUser },
      'GET /api/notifications': () => ({ body: current }),
      'POST /api/notifications/read': { body: { updated: 1, unreadCount: 0 } },
    });
    const { queryClient } = renderBell();
    const user = userEvent.setup();
    await user.click(await bell(0));
    expect(await screen.findByText('Seen')).toBeInTheDocument();
    current = page([makeNotification({ id: 78, title: 'Fresh', postId: 3 }), makeNotification({ id: 77, title: 'Seen', read: true })]);
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/notifications'] }));
    await user.click(await screen.findByRole('button', { name: /Fresh/ }));
    await waitFor(() => expect(fetch.callsTo('POST', '/api/notifications/read')).toHaveLength(1));
    expect(fetch.callsTo('POST', '/api/notifications/read')[0]!.body).toEqual({ notificationId: 78 });
    await waitFor(() => expect(location()).toBe('/posts/3'));
  });

  it('message: /chat first, then the session after 100 ms', async () => {
    await openOne(
      makeNotification({ type: 'new_message', title: 'New message', read: true, metadata: '{"sessionId":12}' }),
      { fakeTimers: true },
    );
    expect(location()).toBe('/chat');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(location()).toBe('/chat');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(location()).toBe('/chat?sessionId=12');
  });

  it("message without a parsable session: /chat, then the actor's profile", async () => {
    await openOne(makeNotification({ type: 'message', title: 'A message', read: true, actorId: 9, metadata: '{oops' }), {
      fakeTimers: true,
    });
    expect(location()).toBe('/chat');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(location()).toBe('/profile/9');
  });
});

describe('Header', () => {
  it('shows the bell left of the account button for a signed-in user', async () => {
    setup(page([makeNotification()]));
    renderWithApp(<Header />);
    const account = await screen.findByRole('button', { name: 'Account menu for Ana Cook' });
    const notifications = await bell(1);
    expect(notifications.compareDocumentPosition(account) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no bell to guests and never asks for notifications', async () => {
    const fetch = stubFetch({ 'GET /api/user': signedOutReply });
    renderWithApp(<Header />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(fetch.callsTo('GET', '/api/notifications')).toHaveLength(0);
  });
});
