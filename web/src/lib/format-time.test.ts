import { describe, expect, it } from 'vitest';
import { formatCommentTime, formatPostTime } from './format-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatPostTime', () => {
  it('is relative under 24 hours', () => {
    expect(formatPostTime(ago(20_000), now)).toBe('Just now');
    expect(formatPostTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatPostTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatPostTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatPostTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 hours ago');
  });

  it('is a short date from 24 hours on, with the year only when not this year', () => {
    expect(formatPostTime('2025-03-12T10:00:00Z', now)).toBe('12 Mar');
    expect(formatPostTime('2024-12-31T10:00:00Z', now)).toBe('31 Dec 2024');
  });

  it('says Recently for a bad date', () => {
    expect(formatPostTime('not a date', now)).toBe('Recently');
  });
});

describe('formatCommentTime', () => {
  it('counts days up to a week, then a short date', () => {
    expect(formatCommentTime(ago(2 * 86_400_000), now)).toBe('2 days ago');
    expect(formatCommentTime(ago(8 * 86_400_000), now)).toBe('7 Jun');
    expect(formatCommentTime('garbage', now)).toBe('Just now');
  });
});
