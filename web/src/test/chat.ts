import type {
  ChatMessageDto,
  ChatMessagesResponse,
  ChatRequestDto,
  ChatUser,
  ConversationDto,
  ServerEventName,
  ServerEventPayload,
} from '@plates/common';
import { act } from '@testing-library/react';
import { publishRealtimeEvent, setRealtimeLive } from '../lib/realtime-events';
import { sampleUser, stubFetch } from './fetch';

/** Chat test data in the contract's shapes (common/src/schemas/chat.ts); the viewer is sampleUser (id 7). */
export const bo: ChatUser = { id: 11, username: 'chef_bo', displayName: 'Bo Baker', profileImage: null };
export const me: ChatUser = { id: 7, username: 'chef_ana', displayName: 'Ana Cook', profileImage: null };

export function makeConversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  return {
    id: 5,
    otherUser: bo,
    unreadCount: 0,
    lastMessage: { content: 'See you!', createdAt: '2026-01-01T10:00:00.000Z', senderId: 11 },
    lastMessageAt: '2026-01-01T10:00:00.000Z',
    isOnline: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessageDto> = {}): ChatMessageDto {
  const sender = overrides.senderId === me.id ? me : bo;
  return {
    id: 100,
    sessionId: 5,
    senderId: sender.id,
    receiverId: sender.id === me.id ? bo.id : me.id,
    content: 'Hello there',
    status: 'sent',
    createdAt: '2026-01-01T10:00:00.000Z',
    tempId: null,
    senderName: sender.displayName ?? sender.username,
    sender,
    reactions: [],
    ...overrides,
  };
}

/** A page of conversation 5's thread, as `GET …/messages` answers it. */
export function makePage(messages: ChatMessageDto[], overrides: Partial<ChatMessagesResponse> = {}): ChatMessagesResponse {
  return { sessionId: 5, messages, hasMore: false, otherLastReadMessageId: null, ...overrides };
}

export function makeRequest(overrides: Partial<ChatRequestDto> = {}): ChatRequestDto {
  const incoming = (overrides.direction ?? 'incoming') === 'incoming';
  return {
    id: 1,
    status: 'pending',
    senderId: incoming ? bo.id : me.id,
    receiverId: incoming ? me.id : bo.id,
    message: "Hi! I'd like to chat with you.",
    createdAt: '2026-01-01T09:00:00.000Z',
    direction: 'incoming',
    sender: incoming ? bo : me,
    receiver: incoming ? me : bo,
    ...overrides,
  };
}

/**
 * The socket is a no-op in tests (setup.ts); this is what it does with a server event: hand it to
 * the features' subscribers (lib/realtime-events.ts).
 */
export function emitSocketEvent<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
  act(() => publishRealtimeEvent(event, payload));
}

/** Pretends the socket is connected (polling off) or not. */
export function setSocketLive(live: boolean): void {
  act(() => setRealtimeLive(live));
}

/** Signed in as sampleUser with one conversation (5, with Bo) and no requests; `routes` add or replace. */
export function stubChatApi(routes: Parameters<typeof stubFetch>[0] = {}) {
  localStorage.setItem('auth_token', 't');
  return stubFetch({
    'GET /api/user': { body: sampleUser },
    'GET /api/chat/unread': { body: { count: 0 } },
    'GET /api/simple-chat/conversations': { body: [makeConversation()] },
    'GET /api/simple-chat/requests': { body: [] },
    ...routes,
  });
}
