import { REALTIME, STORAGE_KEYS } from '@plates/common';
import { storage } from './storage';

/**
 * The realtime connection's mode (document 1 §3, §4): automatic (nothing stored) or "http-only",
 * stored in `chatConnectionMode` after more than 10 failed connection attempts. While HTTP-only is
 * stored no socket is opened and the app lives on polling; signing in again resets it. Kept apart
 * from the socket itself so that resetting it never loads socket.io-client.
 */
export const HTTP_ONLY = 'http-only';

export const connectionMode = {
  isHttpOnly: (): boolean => storage.get(STORAGE_KEYS.chatConnectionMode) === HTTP_ONLY,
  setHttpOnly: (): void => storage.set(STORAGE_KEYS.chatConnectionMode, HTTP_ONLY),
  reset: (): void => storage.remove(STORAGE_KEYS.chatConnectionMode),
};

/** Consecutive failed connection attempts; past the limit it stores HTTP-only mode. */
export function createFailureCounter(limit: number = REALTIME.httpOnlyAfterFailures) {
  let failures = 0;
  return {
    /** One more failed attempt; true when that switched the app to HTTP-only. */
    fail(): boolean {
      failures += 1;
      if (failures <= limit) return false;
      connectionMode.setHttpOnly();
      return true;
    },
    /** A connection opened: the count starts again. */
    succeed(): void {
      failures = 0;
    },
    get count(): number {
      return failures;
    },
  };
}
