import { describe, expect, it } from 'vitest';
import { FeedQuery } from './posts.js';
import { wholeNumberParam } from './query.js';

describe('wholeNumberParam', () => {
  const limit = wholeNumberParam('Limit', 1, 50, 12);

  it('takes a whole number in range from the query string, and the fallback when absent', () => {
    expect(limit.parse('7')).toBe(7);
    expect(limit.parse(undefined)).toBe(12);
    expect(limit.parse('50')).toBe(50);
  });

  it.each(['0', '51', '-1', '2.5', 'abc', '1e400', '99999999999999999999'])('refuses %j with one sentence naming the parameter and its range', (value) => {
    const result = limit.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Limit must be a whole number from 1 to 50.']);
  });

  it('is what the feed query uses', () => {
    expect(FeedQuery.safeParse({ limit: '0' }).error?.issues[0]?.message).toBe('Limit must be a whole number from 1 to 50.');
  });
});
