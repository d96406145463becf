import { DEFAULT_CHAT_REQUEST_MESSAGE } from '@plates/common';
import type {
  AcceptChatRequestResponse,
  CanChatResponse,
  ChatMessageDto,
  ChatMessagesResponse,
  ChatReadResponse,
  ChatRequestDto,
  ConversationDto,
  ReactionResponse,
  RejectChatRequestResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** The simple chat's calls (document 1 §7), answered in common/src/schemas/chat.ts shapes. */
export const MESSAGES_PAGE_SIZE = 50;

export const fetchConversations = () => apiRequest<ConversationDto[]>('GET', '/api/simple-chat/conversations');

/** A page of the thread, oldest first; `before` pages back from a message id. */
export function fetchMessages(sessionId: number, before?: number): Promise<ChatMessagesResponse> {
  const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
  if (before !== undefined) query.set('before', String(before));
  return apiRequest<ChatMessagesResponse>('GET', `/api/simple-chat/conversations/${sessionId}/messages?${query.toString()}`);
}

export const sendMessage = (sessionId: number, content: string, tempId: string) =>
  apiRequest<ChatMessageDto>('POST', `/api/simple-chat/conversations/${sessionId}/messages`, { content, tempId });

export const markConversationRead = (sessionId: number) =>
  apiRequest<ChatReadResponse>('POST', `/api/simple-chat/conversations/${sessionId}/read`);

export const fetchRequests = () => apiRequest<ChatRequestDto[]>('GET', '/api/simple-chat/requests');

export const sendChatRequest = (receiverId: number, message: string = DEFAULT_CHAT_REQUEST_MESSAGE) =>
  apiRequest<ChatRequestDto>('POST', '/api/simple-chat/request', { receiverId, message });

export const acceptChatRequest = (requestId: number) =>
  apiRequest<AcceptChatRequestResponse>('POST', `/api/simple-chat/accept/${requestId}`);

export const rejectChatRequest = (requestId: number) =>
  apiRequest<RejectChatRequestResponse>('POST', `/api/simple-chat/reject/${requestId}`);

export const fetchCanChat = (userId: number) => apiRequest<CanChatResponse>('GET', `/api/chat/can-chat/${userId}`);

export const sendTyping = (sessionId: number, isTyping: boolean) =>
  apiRequest<{ ok: true }>('POST', `/api/chat/sessions-alt/${sessionId}/typing`, { isTyping });

/** Adds the emoji reaction, or removes it when the viewer already gave it; answers the message's reactions. */
export const toggleReaction = (messageId: number, emoji: string) =>
  apiRequest<ReactionResponse>('POST', `/api/simple-chat/messages/${messageId}/reactions`, { emoji });
