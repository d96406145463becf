import type { FilterAction, FilterMatchPart, FilterScope, FilterSeverity, FilterType } from '@plates/common';
import { PATTERN_FLAGS } from './pattern-safety.js';

/**
 * The content filters' matching, with no I/O: a filter compiled once, then run on each text.
 *
 * Texts are folded before word filters look at them, so simple disguises do not slip through:
 * NFKD (full-width and styled letters become plain ones, ligatures split), combining marks dropped
 * (accents: "crème" is "creme"), invisible characters dropped (zero-width spaces and joiners, soft
 * hyphens, word joiners, BOM), lower case. A word filter matches whole words of the folded text;
 * a pattern filter runs on the text as written and on its folded form. Matches are answered in
 * offsets of the text as written, so the matching part can be shown as the member wrote it.
 */

export interface FilterDefinition {
  id: number;
  name: string;
  filterType: FilterType;
  pattern: string;
  action: FilterAction;
  severity: FilterSeverity;
  /** 'all', or the scopes it applies to. */
  appliesTo: 'all' | readonly FilterScope[];
  isActive: boolean;
}

export interface CompiledFilter extends FilterDefinition {
  /** The matching parts of `text` (at most MAX_PARTS), in order; pass `fold(text)` when several filters look. */
  match(text: string, folded?: FoldedText): FilterMatchPart[];
  appliesIn(scope: FilterScope): boolean;
}

/** Enough parts to show a moderator; a text with more is plainly caught. */
const MAX_PARTS = 20;

/**
 * Characters that render as nothing and are used to split a word unseen (zero-width spaces and
 * joiners, direction marks, soft hyphen, word joiner, BOM, Hangul fillers). Invisible combining
 * characters (the grapheme joiner, variation selectors) are marks, dropped with the accents.
 */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/u;
const MARK = /\p{M}/u;

export interface FoldedText {
  /** The folded text. */
  text: string;
  /** For each UTF-16 unit of `text`, the offsets in the original of the character it came from. */
  from: number[];
  to: number[];
}

/** Folds `text` (see above), keeping where each folded unit came from. */
export function fold(text: string): FoldedText {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const char of text) {
    const end = offset + char.length;
    if (!INVISIBLE.test(char)) {
      for (const part of char.normalize('NFKD')) {
        if (MARK.test(part) || INVISIBLE.test(part)) continue;
        const lower = part.toLowerCase();
        out += lower;
        for (let i = 0; i < lower.length; i++) {
          from.push(offset);
          to.push(end);
        }
      }
    }
    offset = end;
  }
  return { text: out, from, to };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The words and phrases of a word filter: separated by commas or new lines, folded. */
export function wordsOf(pattern: string): string[] {
  return [
    ...new Set(
      pattern
        .split(/[,\n]/)
        .map((word) => fold(word).text.trim().replace(/\s+/g, ' '))
        .filter((word) => word.length > 0),
    ),
  ];
}

/**
 * One expression for a word filter's words, each a whole word: not preceded or followed by a
 * letter, digit or underscore; spaces of a phrase match any run of white space. Built from
 * escaped literals only, so it runs in linear time.
 */
function wordExpression(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  const alternatives = words.map((word) => word.split(' ').map(escapeRegExp).join('\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
}

function* runs(expression: RegExp, text: string): Generator<[number, number]> {
  expression.lastIndex = 0;
  for (let m = expression.exec(text); m; m = expression.exec(text)) {
    if (m[0].length === 0) {
      expression.lastIndex++;
      continue;
    }
    yield [m.index, m.index + m[0].length];
  }
}

function partsOf(spans: Iterable<[number, number]>, text: string): FilterMatchPart[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.slice(0, MAX_PARTS).map(([start, end]) => ({ start, end, text: text.slice(start, end) }));
}

/** Spans of `expression` in the folded text, as offsets of the original. */
function* foldedRuns(expression: RegExp, folded: FoldedText): Generator<[number, number]> {
  for (const [start, end] of runs(expression, folded.text)) yield [folded.from[start]!, folded.to[end - 1]!];
}

/**
 * Compiles a filter. A pattern is compiled as saved (pattern-safety.ts has already refused those
 * that are invalid or slow); one that no longer compiles matches nothing rather than failing writes.
 */
export function compileFilter(definition: FilterDefinition): CompiledFilter {
  const scopes = definition.appliesTo === 'all' ? null : new Set(definition.appliesTo);
  let expression: RegExp | null;
  if (definition.filterType === 'word') {
    expression = wordExpression(wordsOf(definition.pattern));
  } else {
    try {
      expression = new RegExp(definition.pattern, PATTERN_FLAGS);
    } catch {
      expression = null;
    }
  }
  const isWord = definition.filterType === 'word';
  return {
    ...definition,
    appliesIn: (scope) => scopes === null || scopes.has(scope),
    match(text, folded = fold(text)) {
      if (!expression || text.length === 0) return [];
      if (isWord) return partsOf(foldedRuns(expression, folded), text);
      return partsOf([...runs(expression, text), ...foldedRuns(expression, folded)], text);
    },
  };
}

/** `appliesTo` as stored: 'all' or comma-separated scopes. */
export function encodeScopes(appliesTo: 'all' | readonly FilterScope[]): string {
  return appliesTo === 'all' ? 'all' : [...new Set(appliesTo)].join(',');
}

export function decodeScopes(stored: string, known: readonly FilterScope[]): 'all' | FilterScope[] {
  if (stored.trim() === 'all') return 'all';
  const scopes = stored
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope): scope is FilterScope => (known as readonly string[]).includes(scope));
  return scopes;
}
