/**
 * Chat constants and messages (document 1 §5, §9; document 2 §3). No zod here: the web app's chat
 * code uses them without pulling the schemas in; schemas/chat.ts re-exports them.
 */
export const CHAT_LIMITS = {
  requestMessageMax: 500,
  messageMax: 2000,
  tempIdMax: 64,
  pageDefault: 50,
  pageMax: 100,
  typingExpiresMs: 5_000,
} as const;

export const DEFAULT_CHAT_REQUEST_MESSAGE = "Hi! I'd like to chat with you.";

/** The reactions a message can get: the picker offers these and the server takes nothing else. */
export const CHAT_REACTIONS = ['😋', '❤️', '🔥', '👍', '😂', '😮'] as const;
export type ChatReaction = (typeof CHAT_REACTIONS)[number];

export const CHAT_MESSAGES = {
  reactionNotOffered: 'Pick one of the offered reactions.',
  requestToSelf: "You can't send a chat request to yourself.",
  userNotFound: 'User not found',
  chatDisabled: 'This user has disabled chat.',
  ownChatDisabled: 'You have disabled chat. Turn it on in your settings to send messages.',
  blocked: "You can't chat with this user.",
  requestAlreadySent: 'Request already sent',
  incomingRequest: 'Incoming request: this user has already sent you a chat request.',
  sessionExists: 'You already have a conversation with this user.',
  requestNotFound: 'Chat request not found',
  requestNotPending: 'This chat request has already been answered.',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  messageTooLong: 'Message too long: at most 2000 characters.',
  messageEmpty: 'Message cannot be empty',
  requestMessageTooLong: 'Message too long: at most 500 characters.',
  rateLimited: 'You are sending messages too fast. Please wait a moment.',
  requestsRateLimited: 'You have sent many chat requests recently. Please wait a while before sending more.',
} as const;
