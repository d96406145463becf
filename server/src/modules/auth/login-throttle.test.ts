import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.js';
import { memoryStore } from '../../plugins/rate-limits.js';
import { createLoginThrottle, type LoginAttempt } from './login-throttle.js';

/** The shipped limits over a memory store whose clock the test moves. */
function setup() {
  let at = 1_000_000;
  const throttle = createLoginThrottle(memoryStore(() => at), DEFAULT_RATE_LIMITS);
  return { throttle, advance: (ms: number) => (at += ms) };
}

const stranger = (n: number): LoginAttempt => ({ account: 'alice', place: `ip:10.0.0.${n}`, known: false });

describe('the sign-in back-off', () => {
  it('doubles from one second per failure past five, up to fifteen minutes, and never counts a refusal', async () => {
    const { throttle, advance } = setup();
    const waits: number[] = [];
    for (let n = 0; n < 17; n++) {
      let gate = await throttle.enter(stranger(n));
      if (!gate.allowed) {
        waits.push(gate.retryAfterMs);
        // Knocking again while held back changes nothing.
        for (let k = 0; k < 3; k++) expect(await throttle.enter(stranger(100 + k))).toMatchObject({ allowed: false });
        advance(gate.retryAfterMs);
        gate = await throttle.enter(stranger(n));
      }
      expect(gate).toEqual({ allowed: true, failuresBefore: n });
      await throttle.failed(stranger(n));
    }
    const s = 1000;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900].map((x) => x * s));
  });

  it('lets a known place through at any time, and a right password takes the attempt back', async () => {
    const { throttle } = setup();
    for (let n = 0; n < 6; n++) {
      expect((await throttle.enter(stranger(n))).allowed).toBe(true);
      await throttle.failed(stranger(n));
    }
    expect(await throttle.enter(stranger(50))).toMatchObject({ allowed: false, reason: 'backoff', report: true });
    expect(await throttle.enter(stranger(51))).toMatchObject({ allowed: false, reason: 'backoff', report: false });
    const home: LoginAttempt = { account: 'alice', place: 'device:abc', known: true };
    expect(await throttle.enter(home)).toEqual({ allowed: true, failuresBefore: 0 });
    await throttle.succeeded(home);
    // The owner signing in does not lift the back-off for strangers.
    expect(await throttle.enter(stranger(52))).toMatchObject({ allowed: false, reason: 'backoff' });
    // A stranger with the right password after the back-off is not counted as a failure.
    const { throttle: other } = setup();
    for (let n = 0; n < 3; n++) {
      expect(await other.enter(stranger(n))).toEqual({ allowed: true, failuresBefore: 0 });
      await other.succeeded(stranger(n));
    }
  });
});
