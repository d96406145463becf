/**
 * The words of a search box's text for full-text matching: accent-folded, lower-cased, letters and
 * digits only. Each becomes a prefix term (`creme:*`), so nothing the user typed can be read as
 * tsquery syntax (`&|!():*'\<>` and spaces never reach `to_tsquery`).
 *
 * NFKD splits accents off (and fullwidth or ligature forms apart) and the marks are dropped. The
 * database folds the words again with `unaccent`, which also maps letters NFKD keeps (ø, ß, æ);
 * the spacing modifier letters (U+02B0-U+02FF: ʼ ˈ ː …) are treated as separators because
 * `unaccent` turns several of them into quotes or colons.
 */
export function searchWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[\u02B0-\u02FF]+/g, ' ')
    .toLowerCase();
  const words = folded.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** More words than this add nothing but work (the text is at most 100 characters anyway). */
const MAX_WORDS = 8;

/** `word:*`: the word as a prefix, in `to_tsquery` syntax. Only for words from `searchWords`. */
export const prefixTerm = (word: string): string => `${word}:*`;

/** Any of the words as prefixes (`a:* | b:*`), for ranking; undefined when there are none. */
export function anyWordQuery(words: string[]): string | undefined {
  return words.length > 0 ? words.map(prefixTerm).join(' | ') : undefined;
}
