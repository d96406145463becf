import { describe, expect, it } from 'vitest';
import { formatCommunityCount } from './format.js';

describe('formatCommunityCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1001, '1K+'],
    [5432, '5K+'],
    [10_000, '10K'],
    [10_999, '10K+'],
    [25_300, '25K+'],
    [999_999, '999K+'],
    [1_000_000, '1M'],
    [2_500_000, '2M+'],
    [-3, '0'],
    [Number.NaN, '0'],
  ])('%d reads %s', (n, text) => {
    expect(formatCommunityCount(n)).toBe(text);
  });
});
