import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_MESSAGES, DEFAULT_CHAT_REQUEST_MESSAGE } from '@plates/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubChatApi } from '../../../test/chat';
import type { stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { messagesStore } from '../lib/messages-store';
import { MessageButton } from './message-button';
import { MessagesButton } from './messages-button';

const canChat = (overrides: Record<string, unknown>) => ({
  body: { canChat: false, sessionId: null, requestPending: false, requestDirection: null, reason: null, needsRequest: false, ...overrides },
});

function setup(routes: Parameters<typeof stubFetch>[0]) {
  const api = stubChatApi(routes);
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

  it('needs a request: a dialog asks for the greeting, prefilled and counted; Send request sends it, "Chat request sent"', async () => {
    const { api, user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 201, body: {} },
    });
    await click(user);
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    const greeting = within(dialog).getByRole('textbox', { name: 'Greeting' });
    expect(greeting).toHaveValue(DEFAULT_CHAT_REQUEST_MESSAGE);
    expect(within(dialog).getByText(`${DEFAULT_CHAT_REQUEST_MESSAGE.length}/500`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simple-chat/request')).toHaveLength(0); // nothing sent before the dialog says so

    await user.clear(greeting);
    await user.type(greeting, 'Loved your ramen! Swap recipes?');
    expect(within(dialog).getByText('31/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Chat request sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a chat request' })).not.toBeInTheDocument());
    const calls = api.callsTo('POST', '/api/simple-chat/request');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ receiverId: 11, message: 'Loved your ramen! Swap recipes?' });
  });

  it('the default greeting goes as it is; Cancel sends nothing', async () => {
    const { api, user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 201, body: {} },
    });
    await click(user);
    let dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a chat request' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/simple-chat/request')).toHaveLength(0);

    await click(user);
    dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Chat request sent')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/simple-chat/request')[0]?.body).toEqual({ receiverId: 11, message: DEFAULT_CHAT_REQUEST_MESSAGE });
  });

  it('over 500 characters: "Message too long" and Send request is disabled', async () => {
    const { api, user, click } = setup({ 'GET /api/chat/can-chat/11': canChat({ needsRequest: true }) });
    await click(user);
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    const greeting = within(dialog).getByRole('textbox', { name: 'Greeting' });
    await user.clear(greeting);
    await user.click(greeting);
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Message too long');
    expect(within(dialog).getByText('501/500')).toBeInTheDocument();
    expect(greeting).toHaveAttribute('aria-invalid', 'true');
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(greeting, '{Backspace}');
    expect(within(dialog).queryByText('Message too long')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    expect(api.callsTo('POST', '/api/simple-chat/request')).toHaveLength(0);
  });

  it('too many requests: the server\'s words under "Slow Down"', async () => {
    const { user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 429, body: { message: CHAT_MESSAGES.requestsRateLimited, code: 'RATE_LIMITED' }, headers: { 'Retry-After': '600' } },
    });
    await click(user);
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(CHAT_MESSAGES.requestsRateLimited)).toBeInTheDocument();
    expect(screen.getByText('Slow Down')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send a chat request' })).toBeInTheDocument();
  });

  it('a failure: "Failed to send chat request", and the dialog keeps the greeting', async () => {
    const { user, click } = setup({
      'GET /api/chat/can-chat/11': canChat({ needsRequest: true }),
      'POST /api/simple-chat/request': { status: 500, body: { message: 'Server error. Our team has been notified.', code: 'INTERNAL_ERROR' } },
    });
    await click(user);
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    const greeting = within(dialog).getByRole('textbox', { name: 'Greeting' });
    await user.type(greeting, ' Please?');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Failed to send chat request')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send a chat request' })).toBeInTheDocument();
    expect(greeting).toHaveValue(`${DEFAULT_CHAT_REQUEST_MESSAGE} Please?`);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled());
  });
});
