import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { getFirstConsumedChar, isPotentiallyZeroLength } from 'regexp-ast-analysis';
import { analyse } from 'scslre';
import { FILTER_PATTERN_MAX } from '@plates/common';

/**
 * Whether a moderator's regular expression may become a content filter. Filter patterns run on
 * every title, comment and chat message with the JavaScript engine, which backtracks: a pattern
 * such as `(a+)+$` takes exponential time on a text of a few dozen a's, and would stall the server
 * for everyone. So a pattern is refused when saved if it is not a valid expression, is longer than
 * FILTER_PATTERN_MAX, uses back-references or look-arounds (not needed for filters, and outside
 * what the analysis below reasons about), can match empty text, or could backtrack
 * super-linearly beyond the one pass over the text every unanchored search makes:
 *
 * - `scslre` (the analysis behind eslint-plugin-regexp) finds quantifiers that can reach
 *   themselves along ambiguous paths (`(a+)+`, `(.*a){20}`, `(\w+\s?)*`: its "Self" reports) and
 *   neighbouring quantifiers that can trade characters (`a*a*`, `.*.*=`: "Trade"). Its "Move"
 *   reports (an unanchored `\w+x` retried at each start) are the quadratic cost of any search and
 *   are allowed: texts are short (a few thousand characters at most).
 * - It reasons about attack strings that repeat one character, so it misses ambiguity between
 *   alternatives inside a repetition (`(a|aa)*b` on "aaaa…c" tries every way of splitting the a's).
 *   The rule below refuses a repeated group whose alternatives can start with the same character,
 *   or can be empty: conservative (`(ab|a)*` is refused though it is not exponential), and clear.
 */

export type PatternCheck = { ok: true } | { ok: false; message: string };

export const PATTERN_MESSAGES = {
  tooLong: `A pattern cannot exceed ${FILTER_PATTERN_MAX} characters.`,
  invalid: (detail: string) => `This is not a valid regular expression: ${detail}`,
  unsupported: 'Back-references and look-arounds ((?=…), (?!…), (?<=…), (?<!…)) cannot be used in filter patterns.',
  matchesEmpty: 'This pattern matches empty text, so it would match everything. Make it require at least one character.',
  slow:
    'This pattern could take very long to match (nested or overlapping repetition, such as (a+)+ or .*.*). Rewrite it without a repetition inside a repetition.',
  ambiguous:
    'This pattern could take very long to match: a repeated group has alternatives that can start the same way (such as (a|aa)*). Make the alternatives start differently.',
} as const;

/** The flags filter patterns run with: every match, case-insensitive, Unicode. */
export const PATTERN_FLAGS = 'giu';

const parser = new RegExpParser({ ecmaVersion: 2025 });

export function checkPattern(source: string): PatternCheck {
  if (source.length > FILTER_PATTERN_MAX) return { ok: false, message: PATTERN_MESSAGES.tooLong };
  try {
    new RegExp(source, PATTERN_FLAGS);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    return { ok: false, message: PATTERN_MESSAGES.invalid(detail) };
  }
  let pattern: AST.Pattern;
  let flags: AST.Flags;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: true });
    flags = parser.parseFlags(PATTERN_FLAGS);
  } catch (error) {
    return { ok: false, message: PATTERN_MESSAGES.invalid(error instanceof Error ? error.message : String(error)) };
  }

  let unsupported = false;
  const repeated: AST.Quantifier[] = [];
  visitRegExpAST(pattern, {
    onBackreferenceEnter: () => {
      unsupported = true;
    },
    onAssertionEnter: (node) => {
      if (node.kind === 'lookahead' || node.kind === 'lookbehind') unsupported = true;
    },
    onQuantifierEnter: (node) => {
      if (node.max > 1) repeated.push(node);
    },
  });
  if (unsupported) return { ok: false, message: PATTERN_MESSAGES.unsupported };
  if (isPotentiallyZeroLength(pattern.alternatives, flags)) return { ok: false, message: PATTERN_MESSAGES.matchesEmpty };

  const { reports } = analyse({ pattern, flags }, { reportTypes: { Self: true, Trade: true, Move: false }, assumeRejectingSuffix: true, maxReports: 1 });
  if (reports.length > 0) return { ok: false, message: PATTERN_MESSAGES.slow };

  for (const quantifier of repeated) {
    if (hasAmbiguousAlternatives(quantifier.element, flags)) return { ok: false, message: PATTERN_MESSAGES.ambiguous };
  }
  return { ok: true };
}

/** A group inside a repetition whose alternatives can be empty or start with a common character. */
function hasAmbiguousAlternatives(element: AST.QuantifiableElement, flags: AST.Flags): boolean {
  let ambiguous = false;
  const inspect = (alternatives: AST.Alternative[]) => {
    if (alternatives.length < 2) return;
    const firsts = alternatives.map((alternative) => getFirstConsumedChar(alternative, 'ltr', flags));
    if (firsts.some((first) => first.empty)) {
      ambiguous = true;
      return;
    }
    for (let i = 0; i < firsts.length; i++) {
      for (let j = i + 1; j < firsts.length; j++) {
        if (!firsts[i]!.char.isDisjointWith(firsts[j]!.char)) ambiguous = true;
      }
    }
  };
  visitRegExpAST(element, {
    onGroupEnter: (node) => inspect(node.alternatives),
    onCapturingGroupEnter: (node) => inspect(node.alternatives),
  });
  return ambiguous;
}
