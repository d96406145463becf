import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { CHAT_LIMITS, CHAT_MESSAGES, CHAT_REACTIONS } from '../chat-limits.js';
import { BadgeFields, Id } from './posts.js';

/**
 * One-to-one chat (document 1 §3, §4, §7; document 2 §3 "Chat eligibility", §7): requests,
 * conversations (sessions), messages, read state, typing and the can-chat answer. The simple-chat
 * routes and the legacy /api/chat/* (and -alt) adapters answer these same shapes.
 */

// The constants and messages live in a module without zod, so the web's chat code can use them
// without pulling the schemas into its chunks.
export { CHAT_LIMITS, CHAT_MESSAGES, CHAT_REACTIONS, DEFAULT_CHAT_REQUEST_MESSAGE, type ChatReaction } from '../chat-limits.js';

/** A person as chat shows them. */
export const ChatUser = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
  ...BadgeFields.shape,
});
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatRequestStatus = z.enum(['pending', 'accepted', 'rejected']);
export type ChatRequestStatus = z.infer<typeof ChatRequestStatus>;

/** A chat request; `direction` is as seen by the signed-in user. */
export const ChatRequestDto = z.object({
  id: z.number().int(),
  status: ChatRequestStatus,
  senderId: z.number().int(),
  receiverId: z.number().int(),
  message: z.string().nullable(),
  createdAt: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  sender: ChatUser,
  receiver: ChatUser,
});
export type ChatRequestDto = z.infer<typeof ChatRequestDto>;

/** `POST /api/simple-chat/request`, `POST /api/chat/requests`. */
export const ChatRequestBody = z.object({
  receiverId: Id,
  message: z
    .string()
    .trim()
    .max(CHAT_LIMITS.requestMessageMax, CHAT_MESSAGES.requestMessageTooLong)
    .nullish(),
});
export type ChatRequestBody = z.infer<typeof ChatRequestBody>;

/** One emoji on a message: who gave it, in the order they did (the first giver first). */
export const ReactionSummary = z.object({ emoji: z.string(), count: z.number().int(), userIds: z.array(z.number().int()) });
export type ReactionSummary = z.infer<typeof ReactionSummary>;

