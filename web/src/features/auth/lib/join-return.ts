import { STORAGE_KEYS } from '@plates/common';
import { storage } from '../../../lib/storage';
import { safeReturnPath } from './return-to';

/**
 * Join Now's way back, through the verification mail: its link opens /auth/verify-email, in
 * another tab as often as not, whose Go to Sign In then leads back to the page the visitor joined from.
 */
export const joinReturn = {
  remember(path: string | null) {
    const back = safeReturnPath(path);
    if (back === '/') storage.remove(STORAGE_KEYS.returnAfterJoin);
    else storage.set(STORAGE_KEYS.returnAfterJoin, back);
  },
  /** The remembered way back ("/" without one), forgotten once taken. */
  take(): string {
    const back = safeReturnPath(storage.get(STORAGE_KEYS.returnAfterJoin));
    storage.remove(STORAGE_KEYS.returnAfterJoin);
    return back;
  },
};
