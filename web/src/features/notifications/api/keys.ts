/**
 * Query keys of notifications. Everything lives under '/api/notifications', so auth's
 * sessionScopedKeys (login, logout) and any "invalidate notifications" reach it all.
 */
export const notificationKeys = {
  all: ['/api/notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
