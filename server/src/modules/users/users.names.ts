import { looksLikeStaff, MESSAGES } from '@plates/common';
import unhomoglyph from 'unhomoglyph';
import { AppError } from '../../lib/app-error.js';

/**
 * The UTS #39 skeleton of a text: NFD, every character replaced by its prototype in Unicode's
 * confusables table (confusables.txt, as shipped by the `unhomoglyph` package), NFD again. Two
 * texts that look alike have the same skeleton ("Аdmin" with a Cyrillic А, "Αdmin" with a Greek Α).
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

export interface NameGuardDeps {
  /** Usernames and display names of the admin accounts. */
  adminNames: () => Promise<string[]>;
}

/**
 * Keeps members from posing as the team: a username or display name that is (a look-alike of) a
 * reserved name or an admin's name, or carries a staff word, is refused with the catalogue's words
 * on its field. Admins themselves may take such names.
 */
export function createNameGuard(deps: NameGuardDeps) {
  return {
    async check(
      names: { username?: string | undefined; displayName?: string | null | undefined },
      actor?: { isAdmin: boolean },
    ): Promise<void> {
      if (actor?.isAdmin) return;
      const protectedNames = await deps.adminNames();
      const options = { skeleton, protectedNames };
      if (names.username && looksLikeStaff(names.username, options)) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.usernameReserved, 'username');
      }
      if (names.displayName && looksLikeStaff(names.displayName, options)) {
        throw new AppError('VALIDATION_ERROR', MESSAGES.displayNameReserved, 'displayName');
      }
    },
  };
}

export type NameGuard = ReturnType<typeof createNameGuard>;
