import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type ChatMessageDto } from '@plates/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bo, emitSocketEvent, makeMessage, makePage, me, setSocketLive, stubChatApi } from '../../../test/chat';
import type { stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { deferred } from '../../../test/users';
import { messagesStore } from '../lib/messages-store';
import { MessagesButton } from './messages-button';

type Routes = Parameters<typeof stubFetch>[0];

/** The messages dialog open on conversation 5 with Bo (phones: the thread alone). */
async function openThread(routes: Routes = {}, page = makePage([makeMessage()])) {
  const api = stubChatApi({
    'GET /api/simple-chat/conversations/5/messages': { body: page },
    'POST /api/chat/sessions-alt/5/typing': { body: { ok: true } },
    ...routes,
  });
  renderWithApp(<MessagesButton />);
  act(() => messagesStore.open({ sessionId: 5 }));
  const dialog = await screen.findByRole('dialog', { name: 'Messages' });
  const list = await within(dialog).findByRole('list', { name: 'Messages' });
  return { api, dialog, list, user: userEvent.setup() };
}

/**
 * Chat's socket handlers load after the first render (lib/chat-realtime.ts, once the session is
 * known), so an idempotent event is sent until its effect shows.
 */
async function emitUntil<E extends Parameters<typeof emitSocketEvent>[0]>(
  event: E,
  payload: Parameters<typeof emitSocketEvent<E>>[1],
  effect: () => void,
) {
  await waitFor(() => {
    emitSocketEvent(event, payload);
    effect();
  });
}

const bubble = (list: HTMLElement, text: string) => within(list).getByText(text).closest('li') as HTMLElement;

beforeEach(() => {
  messagesStore.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('reactions in the thread', () => {
  it('shows the stored reactions; a chip toggles at once and takes the answer; a failed pick rolls back', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    let fail = false;
    const message = makeMessage({ reactions: [{ emoji: '😋', count: 1, userIds: [bo.id] }] });
    const { api, list, user } = await openThread(
      {
        'POST /api/simple-chat/messages/100/reactions': () =>
          fail ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } } : answer.promise,
      },
      makePage([message]),
    );
    const row = bubble(list, 'Hello there');
    const chip = within(row).getByRole('button', { name: '😋 1 reaction' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip);
    // optimistic: counted and pressed before the server answers
    expect(within(row).getByRole('button', { name: '😋 2 reactions' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST', '/api/simple-chat/messages/100/reactions')[0]?.body).toEqual({ emoji: '😋' });
    answer.resolve({
      status: 200,
      body: { messageId: 100, sessionId: 5, emoji: '😋', added: true, reactions: [{ emoji: '😋', count: 2, userIds: [bo.id, me.id] }] },
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/simple-chat/messages/100/reactions')).toHaveLength(1));

    fail = true;
    await user.click(within(row).getByRole('button', { name: "React to Bo Baker's message" }));
    await user.click(await screen.findByRole('button', { name: 'React with 🔥' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/simple-chat/messages/100/reactions')).toHaveLength(2));
    await waitFor(() => expect(within(row).queryByRole('button', { name: /^🔥/ })).not.toBeInTheDocument());
    expect(within(row).getByRole('button', { name: '😋 2 reactions' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a refused reaction (too many taps) rolls back and says so in the server\'s words under "Slow Down"', async () => {
    const message = makeMessage({ reactions: [] });
    const { list, user } = await openThread(
      {
        'POST /api/simple-chat/messages/100/reactions': {
          status: 429,
          body: { message: MESSAGES.rateLimited, code: 'RATE_LIMITED' },
          headers: { 'Retry-After': '60' },
        },
      },
      makePage([message]),
    );
    const row = bubble(list, 'Hello there');
    await user.click(within(row).getByRole('button', { name: "React to Bo Baker's message" }));
    await user.click(await screen.findByRole('button', { name: 'React with 🔥' }));
    expect(await screen.findByText(MESSAGES.rateLimited)).toBeInTheDocument();
    expect(screen.getByText('Slow Down')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^🔥/ })).not.toBeInTheDocument();
  });

  it('message_reaction from the other member updates the open thread', async () => {
    const { list } = await openThread({}, makePage([makeMessage({ id: 100, senderId: me.id, content: 'My risotto' })]));
    const row = bubble(list, 'My risotto');
    expect(within(row).queryByRole('list', { name: 'Reactions' })).not.toBeInTheDocument();
    const event = {
      messageId: 100,
      sessionId: 5,
      emoji: '🔥',
      added: true,
      userId: bo.id,
      reactions: [{ emoji: '🔥', count: 1, userIds: [bo.id] }],
    };
    await emitUntil('message_reaction', event, () =>
      expect(within(row).getByRole('button', { name: '🔥 1 reaction' })).toHaveAttribute('aria-pressed', 'false'),
    );
    emitSocketEvent('message_reaction', { ...event, messageId: 300, sessionId: 9, reactions: [] }); // another conversation
    expect(within(row).getByRole('button', { name: '🔥 1 reaction' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'React to your message' })).toBeInTheDocument();
  });
});

describe('message length', () => {
  it('shows the counter near the limit, and over it "Message too long" with Send disabled', async () => {
    const { api, dialog, user } = await openThread({ 'POST /api/simple-chat/conversations/5/messages': { status: 201, body: {} } });
    const input = within(dialog).getByRole('textbox', { name: 'Message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await user.click(input);
    await user.paste('x'.repeat(1799));
    expect(within(dialog).queryByText(/\/2000$/)).not.toBeInTheDocument();
    await user.type(input, 'x');
    expect(within(dialog).getByText('1800/2000')).toBeInTheDocument();
    await user.paste('y'.repeat(201));
    expect(within(dialog).getByText('2001/2000')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Message too long');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(api.callsTo('POST', '/api/simple-chat/conversations/5/messages')).toHaveLength(0);
    await user.type(input, '{Backspace}');
    expect(within(dialog).getByText('2000/2000')).toBeInTheDocument();
    expect(within(dialog).queryByText('Message too long')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });
});

describe('thread state', () => {
  it('"Load older" asks for the page before the first message and shows it above', async () => {
    const older = makeMessage({ id: 40, content: 'Older one' });
    const { api, dialog, list, user } = await openThread(
      {
        'GET /api/simple-chat/conversations/5/messages': (req) =>
          req.url.searchParams.get('before') === '100'
            ? { body: makePage([older]) }
            : { body: makePage([makeMessage({ id: 100 })], { hasMore: true }) },
      },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Load older' }));
    expect(await within(list).findByText('Older one')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Older one', 'Hello there']);
    expect(within(dialog).queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
    const calls = api.callsTo('GET', '/api/simple-chat/conversations/5/messages');
    expect(calls.at(-1)?.url.searchParams.get('before')).toBe('100');
  });

  it('separates the days of a conversation, once per day', async () => {
    const day = (daysAgo: number, hour: number) => {
      const d = new Date();
      d.setDate(d.getDate() - daysAgo);
      d.setHours(hour, 30, 0, 0);
      return d.toISOString();
    };
    const { list } = await openThread(
      {},
      makePage([
        makeMessage({ id: 1, content: 'Morning!', createdAt: day(1, 8) }),
        makeMessage({ id: 2, content: 'Lunch?', createdAt: day(1, 12) }),
        makeMessage({ id: 3, content: 'Dinner!', createdAt: day(0, 0) }),
      ]),
    );
    expect(within(list).getAllByRole('separator').map((s) => s.getAttribute('aria-label'))).toEqual(['Yesterday', 'Today']);
    expect(within(list).getByText('Lunch?').closest('li')?.querySelector('[role="separator"]')).toBeNull();
    expect(within(list).getByText('Dinner!').closest('li')?.querySelector('time')?.textContent).toBe('00:30');
  });

  it('a conversation that is not mine (404): says so, with no presence and nothing to type into', async () => {
    const api = stubChatApi({
      'GET /api/simple-chat/conversations': { body: [] },
      'GET /api/simple-chat/conversations/5/messages': { status: 404, body: { message: 'Conversation not found', code: 'NOT_FOUND' } },
    });
    renderWithApp(<MessagesButton />);
    act(() => messagesStore.open({ sessionId: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('Conversation not found')).toBeInTheDocument();
    expect(within(dialog).queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Offline')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/simple-chat/conversations/5/messages')).toHaveLength(1);
  });

  it('"Load older" that fails says so and offers Try Again', async () => {
    const { dialog, user } = await openThread({
      'GET /api/simple-chat/conversations/5/messages': (req) =>
        req.url.searchParams.get('before') ? { status: 500, body: { message: 'boom' } } : { body: makePage([makeMessage({ id: 100 })], { hasMore: true }) },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Load older' }));
    expect(await within(dialog).findByText('Failed to load messages')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('"typing…" expires 5 s after the last typing_status', async () => {
    setSocketLive(true);
    const { dialog } = await openThread();
    vi.useFakeTimers();
    try {
      emitSocketEvent('typing_status', { sessionId: 5, userId: bo.id, isTyping: true });
      expect(within(dialog).getByText('typing…')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(3_000));
      emitSocketEvent('typing_status', { sessionId: 5, userId: bo.id, isTyping: true }); // refreshed
      act(() => vi.advanceTimersByTime(4_000));
      expect(within(dialog).getByText('typing…')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_100));
      expect(within(dialog).queryByText('typing…')).not.toBeInTheDocument();
      expect(within(dialog).getByText('Offline')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the online dot follows user_online, user_offline and user_status_update', async () => {
    const { dialog } = await openThread();
    const header = within(dialog).getByRole('heading', { name: 'Bo Baker' }).parentElement!.parentElement!;
    expect(within(header).queryByTestId('online-dot')).not.toBeInTheDocument();
    expect(within(header).getByText('Offline')).toBeInTheDocument();
    emitSocketEvent('user_online', { userId: bo.id, isOnline: true, lastActiveAt: null });
    expect(await within(header).findByTestId('online-dot')).toBeInTheDocument();
    expect(within(header).getByText('Online', { selector: 'p' })).toBeInTheDocument();
    emitSocketEvent('user_online', { userId: 99, isOnline: true, lastActiveAt: null }); // someone else
    emitSocketEvent('user_offline', { userId: bo.id, isOnline: false, lastActiveAt: null });
    await waitFor(() => expect(within(header).queryByTestId('online-dot')).not.toBeInTheDocument());
    expect(within(header).getByText('Offline')).toBeInTheDocument();
    // An HTTP-only member's ping comes as user_status_update.
    emitSocketEvent('user_status_update', { userId: bo.id, isOnline: true, lastActiveAt: null });
    expect(await within(header).findByTestId('online-dot')).toBeInTheDocument();
  });

  it("my messages read Sent, then Read from the page's read marker and from message_read", async () => {
    const mine = (id: number, content: string): ChatMessageDto => makeMessage({ id, senderId: me.id, content });
    const { list } = await openThread(
      {},
      makePage([mine(101, 'First'), makeMessage({ id: 102, content: 'Reply' }), mine(103, 'Second'), mine(104, 'Third')], {
        otherLastReadMessageId: 102,
      }),
    );
    const state = (text: string) => within(bubble(list, text)).queryByLabelText(/^(Read|Sent)$/)?.getAttribute('aria-label');
    expect(state('First')).toBe('Read');
    expect(state('Reply')).toBeUndefined(); // not mine: no read state
    expect(state('Second')).toBe('Sent');
    expect(state('Third')).toBe('Sent');
    await emitUntil('message_read', { sessionId: 5, userId: bo.id, lastReadMessageId: 103 }, () => expect(state('Second')).toBe('Read'));
    expect(state('Third')).toBe('Sent');
    emitSocketEvent('message_read', { sessionId: 9, userId: bo.id, lastReadMessageId: 104 }); // another conversation
    expect(state('Third')).toBe('Sent');
  });
});

describe('messages held for review', () => {
  it('marks my held message "Awaiting review" (no read state, no reactions) until it is published or refused', async () => {
    const held = (id: number, content: string): ChatMessageDto => makeMessage({ id, senderId: me.id, content, held: true, tempId: `t-${id}` });
    const { list } = await openThread(
      {},
      makePage([held(100, 'Add me on WhatsApp'), makeMessage({ id: 101, content: 'Sure?' }), held(102, 'Pay me in bitcoin')]),
    );
    const row = bubble(list, 'Add me on WhatsApp');
    expect(row).toHaveAttribute('data-status', 'held');
    expect(within(row).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(row).queryByLabelText(/^(Read|Sent)$/)).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'React to your message' })).not.toBeInTheDocument();
    expect(within(bubble(list, 'Sure?')).queryByText('Awaiting review')).not.toBeInTheDocument();

    // Published: the held copy leaves, the delivered one (a new id) comes last, sent like any other.
    const published = makeMessage({ id: 103, senderId: me.id, content: 'Add me on WhatsApp', tempId: 't-100', replaces: 100 });
    await emitUntil('new_message', published, () =>
      expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Add me on WhatsApp'),
    );
    expect(within(list).getAllByText('Add me on WhatsApp')).toHaveLength(1);
    const delivered = bubble(list, 'Add me on WhatsApp');
    expect(within(delivered).queryByText('Awaiting review')).not.toBeInTheDocument();
    expect(within(delivered).getByLabelText('Sent')).toBeInTheDocument();
    expect(within(delivered).getByRole('button', { name: 'React to your message' })).toBeInTheDocument();

    // Refused: gone from my thread.
    await emitUntil('message_removed', { sessionId: 5, messageId: 102 }, () =>
      expect(within(list).queryByText('Pay me in bitcoin')).not.toBeInTheDocument(),
    );
    expect(within(list).getByText('Sure?')).toBeInTheDocument();
  });
});
