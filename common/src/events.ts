/**
 * The realtime socket's events (document 1 §7), typed for Socket.IO on both sides. Zod-free: the
 * web app's socket client is on every signed-in page.
 *
 * Ownership while the chat issue is built: the chat section's payloads are refined by the chat
 * service; the rest by the realtime plugin.
 */
import type {
  ChatMessageDto,
  ChatRequestDto,
  ConversationCreatedEvent,
  MessageReactionEvent,
  MessageReadEvent,
  RequestAcceptedEvent,
  TypingEvent,
} from './schemas/chat.js';
import type { NotificationDto } from './schemas/notifications.js';
import type { RegistrationMode } from './settings.js';

/** Presence of one user. */
export interface PresencePayload {
  userId: number;
  isOnline: boolean;
  lastActiveAt: string | null;
}

export interface SocketErrorPayload {
  message: string;
  code?: string;
}

/** Events the server sends. Chat payloads are plain records until the chat contract fixes them. */
export interface ServerToClientEvents {
  connected: (payload: { userId: number; socketId: string }) => void;
  pong: (payload: { timestamp: number }) => void;
  socket_error: (payload: SocketErrorPayload) => void;
  /** A word from the team; an announcement's carries its id (the web app shows it in the banner). */
  system_message: (payload: { message: string; type?: string; announcementId?: number }) => void;
  /** An admin switched maintenance mode or registration (/auth and open pages follow it live). */
  maintenance_changed: (payload: { maintenance: boolean; registration: RegistrationMode }) => void;
  /**
   * This instance is shutting down (a deploy, a scale-in): drop the connection within
   * `reconnectWithinMs` (at a random moment, so clients do not arrive all at once) and reconnect;
   * the proxy sends the new connection to another instance.
   */
  server_draining: (payload: { reconnectWithinMs: number }) => void;
  notification: (payload: NotificationDto) => void;
  user_online: (payload: PresencePayload) => void;
  user_offline: (payload: PresencePayload) => void;
  user_status_update: (payload: PresencePayload) => void;
  // chat (document 1 §7); payloads owned by the chat service
  new_message: (payload: ChatMessageDto) => void;
  conversation_created: (payload: ConversationCreatedEvent) => void;
  chat_request: (payload: ChatRequestDto) => void;
  request_accepted: (payload: RequestAcceptedEvent) => void;
  typing_status: (payload: TypingEvent) => void;
  message_read: (payload: MessageReadEvent) => void;
  message_reaction: (payload: MessageReactionEvent) => void;
  /** To its sender only: a message held for review that a moderator refused (deleted). */
  message_removed: (payload: { sessionId: number; messageId: number }) => void;
}

/** Events the client sends. */
export interface ClientToServerEvents {
  ping: (payload?: { timestamp?: number }) => void;
  view_session: (payload: { sessionId: number }) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Connection constants of document 1 §9. */
export const REALTIME = {
  pingIntervalMs: 20_000,
  pongTimeoutMs: 10_000,
  reconnectBaseMs: 1_000,
  reconnectFactor: 1.5,
  reconnectMaxMs: 30_000,
  reconnectAttempts: 1000,
  httpOnlyAfterFailures: 10,
  fallbackPollMs: 10_000,
  silentAfterMs: 15_000,
  staleCheckMs: 40_000,
  staleAfterMs: 60_000,
  typingExpiresMs: 5_000,
  typingCleanupMs: 1_000,
} as const;
