import type { RateLimits } from '../../config.js';
import type { RateLimitStore } from '../../plugins/rate-limits.js';

/** How long a device cookie lives, and how long an unused remembered device or address is kept. */
export const KNOWN_ORIGIN_TTL_MS = 365 * 24 * 60 * 60_000;

export type LoginLimits = Pick<
  RateLimits,
  | 'loginFailuresPerAddress'
  | 'loginWindowMs'
  | 'loginBackoffAfter'
  | 'loginBackoffBaseMs'
  | 'loginBackoffMaxMs'
  | 'loginFailureMemoryMs'
>;

/** One sign-in attempt, as the throttle sees it. */
export interface LoginAttempt {
  /**
   * The lower-cased username typed, whether or not such an account exists, so that the answers
   * (401 or 429, and when) never tell which usernames exist.
   */
  account: string;
  /** Where the failures are counted: `device:<hash>` for a device known to the account, else `ip:<address>`. */
  place: string;
  /** A device or an address the account has signed in from: never held back by the account's back-off. */
  known: boolean;
}

export type LoginGate =
  | { allowed: true; failuresBefore: number }
  | {
      allowed: false;
      /** `place`: too many failures on this account from here; `backoff`: the account's back-off. */
      reason: 'place' | 'backoff';
      retryAfterMs: number;
      /** The first refusal of its kind in a window, worth a security event (so at most one per window). */
      report: boolean;
    };

/**
 * Sign-in throttling (issue 10: ten wrong passwords from anywhere used to lock the owner out).
 *
 * - Failures are counted per account and place (the address, or the device when the account knows
 *   it): `loginFailuresPerAddress` per `loginWindowMs`, cleared by a successful sign-in there.
 * - Per account, from anywhere: after `loginBackoffAfter` failures (remembered for
 *   `loginFailureMemoryMs`), each attempt from an unknown place takes a slot that holds the next
 *   unknown attempt back for 1, 2, 4, … × `loginBackoffBaseMs`, at most `loginBackoffMaxMs`. The
 *   slot is claimed before the password is checked, in one step, so a burst gets one guess per slot;
 *   a refused attempt is not counted as a failure anywhere.
 * - A known device or address skips the back-off: the attacker's failures cannot hold it back.
 *
 * Counters live in the rate-limit store, so instances sharing Redis share them.
 */
export function createLoginThrottle(store: RateLimitStore, limits: LoginLimits) {
  const placeKey = (a: LoginAttempt) => `login-fail:${a.account}:${a.place}`;
  const accountKey = (a: LoginAttempt) => `login-fail-account:${a.account}`;
  const backoffKey = (a: LoginAttempt) => `login-backoff:${a.account}`;
  const reportedKey = (a: LoginAttempt) => `login-backoff-reported:${a.account}`;

  /** The wait opened by the `n`-th failure past the allowance (n ≥ 1). */
  const backoffMs = (n: number) =>
    Math.min(limits.loginBackoffBaseMs * 2 ** Math.min(n - 1, 40), limits.loginBackoffMaxMs);

  return {
    /**
     * Before the password is checked: counts the attempt as a failure in advance (taken back by
     * `succeeded`), and answers whether it may go on. `failuresBefore` is the account's count of
     * failures from unknown places before this attempt.
     */
    async enter(attempt: LoginAttempt): Promise<LoginGate> {
      const place = await store.hit(placeKey(attempt), limits.loginWindowMs);
      if (place.count > limits.loginFailuresPerAddress) {
        return {
          allowed: false,
          reason: 'place',
          retryAfterMs: place.resetInMs,
          report: place.count === limits.loginFailuresPerAddress + 1,
        };
      }
      if (attempt.known) return { allowed: true, failuresBefore: 0 };
      const account = await store.hit(accountKey(attempt), limits.loginFailureMemoryMs);
      const past = account.count - limits.loginBackoffAfter;
      if (past > 0) {
        const slot = await store.claim(backoffKey(attempt), backoffMs(past));
        if (!slot.claimed) {
          await Promise.all([store.unhit(accountKey(attempt)), store.unhit(placeKey(attempt))]);
          const first = await store.claim(reportedKey(attempt), limits.loginWindowMs);
          return { allowed: false, reason: 'backoff', retryAfterMs: slot.resetInMs, report: first.claimed };
        }
      }
      return { allowed: true, failuresBefore: account.count - 1 };
    },

    /** The password was wrong: the failure counted in advance stays; from a known place it now counts on the account too. */
    async failed(attempt: LoginAttempt): Promise<void> {
      if (attempt.known) await store.hit(accountKey(attempt), limits.loginFailureMemoryMs);
    },

    /**
     * The password was right: this place's failures are forgiven and the attempt is taken back from
     * the account's count. The account's other failures stay, or signing in on one's phone would
     * give an attacker elsewhere a fresh allowance.
     */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      await store.reset(placeKey(attempt));
      if (!attempt.known) await store.unhit(accountKey(attempt));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
