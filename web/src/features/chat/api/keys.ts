/**
 * Query keys of chat. Everything lives under '/api/simple-chat' or '/api/chat', both listed in
 * auth's sessionScopedKeys, so a login or logout clears it all.
 */
export const chatKeys = {
  all: ['/api/simple-chat'] as const,
  conversations: () => ['/api/simple-chat', 'conversations'] as const,
  /** Not under conversations(): refreshing the list must not refetch every thread. */
  messages: (sessionId: number) => ['/api/simple-chat', 'messages', sessionId] as const,
  /** Optimistic sends of one conversation (client only; never fetched). */
  pending: (sessionId: number) => ['/api/simple-chat', 'pending', sessionId] as const,
  requests: () => ['/api/simple-chat', 'requests'] as const,
  unread: () => ['/api/chat', 'unread'] as const,
};
