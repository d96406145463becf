import { STORAGE_KEYS } from '@plates/common';

/**
 * Thin, failure-proof access to localStorage (private browsing and sandboxed frames can throw).
 * Every key the app stores is listed in `STORAGE_KEYS` from common.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the value simply is not remembered
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

export const authStorage = {
  getToken: () => storage.get(STORAGE_KEYS.authToken),
  setToken: (token: string) => storage.set(STORAGE_KEYS.authToken, token),
  getUserId: () => storage.get(STORAGE_KEYS.userId),
  setUserId: (id: number | string) => storage.set(STORAGE_KEYS.userId, String(id)),
  clear: () => {
    storage.remove(STORAGE_KEYS.authToken);
    storage.remove(STORAGE_KEYS.userId);
  },
};