export const ChatMessageDto = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  content: z.string(),
  /** Stored messages are 'sent'; 'sending' exists only on the client. */
  status: z.string(),
  createdAt: z.string(),
  /** The client's id of an optimistic send, echoed back; null when none was given. */
  tempId: z.string().nullable(),
  /** displayName, else username (the simple chat's `senderName`). */
  senderName: z.string(),
  sender: ChatUser,
  /** Emoji reactions, in the order each emoji was first given; empty for a message just sent. */
  reactions: z.array(ReactionSummary),
  /** Kept by a content filter for a moderator: only its sender sees it, with this flag. */
  held: z.boolean().optional(),
  /**
   * On the `new_message` of a held message a moderator published: the id it had while held (it is
   * published under a new one, at the end of the thread), so the sender's copy can be replaced.
   */
  replaces: z.number().int().optional(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

export const LastMessage = z.object({ content: z.string(), createdAt: z.string(), senderId: z.number().int() });
export type LastMessage = z.infer<typeof LastMessage>;

/** A conversation in the simple chat list, as seen by the signed-in user. */
export const ConversationDto = z.object({
  id: z.number().int(),
  otherUser: ChatUser,
  unreadCount: z.number().int(),
  lastMessage: LastMessage.nullable(),
  lastMessageAt: z.string().nullable(),
  isOnline: z.boolean(),
  createdAt: z.string(),
});
export type ConversationDto = z.infer<typeof ConversationDto>;

/** The legacy session shape; `messages` holds only the latest message (the thread is `GET /api/chat/sessions/{id}`). */
export const LegacyChatSessionDto = z.object({
  id: z.number().int(),
  user1Id: z.number().int(),
  user2Id: z.number().int(),
  user1: ChatUser,
  user2: ChatUser,
  otherUser: ChatUser,
  unreadCount: z.number().int(),
  lastMessageAt: z.string().nullable(),
  isOnline: z.boolean(),
  messages: z.array(ChatMessageDto),
});
export type LegacyChatSessionDto = z.infer<typeof LegacyChatSessionDto>;

/** `POST …/accept`: the request and the conversation it opened (or reused). */
export const AcceptChatRequestResponse = z.object({ requestId: z.number().int(), session: ConversationDto });
export type AcceptChatRequestResponse = z.infer<typeof AcceptChatRequestResponse>;

export const RejectChatRequestResponse = z.object({ requestId: z.number().int(), status: z.literal('rejected') });
export type RejectChatRequestResponse = z.infer<typeof RejectChatRequestResponse>;

/** `?before={messageId}&limit=`; other parameters (`_fresh`, `userId`, `timestamp`) are ignored. */
export const ChatMessagesQuery = z.object({
  before: Id.optional(),
  limit: wholeNumberParam('Limit', 1, CHAT_LIMITS.pageMax, CHAT_LIMITS.pageDefault),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

/** A page of a thread, oldest first (newest last); `hasMore` means older messages exist (`before` = first id). */
export const ChatMessagesResponse = z.object({
  sessionId: z.number().int(),
  messages: z.array(ChatMessageDto),
  hasMore: z.boolean(),
  /** The other member's read marker: the viewer's messages up to this id have been read. */
  otherLastReadMessageId: z.number().int().nullable(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;

/** Length rules are checked by the service so an over-long message answers MESSAGE_TOO_LONG. */
export const SendChatMessageBody = z.object({
  content: z.string().max(20_000, CHAT_MESSAGES.messageTooLong),
  tempId: z.string().min(1).max(CHAT_LIMITS.tempIdMax).nullish(),
});
export type SendChatMessageBody = z.infer<typeof SendChatMessageBody>;

export const ChatReadResponse = z.object({
  sessionId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
  unreadCount: z.number().int(),
});
export type ChatReadResponse = z.infer<typeof ChatReadResponse>;

export const ViewSessionBody = z.object({ timestamp: z.union([z.number(), z.string()]).optional() }).nullish();

export const UnreadCountResponse = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponse>;

export const TypingBody = z.object({ isTyping: z.boolean() });
export const TypingStatusBody = z.object({ isTyping: z.boolean(), sessionId: Id });

/** Other members' typing flags; a flag not refreshed for 5 s reads false. */
export const TypingStatusResponse = z.object({ typingUsers: z.record(z.string(), z.boolean()) });
export type TypingStatusResponse = z.infer<typeof TypingStatusResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
export const PingResponse = z.object({ ok: z.literal(true), timestamp: z.number() });
export type PingResponse = z.infer<typeof PingResponse>;

/** Why a chat cannot start; null when nothing stands in the way but a request. */
export const CanChatReason = z.enum(['chat_disabled', 'blocked', 'self']);

/** `GET /api/chat/can-chat/{userId}` (document 2 §3 "Chat eligibility"). */
export const CanChatResponse = z.object({
  canChat: z.boolean(),
  sessionId: z.number().int().nullable(),
  requestPending: z.boolean(),
  requestDirection: z.enum(['incoming', 'outgoing']).nullable(),
  reason: CanChatReason.nullable(),
  needsRequest: z.boolean(),
});
export type CanChatResponse = z.infer<typeof CanChatResponse>;

export const ChatUserIdParams = z.object({ userId: Id });

export const ReactionBody = z.object({ emoji: z.enum(CHAT_REACTIONS, { error: CHAT_MESSAGES.reactionNotOffered }) });
export const ReactionResponse = z.object({
  messageId: z.number().int(),
  sessionId: z.number().int(),
  emoji: z.string(),
  added: z.boolean(),
  reactions: z.array(ReactionSummary),
});
export type ReactionResponse = z.infer<typeof ReactionResponse>;

// Realtime payloads (common/src/events.ts).
export const ConversationCreatedEvent = z.object({ requestId: z.number().int().nullable(), conversation: ConversationDto });
export type ConversationCreatedEvent = z.infer<typeof ConversationCreatedEvent>;
export const RequestAcceptedEvent = z.object({
  requestId: z.number().int(),
  sessionId: z.number().int(),
  acceptedBy: ChatUser,
  conversation: ConversationDto,
});
export type RequestAcceptedEvent = z.infer<typeof RequestAcceptedEvent>;
export const MessageReadEvent = z.object({
  sessionId: z.number().int(),
  userId: z.number().int(),
  lastReadMessageId: z.number().int().nullable(),
});
export type MessageReadEvent = z.infer<typeof MessageReadEvent>;
export const TypingEvent = z.object({ sessionId: z.number().int(), userId: z.number().int(), isTyping: z.boolean() });
export type TypingEvent = z.infer<typeof TypingEvent>;
export type MessageReactionEvent = ReactionResponse & { userId: number };
