import { describe, expect, it } from 'vitest';
import { dayKey, formatClockTime, formatCommentTime, formatDayLabel, formatPostTime } from './format-time';

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

describe('chat day separators and times', () => {
  // Local times: the thread groups by the viewer's calendar day.
  const at = (day: number, hour = 12) => new Date(2025, 5, day, hour, 5);
  const today = at(15, 18);

  it('labels Today, Yesterday, a weekday within the week, then the short date', () => {
    expect(formatDayLabel(at(15, 0), today)).toBe('Today');
    expect(formatDayLabel(at(14, 23), today)).toBe('Yesterday');
    expect(formatDayLabel(at(10), today)).toBe('Tuesday');
    expect(formatDayLabel(at(8), today)).toBe('8 Jun');
    expect(formatDayLabel(new Date(2024, 11, 31), today)).toBe('31 Dec 2024');
  });

  it('keys messages by calendar day, not by 24-hour distance', () => {
    expect(dayKey(at(14, 23))).not.toBe(dayKey(at(15, 0)));
    expect(dayKey(at(15, 0))).toBe(dayKey(at(15, 23)));
  });

  it('shows a message time as a 24-hour clock', () => {
    expect(formatClockTime(at(15, 9))).toBe('09:05');
    expect(formatClockTime('not a date')).toBe('');
  });
});
