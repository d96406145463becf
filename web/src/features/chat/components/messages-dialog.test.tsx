import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bo, emitSocketEvent, makeConversation, makeMessage, makeRequest, me } from '../../../test/chat';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { deferred } from '../../../test/users';
import { messagesStore } from '../lib/messages-store';
import { countText } from '../../../components/ui/count-badge';
import { MessagesButton } from './messages-button';

type Routes = Parameters<typeof stubFetch>[0];

function setup(routes: Routes = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/chat/unread': { body: { count: 0 } },
    'GET /api/simple-chat/conversations': { body: [] },
    'GET /api/simple-chat/requests': { body: [] },
    'POST /api/chat/sessions-alt/5/typing': { body: { ok: true } },
    ...routes,
  });
  renderWithApp(<MessagesButton />);
  return { api, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Messages, / }));
  return screen.findByRole('dialog', { name: 'Messages' });
}

const wideScreen = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

const thread = (messages = [makeMessage()], hasMore = false) => ({ body: { sessionId: 5, messages, hasMore } });

beforeEach(() => {
  messagesStore.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('Messages button', () => {
  it('shows the unread count, 99+ above 99', async () => {
    setup({ 'GET /api/chat/unread': { body: { count: 150 } } });
    expect(await screen.findByTestId('messages-badge')).toHaveTextContent('99+');
    expect(screen.getByRole('button', { name: 'Messages, 150 unread' })).toBeInTheDocument();
    expect(countText(99, 99)).toBe('99');
    expect(countText(100, 99)).toBe('99+');
  });
});

describe('Messages dialog', () => {
  it('empty states: no conversations, and "Select a conversation" beside the list on wide screens', async () => {
    wideScreen();
    const { user } = setup();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText('No conversations yet')).toBeInTheDocument();
    expect(within(dialog).getByText('Accept chat requests to start chatting!')).toBeInTheDocument();
    expect(within(dialog).getByText('Select a conversation')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Requests' }));
    expect(await within(dialog).findByText('No pending requests')).toBeInTheDocument();
  });

  it('requests: Accept opens the new conversation, Decline removes the request, outgoing ones read Pending', async () => {
    let requests = [
      makeRequest({ id: 1, message: 'Loved your ramen! Swap recipes?' }),
      makeRequest({ id: 2, direction: 'outgoing', receiver: { ...bo, id: 12, displayName: 'Cy Cook' }, receiverId: 12 }),
      makeRequest({ id: 3, sender: { ...bo, id: 13, displayName: 'Di Dough' }, senderId: 13 }),
    ];
    let conversations: ReturnType<typeof makeConversation>[] = [];
    const { api, user } = setup({
      'GET /api/simple-chat/requests': () => ({ body: requests }),
      'GET /api/simple-chat/conversations': () => ({ body: conversations }),
      'POST /api/simple-chat/accept/1': () => {
        requests = requests.filter((r) => r.id !== 1);
        conversations = [makeConversation({ lastMessage: null, lastMessageAt: null })];
        return { body: { requestId: 1, session: conversations[0] } };
      },
      'POST /api/simple-chat/reject/3': () => {
        requests = requests.filter((r) => r.id !== 3);
        return { body: { requestId: 3, status: 'rejected' } };
      },
      'GET /api/simple-chat/conversations/5/messages': thread([]),
    });
    act(() => messagesStore.open({ tab: 'requests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const list = await within(dialog).findByRole('list', { name: 'Chat requests' });
    expect(within(list).getByText('Cy Cook')).toBeInTheDocument();
    // the receiver reads each sender's greeting
    expect(within(list).getByText('Loved your ramen! Swap recipes?')).toBeInTheDocument();
    expect(within(list).getByText('Pending')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Accept Cy Cook' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Decline Di Dough' }));
    await waitFor(() => expect(within(dialog).queryByText('Di Dough')).not.toBeInTheDocument());
    expect(screen.getByText('Chat Request Rejected')).toBeInTheDocument();
    expect(screen.getByText("You declined Di Dough's chat request.")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simple-chat/reject/3')).toHaveLength(1);

    await user.click(within(list).getByRole('button', { name: 'Accept Bo Baker' }));
    // the new conversation opens (phones: the thread alone, with Back)
    expect(await within(dialog).findByText('No messages yet. Say hello!')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Bo Baker' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simple-chat/accept/1')).toHaveLength(1);
  });

  it('reads each conversation row whole: who, presence, when, the last words and the unread count', async () => {
    const { user } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation({ isOnline: true, unreadCount: 3 })] },
    });
    const dialog = await openDialog(user);
    const row = await within(dialog).findByRole('button', { name: /Bo Baker/ });
    expect(row).toHaveAccessibleName(/^Online\s*Bo Baker.*See you!.*3 unread$/);
  });

  it('phones: the list, then the thread alone with Back, which returns to the list', async () => {
    const { user } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation({ isOnline: true })] },
      'GET /api/simple-chat/conversations/5/messages': thread(),
    });
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: /Bo Baker/ }));
    expect(await within(dialog).findByText('Hello there')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('online-dot')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Hello there')).not.toBeInTheDocument();
  });

  it('opening a conversation with unread messages marks it read', async () => {
    const { api } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation({ unreadCount: 2 })] },
      'GET /api/simple-chat/conversations/5/messages': thread(),
      'POST /api/simple-chat/conversations/5/read': { body: { sessionId: 5, lastReadMessageId: 100, unreadCount: 0 } },
    });
    act(() => messagesStore.open({ sessionId: 5 }));
    await waitFor(() => expect(api.callsTo('POST', '/api/simple-chat/conversations/5/read')).toHaveLength(1));
  });

  it('send: optimistic "Sending...", then the stored message, once, and the input clears', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const { api, user } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation()] },
      'GET /api/simple-chat/conversations/5/messages': thread(),
      'POST /api/simple-chat/conversations/5/messages': () => answer.promise,
    });
    act(() => messagesStore.open({ sessionId: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const input = await within(dialog).findByRole('textbox', { name: 'Message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled(); // blank text never sends
    await user.clear(input);
    await user.type(input, '  Pasta tonight? ');
    await user.click(send);

    const messages = within(dialog).getByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('Pasta tonight?')).toBeInTheDocument();
    expect(within(messages).getByText('Sending...')).toBeInTheDocument();
    expect(send).toBeDisabled(); // one send at a time
    const [call] = api.callsTo('POST', '/api/simple-chat/conversations/5/messages');
    const body = call!.body as { content: string; tempId: string };
    expect(body.content).toBe('Pasta tonight?');
    expect(body.tempId).toMatch(/^[0-9a-f-]{36}$/);

    answer.resolve({ status: 201, body: makeMessage({ id: 101, senderId: me.id, content: 'Pasta tonight?', tempId: body.tempId }) });
    await waitFor(() => expect(within(messages).queryByText('Sending...')).not.toBeInTheDocument());
    expect(within(messages).getAllByText('Pasta tonight?')).toHaveLength(1);
    expect(input).toHaveValue('');
    // the socket echo of the same message changes nothing
    emitSocketEvent('new_message', makeMessage({ id: 101, senderId: me.id, content: 'Pasta tonight?', tempId: body.tempId }));
    expect(within(messages).getAllByText('Pasta tonight?')).toHaveLength(1);
  });

  it('a failed send keeps the text and shows Retry, which resends with the same tempId', async () => {
    let fail = true;
    const { api, user } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation()] },
      'GET /api/simple-chat/conversations/5/messages': thread([]),
      'POST /api/simple-chat/conversations/5/messages': (req) =>
        fail
          ? { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } }
          : { status: 200, body: makeMessage({ id: 120, senderId: me.id, content: 'Hi Bo', tempId: (req.body as { tempId: string }).tempId }) },
    });
    act(() => messagesStore.open({ sessionId: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const input = await within(dialog).findByRole('textbox', { name: 'Message' });
    await user.type(input, 'Hi Bo{Enter}');
    expect(await within(dialog).findByText('Failed to send')).toBeInTheDocument();
    expect(input).toHaveValue('Hi Bo');

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).queryByText('Failed to send')).not.toBeInTheDocument());
    const calls = api.callsTo('POST', '/api/simple-chat/conversations/5/messages');
    expect(calls).toHaveLength(2);
    expect((calls[1]!.body as { tempId: string }).tempId).toBe((calls[0]!.body as { tempId: string }).tempId);
    expect(within(dialog).getAllByText('Hi Bo')).toHaveLength(1);
    expect(input).toHaveValue('');
  });

  it('new_message: appended to the open thread without a toast; another conversation gets a "New Message" toast cut at 50 characters', async () => {
    const { api } = setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation()] },
      'GET /api/simple-chat/conversations/5/messages': thread(),
      'POST /api/simple-chat/conversations/5/read': { body: { sessionId: 5, lastReadMessageId: 101, unreadCount: 0 } },
    });
    act(() => messagesStore.open({ sessionId: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('Hello there')).toBeInTheDocument();

    emitSocketEvent('new_message', makeMessage({ id: 101, content: 'Fresh from the oven' }));
    expect(await within(dialog).findByText('Fresh from the oven')).toBeInTheDocument();
    expect(screen.queryByText('New Message')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/simple-chat/conversations/5/read')).toHaveLength(1));

    const long = 'A'.repeat(50) + 'BBBBBBBBBB';
    emitSocketEvent('new_message', makeMessage({ id: 300, sessionId: 9, content: long }));
    expect(await screen.findByText('New Message')).toBeInTheDocument();
    expect(screen.getByText(`Bo Baker: ${'A'.repeat(50)}...`)).toBeInTheDocument();
  });

  it('shows "typing…" from typing_status events', async () => {
    setup({
      'GET /api/simple-chat/conversations': { body: [makeConversation()] },
      'GET /api/simple-chat/conversations/5/messages': thread(),
    });
    act(() => messagesStore.open({ sessionId: 5 }));
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    await within(dialog).findByText('Hello there');
    emitSocketEvent('typing_status', { sessionId: 5, userId: bo.id, isTyping: true });
    expect(within(dialog).getByText('typing…')).toBeInTheDocument();
    emitSocketEvent('typing_status', { sessionId: 5, userId: bo.id, isTyping: false });
    expect(within(dialog).queryByText('typing…')).not.toBeInTheDocument();
  });

  it('the asker hears "Chat Request Accepted" once; the other side of a new conversation "New Conversation"', async () => {
    const { user } = setup();
    await openDialog(user);
    const theirs = makeConversation({ id: 8, lastMessage: null, lastMessageAt: null });
    // asker: request_accepted, then conversation_created for the same request
    emitSocketEvent('request_accepted', { requestId: 4, sessionId: 8, acceptedBy: bo, conversation: theirs });
    expect(await screen.findByText('Chat Request Accepted')).toBeInTheDocument();
    emitSocketEvent('conversation_created', { requestId: 4, conversation: theirs });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('New Conversation')).not.toBeInTheDocument();
    // the accepter's other tab: only conversation_created
    emitSocketEvent('conversation_created', { requestId: 6, conversation: makeConversation({ id: 9 }) });
    expect(await screen.findByText('New Conversation')).toBeInTheDocument();
    expect(screen.getByText('You can now chat with Bo Baker')).toBeInTheDocument();
  });

  it('chat_request toasts "New Chat Request" and refreshes the requests', async () => {
    const { api, user } = setup();
    await openDialog(user);
    await waitFor(() => expect(api.callsTo('GET', '/api/simple-chat/requests')).toHaveLength(1));
    emitSocketEvent('chat_request', makeRequest({ id: 4 }));
    expect(await screen.findByText('New Chat Request')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/simple-chat/requests')).toHaveLength(2));
  });
});
