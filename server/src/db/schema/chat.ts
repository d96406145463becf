// One-to-one chat: requests, sessions (conversations), messages, per-user conversation state,
// presence, typing flags and reactions.
//
// ON DELETE choices: everything here belongs to its participants, so deleting a user CASCADES to
// their requests, sessions (both sides), messages (sent or received), per-user data, typing flags,
// reactions and online status; deleting a session CASCADES to its messages and state. Two
// references are SET NULL because the referencing row must survive: chat_sessions.request_id (the
// conversation outlives the request that opened it) and chat_session_user_data.last_read_message_id.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

/** 'held': sent by a restricted member, waiting for a moderator before the receiver sees it. */
export const chatRequestStatuses = ['pending', 'accepted', 'rejected', 'held'] as const;
export type ChatRequestStatus = (typeof chatRequestStatuses)[number];

export const chatRequests = pgTable(
  'chat_requests',
  {
    id: id(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: chatRequestStatuses }).notNull().default('pending'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Incoming requests list; outgoing ones for can-chat.
    index('chat_requests_receiver_id_status_idx').on(t.receiverId, t.status),
    index('chat_requests_sender_id_status_idx').on(t.senderId, t.status),
    // "Request already sent": one open request per sender and receiver.
    uniqueIndex('chat_requests_one_pending_key')
      .on(t.senderId, t.receiverId)
      .where(sql`${t.status} = 'pending'`),
    check('chat_requests_status_check', sql`${t.status} in ${inList(chatRequestStatuses)}`),
    check('chat_requests_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: id(),
    requestId: integer('request_id').references(() => chatRequests.id, { onDelete: 'set null' }),
    user1Id: integer('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: integer('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Spec: default 'active'; its other values are not specified, so no check constraint. */
    status: text('status').notNull().default('active'),
    lastMessageAt: timestamptz('last_message_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chat_sessions_user1_id_idx').on(t.user1Id),
    index('chat_sessions_user2_id_idx').on(t.user2Id),
    // One conversation per pair of users, whichever of them opened it (can-chat answers one sessionId).
    uniqueIndex('chat_sessions_pair_key').on(
      sql`least(${t.user1Id}, ${t.user2Id})`,
      sql`greatest(${t.user1Id}, ${t.user2Id})`,
    ),
    check('chat_sessions_not_self_check', sql`${t.user1Id} <> ${t.user2Id}`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Legacy copy of the message body kept by the spec; `content` is the one the API reads. */
    text: text('text'),
    content: text('content').notNull(),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    /** Spec: default 'sent' ('sending' exists only on the client); other values not specified. */
    status: text('status').notNull().default('sent'),
    /** The client's id for an optimistic send (≤ 64 chars): a retry with the same one is not stored twice. */
    tempId: text('temp_id'),
    /**
     * Set while a content filter's `hold` keeps the message for a moderator: only its sender sees
     * it. Published, it gets a new id (see decision record 0019); refused, it is deleted.
     */
    heldAt: timestamptz('held_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The moderators' held queue.
    index('chat_messages_held_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    // Idempotent sends: one message per sender, conversation and client tempId.
    uniqueIndex('chat_messages_sender_temp_id_key')
      .on(t.sessionId, t.senderId, t.tempId)
      .where(sql`${t.tempId} is not null`),
    index('chat_messages_session_id_created_at_idx').on(t.sessionId, t.createdAt),
    // Unread counts: messages addressed to me by status.
    index('chat_messages_receiver_id_status_idx').on(t.receiverId, t.status),
    index('chat_messages_sender_id_idx').on(t.senderId),
  ],
);

export const chatSessionUserData = pgTable(
  'chat_session_user_data',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: timestamptz('last_read_at'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('chat_session_user_data_session_user_key').on(t.sessionId, t.userId),
    index('chat_session_user_data_user_id_idx').on(t.userId),
    // Named explicitly: the generated name would pass PostgreSQL's 63-character limit.
    foreignKey({
      name: 'chat_session_user_data_last_read_message_fk',
      columns: [t.lastReadMessageId],
      foreignColumns: [chatMessages.id],
    }).onDelete('set null'),
  ],
);

export const userOnlineStatus = pgTable('user_online_status', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  isOnline: boolean('is_online').notNull().default(false),
  lastActiveAt: timestamptz('last_active_at').notNull().defaultNow(),
  /**
   * The last `POST /api/chat/ping` of a client without a live socket (HTTP-only mode): such a user
   * counts as online for a minute after it. Kept apart from `last_active_at`, which going offline
   * also stamps ("last seen") and so cannot mean "recently here".
   */
  lastPingAt: timestamptz('last_ping_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const chatTypingStatus = pgTable(
  'chat_typing_status',
  {
    id: id(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isTyping: boolean('is_typing').notNull().default(false),
    createdAt: createdAt(),
    /** A typing flag expires 5 s after its last update. */
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('chat_typing_status_session_user_key').on(t.sessionId, t.userId),
    index('chat_typing_status_user_id_idx').on(t.userId),
  ],
);

export const messageReactions = pgTable(
  'message_reactions',
  {
    id: id(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('message_reactions_message_user_emoji_key').on(t.messageId, t.userId, t.emoji),
    index('message_reactions_user_id_idx').on(t.userId),
  ],
);

export type ChatRequest = typeof chatRequests.$inferSelect;
export type NewChatRequest = typeof chatRequests.$inferInsert;
export type ChatSession = typeof chatSessions.$inferSelect;
export type NewChatSession = typeof chatSessions.$inferInsert;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
export type ChatSessionUserData = typeof chatSessionUserData.$inferSelect;
export type NewChatSessionUserData = typeof chatSessionUserData.$inferInsert;
export type UserOnlineStatus = typeof userOnlineStatus.$inferSelect;
export type NewUserOnlineStatus = typeof userOnlineStatus.$inferInsert;
export type ChatTypingStatus = typeof chatTypingStatus.$inferSelect;
export type NewChatTypingStatus = typeof chatTypingStatus.$inferInsert;
export type MessageReaction = typeof messageReactions.$inferSelect;
export type NewMessageReaction = typeof messageReactions.$inferInsert;
