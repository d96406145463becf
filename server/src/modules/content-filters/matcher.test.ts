import { describe, expect, it } from 'vitest';
import { compileFilter, decodeScopes, encodeScopes, fold, wordsOf, type FilterDefinition } from './matcher.js';

const base: FilterDefinition = {
  id: 1,
  name: 'test',
  filterType: 'word',
  pattern: 'spam',
  action: 'flag',
  severity: 'medium',
  appliesTo: 'all',
  isActive: true,
};
const word = (pattern: string, more: Partial<FilterDefinition> = {}) => compileFilter({ ...base, pattern, ...more });
const pattern = (source: string, more: Partial<FilterDefinition> = {}) => compileFilter({ ...base, filterType: 'pattern', pattern: source, ...more });
const texts = (parts: { text: string }[]) => parts.map((part) => part.text);

describe('folding', () => {
  it('drops accents, case, invisible characters and width, and knows where each character came from', () => {
    expect(fold('Crème BRÛLÉE').text).toBe('creme brulee');
    expect(fold('s\u200Bp\u200Da\u00ADm\uFEFF').text).toBe('spam');
    expect(fold('ｓｐａｍ').text).toBe('spam');
    const folded = fold('a\u200Bé!');
    expect(folded.text).toBe('ae!');
    expect(folded.from).toEqual([0, 2, 3]);
    expect(folded.to).toEqual([1, 3, 4]);
  });
});

describe('word filters', () => {
  it('match whole words, whatever the case and accents', () => {
    const filter = word('creme');
    expect(texts(filter.match('Best CRÈME ever, crème again'))).toEqual(['CRÈME', 'crème']);
    expect(filter.match('cremeux and acreme')).toEqual([]);
    expect(word('crème').match('creme')).toHaveLength(1);
  });

  it('see through zero-width characters and full-width letters, and answer the part as written', () => {
    const filter = word('spam');
    const text = 'buy s\u200Bpa\u200Cm now';
    const [part] = filter.match(text);
    expect(part).toEqual({ start: 4, end: 10, text: 's\u200Bpa\u200Cm' });
    expect(texts(filter.match('ＳＰＡＭ!'))).toEqual(['ＳＰＡＭ']);
  });

  it('hold several words and phrases, a phrase matching across any white space', () => {
    expect(wordsOf('Spam, eggs\n  cheap   pills ,')).toEqual(['spam', 'eggs', 'cheap pills']);
    const filter = word('spam, cheap pills');
    expect(texts(filter.match('Cheap\n\tpills and SPAM'))).toEqual(['Cheap\n\tpills', 'SPAM']);
    expect(filter.match('cheap pillsbury')).toEqual([]);
  });

  it('treat regular-expression characters as plain text', () => {
    const filter = word('a.b, (c)');
    expect(filter.match('axb c')).toEqual([]);
    expect(texts(filter.match('a.b and (c)'))).toEqual(['a.b', '(c)']);
  });
});

describe('pattern filters', () => {
  it('match case-insensitively, as written and once folded, with every part', () => {
    const filter = pattern('v[i1!]agra');
    expect(texts(filter.match('VIAGRA and v1agra and vïagra'))).toEqual(['VIAGRA', 'v1agra', 'vïagra']);
    expect(pattern('caf\u00e9').match('CAFÉ')).toHaveLength(1);
    expect(texts(pattern('free\\s+money').match('FREE\u200B money'))).toEqual(['FREE\u200B money']);
  });

  it('skip a stored pattern that no longer compiles instead of failing the write', () => {
    expect(pattern('(').match('((( text')).toEqual([]);
  });

  it('answer at most 20 parts', () => {
    expect(pattern('x').match('x '.repeat(100))).toHaveLength(20);
  });
});

describe('scopes', () => {
  it('apply everywhere or where listed, stored as text', () => {
    expect(word('spam').appliesIn('chat')).toBe(true);
    const scoped = word('spam', { appliesTo: ['titles', 'comments'] });
    expect(scoped.appliesIn('titles')).toBe(true);
    expect(scoped.appliesIn('chat')).toBe(false);
    expect(encodeScopes(['titles', 'comments', 'titles'])).toBe('titles,comments');
    expect(encodeScopes('all')).toBe('all');
    expect(decodeScopes('titles, chat,unknown', ['titles', 'chat'])).toEqual(['titles', 'chat']);
    expect(decodeScopes('all', ['titles'])).toBe('all');
  });
});
