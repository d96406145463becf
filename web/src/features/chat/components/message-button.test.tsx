import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CHAT_REQUEST_MESSAGE } from '@plates/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeConversation } from '../../../test/chat';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { messagesStore } from '../lib/messages-store';
import { MessageButton } from './message-button';
import { MessagesButton } from './messages-button';

const canChat = (overrides: Record<string, unknown>) => ({
  body: { canChat: false, sessionId: null, requestPending: false, requestDirection: null, reason: null, needsRequest: false, ...overrides },
});

function setup(routes: Parameters<typeof stubFetch>[0]) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/chat/unread': { body: { count: 0 } },
    'GET /api/simple-chat/conversations': { body: [makeConversation()] },
    'GET /api/simple-chat/requests': { body: [] },
    ...routes,
  });
  renderWithApp(
    <>
      <MessagesButton />
      <MessageButton userId={11} name="Bo Baker" />
    </>,
  );
  return { api, user: userEvent.setup(), click: async (u: ReturnType<typeof userEvent.setup>) => u.click(await screen.findByRole('button', { name: 'Message Bo Baker' })) };
}

beforeEach(() => {
  messagesStore.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('Message button', () => {
  it('an existing conversation opens in the messages dialog', async () => {
    const { user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ canChat: true, sessionId: 5 }),
      'GET /api/simple-chat/conversations/5/messages': { body: { sessionId: 5, messages: [], hasMore: false } },
    });
    await click(user);
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByRole('heading', { name: 'Bo Baker' })).toBeInTheDocument();
  });

  it('chat disabled: "Chat disabled" toast', async () => {
    const { user, click } = setup({ 'GET /api/chat/can-chat/11': canChat({ reason: 'chat_disabled' }) });
    await click(user);
    expect(await screen.findByText('Chat disabled')).toBeInTheDocument();
    expect(screen.getByText('This user has disabled chat.')).toBeInTheDocument();
  });

  it('an outgoing request pending: "Request already sent", nothing sent', async () => {
    const { api, user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ requestPending: true, requestDirection: 'outgoing' }),
    });
    await click(user);
    expect(await screen.findByText('Request already sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simple-chat/request')).toHaveLength(0);
  });

  it('an incoming request: "Incoming request" and the requests tab opens', async () => {
    const { user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ requestPending: true, requestDirection: 'incoming' }),
    });
    await click(user);
    expect(await screen.findByText('Incoming request')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(within(dialog).getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findByText('No pending requests')).toBeInTheDocument();
  });

  it('needs a request: sends the default greeting, "Chat request sent"', async () => {
    const { api, user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 201, body: {} },
    });
    await click(user);
    expect(await screen.findByText('Chat request sent')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/simple-chat/request');
    expect(call?.body).toEqual({ receiverId: 11, message: DEFAULT_CHAT_REQUEST_MESSAGE });
  });

  it('a failure: "Failed to send chat request"', async () => {
    const { user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    await click(user);
    expect(await screen.findByText('Failed to send chat request')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Message Bo Baker' })).toBeEnabled());
  });
});
