import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bo, makeConversation, makeMessage, makeRequest, setSocketLive } from '../../../test/chat';
import { sampleUser, stubFetch } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { MessagesButton } from '../components/messages-button';
import { messagesStore } from '../lib/messages-store';
import ChatPage, { MessagesUserPage } from './chat-page';

const withHost = (page: React.ReactNode) => (
  <>
    <MessagesButton />
    {page}
  </>
);
const routes = [
  { path: '/chat', element: withHost(<ChatPage />) },
  { path: '/messages', element: withHost(<ChatPage />) },
  { path: '/messages/:userId', element: withHost(<MessagesUserPage />) },
];

function setup(route: string, extra: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  const api = stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/chat/unread': { body: { count: 1 } },
    'GET /api/simple-chat/conversations': { body: [makeConversation()] },
    'GET /api/simple-chat/requests': { body: [makeRequest()] },
    'GET /api/simple-chat/conversations/5/messages': { body: { sessionId: 5, messages: [makeMessage()], hasMore: false } },
    ...extra,
  });
  renderWithApp(null, { routes, route });
  return { api, user: userEvent.setup() };
}

beforeEach(() => {
  messagesStore.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('chat routes', () => {
  it('/chat?tab=requests opens the requests tab; closing goes home', async () => {
    const { user } = setup('/chat?tab=requests');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByRole('button', { name: 'Accept Bo Baker' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it("shows a verified member's badge in the conversation list, the thread header and the requests", async () => {
    const verifiedBo = { ...bo, isVerified: true, verifiedType: 'business' as const };
    const { user } = setup('/chat', {
      'GET /api/simple-chat/conversations': { body: [makeConversation({ otherUser: verifiedBo })] },
      'GET /api/simple-chat/requests': { body: [makeRequest({ id: 2, sender: { ...verifiedBo, id: 12, username: 'cafe', displayName: 'Cafe Uno' }, senderId: 12 })] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const list = await within(dialog).findByRole('list', { name: 'Conversations' });
    const row = within(list).getByRole('button', { name: /^Bo Baker Verified business/ });
    expect(within(row).getAllByRole('img', { name: 'Verified business' })).toHaveLength(1);
    await user.click(row);
    const header = await within(dialog).findByRole('heading', { name: /^Bo Baker\s?Verified business$/ });
    expect(within(header).getByRole('img', { name: 'Verified business' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('tab', { name: /Requests/ }));
    const requests = await within(dialog).findByRole('list', { name: 'Chat requests' });
    expect(within(requests).getByText('Cafe Uno').parentElement).toContainElement(within(requests).getByRole('img', { name: 'Verified business' }));
  });

  it('/chat?sessionId=5 opens that conversation', async () => {
    setup('/chat?sessionId=5');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('Hello there')).toBeInTheDocument();
  });

  it('/messages/11 opens the conversation with that user', async () => {
    setup('/messages/11', {
      'GET /api/chat/can-chat/11': {
        body: { canChat: true, sessionId: 5, requestPending: false, requestDirection: null, reason: null, needsRequest: false },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('Hello there')).toBeInTheDocument();
  });

  it('/messages/11 without a conversation asks for the greeting, sends the request and goes to the profile', async () => {
    const { api, user } = setup('/messages/11', {
      'GET /api/chat/can-chat/11': {
        body: { canChat: false, sessionId: null, requestPending: false, requestDirection: null, reason: null, needsRequest: true },
      },
      'POST /api/simple-chat/request': { status: 201, body: {} },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Send a chat request' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Chat request sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile/11'));
    expect(api.callsTo('POST', '/api/simple-chat/request')).toHaveLength(1);
  });

  it('polls the open thread every 2 s only while the socket is not connected', async () => {
    setSocketLive(true);
    const { api } = setup('/chat?sessionId=5');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    await within(dialog).findByText('Hello there');
    const path = '/api/simple-chat/conversations/5/messages';
    await new Promise((r) => setTimeout(r, 2_300));
    expect(api.callsTo('GET', path)).toHaveLength(1);
    setSocketLive(false);
    await waitFor(() => expect(api.callsTo('GET', path).length).toBeGreaterThan(1), { timeout: 3_000 });
  }, 10_000);
});
