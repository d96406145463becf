import { describe, expect, it } from 'vitest';
import { checkPattern, PATTERN_MESSAGES } from './pattern-safety.js';

describe('filter patterns: what may be saved', () => {
  it.each([
    ['(a+)+$', PATTERN_MESSAGES.slow],
    ['(a|aa)*b', PATTERN_MESSAGES.ambiguous],
    ['(.*a){20}', PATTERN_MESSAGES.slow],
    ['(\\w+\\s?)+x', PATTERN_MESSAGES.slow],
    ['a*a*a*b', PATTERN_MESSAGES.slow],
    ['.*.*=.*', PATTERN_MESSAGES.slow],
    ['\\d+\\d+', PATTERN_MESSAGES.slow],
    ['x(?:a|ab)*y', PATTERN_MESSAGES.ambiguous],
    ['(?:spam|sp)+', PATTERN_MESSAGES.ambiguous],
  ])('refuses %s, which could backtrack catastrophically', (source, message) => {
    expect(checkPattern(source)).toEqual({ ok: false, message });
  });

  it('refuses what is not a valid expression, too long, empty-matching, or outside the supported syntax', () => {
    expect(checkPattern('(unclosed')).toMatchObject({ ok: false, message: expect.stringContaining('This is not a valid regular expression') });
    expect(checkPattern('[z-a]')).toMatchObject({ ok: false, message: expect.stringContaining('This is not a valid regular expression') });
    expect(checkPattern('x'.repeat(201))).toEqual({ ok: false, message: PATTERN_MESSAGES.tooLong });
    expect(checkPattern('a*')).toEqual({ ok: false, message: PATTERN_MESSAGES.matchesEmpty });
    expect(checkPattern('(?:)')).toEqual({ ok: false, message: PATTERN_MESSAGES.matchesEmpty });
    expect(checkPattern('(a)\\1')).toEqual({ ok: false, message: PATTERN_MESSAGES.unsupported });
    expect(checkPattern('(?=spam)s')).toEqual({ ok: false, message: PATTERN_MESSAGES.unsupported });
    expect(checkPattern('(?<!no)spam')).toEqual({ ok: false, message: PATTERN_MESSAGES.unsupported });
  });

  it.each([
    'v[i1!]agra',
    '\\b(cheap|free)\\s+(pills|meds)\\b',
    'https?://\\S+',
    '[a-z0-9.]+@[a-z0-9]+\\.com',
    'casino\\d{2,4}',
    '(cats|dogs)+',
    '(?:\\s+\\w+){1,3}',
    'b+a?d',
    'x'.repeat(200),
  ])('accepts %s', (source) => {
    expect(checkPattern(source)).toEqual({ ok: true });
  });
});
