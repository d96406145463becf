import { z } from 'zod';

/**
 * A whole-number query parameter (`limit`, `page`) from `min` to `max`, `fallback` when absent. Text,
 * a fraction, zero or a huge number is refused with one plain sentence naming the parameter and its
 * range, instead of zod's own words ("Too small: expected number to be >=1").
 */
export function wholeNumberParam(label: string, min: number, max: number, fallback: number) {
  const words = `${label} must be a whole number from ${min} to ${max}.`;
  // Each check stops the rest: one refusal, said once.
  const refuse = { error: words, abort: true };
  return z.coerce.number(refuse).int(refuse).min(min, refuse).max(max, refuse).default(fallback);
}
