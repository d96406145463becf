const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** "12 Mar", or "12 Mar 2024" when not in the current year. */
export function formatShortDate(date: Date, now: Date = new Date()): string {
  const sameYear = date.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/**
 * A plate's time (document 2 §9): relative under 24 hours ("Just now", "5 minutes ago",
 * "3 hours ago"), otherwise a short date with the year when it is not the current one. An
 * unreadable date shows "Recently" (document 1 §8).
 */
export function formatPostTime(value: string | Date, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return 'Recently';
  const age = now.getTime() - date.getTime();
  if (age < MINUTE) return 'Just now';
  if (age < HOUR) return plural(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return plural(Math.floor(age / HOUR), 'hour');
  return formatShortDate(date, now);
}

/**
 * A comment's or reply's time (document 1 §9): "Just now" under 60 s, then minutes, hours, and
 * days up to under 7 days, then the short date.
 */
export function formatCommentTime(value: string | Date, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return 'Just now';
  const age = now.getTime() - date.getTime();
  if (age < DAY) return formatPostTime(date, now);
  if (age < 7 * DAY) return plural(Math.floor(age / DAY), 'day');
  return formatShortDate(date, now);
}

/** The full date and time, for a `title` or `<time>` tooltip. */
export function formatFullDate(value: string | Date): string {
  const date = parse(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "14:05": a message's time of day (its day is shown by the thread's day separator). */
export function formatClockTime(value: string | Date): string {
  const date = parse(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The calendar day of a date in the viewer's time zone, as a key ("2026-11-22"). */
export function dayKey(value: string | Date): string {
  const date = parse(value) ?? new Date(0);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** A chat day separator: "Today", "Yesterday", a weekday within the last week, else the short date. */
export function formatDayLabel(value: string | Date, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return 'Today';
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / DAY);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return new Intl.DateTimeFormat('en-GB', { weekday: 'long' }).format(date);
  return formatShortDate(date, now);
}
