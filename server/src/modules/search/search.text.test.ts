import { describe, expect, it } from 'vitest';
import { anyWordQuery, prefixTerm, searchWords } from './search.text.js';

describe('searchWords', () => {
  it('folds case and accents and keeps letters and digits of any script', () => {
    expect(searchWords('Crème  BRÛLÉE')).toEqual(['creme', 'brulee']);
    expect(searchWords('Ｐｉｚｚａ ﬁsh')).toEqual(['pizza', 'fish']);
    expect(searchWords('ラーメン 拉面 Пельмени 2x')).toEqual(['ラーメン', '拉面', 'пельмени', '2x']);
  });

  it('drops every character tsquery could read as syntax', () => {
    expect(searchWords("' OR 1=1 --")).toEqual(['or', '1']);
    expect(searchWords('a:* & b | !c <-> (d) \\e "f"')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchWords('%_%  🍕 ％＿')).toEqual([]);
    // spacing modifier letters, which unaccent turns into quotes or colons, split words
    expect(searchWords('ŉ aʼb cːd')).toEqual(['n', 'a', 'b', 'c', 'd']);
    for (const word of searchWords('ŉ ʼ ˈ ː ½ ⑴ ℀ ㏂ 🄐 ⒜')) expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
  });

  it('keeps at most 8 distinct words', () => {
    expect(searchWords('a b a c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('tsquery text', () => {
  it('makes each word a prefix and joins them with OR for ranking', () => {
    expect(prefixTerm('creme')).toBe('creme:*');
    expect(anyWordQuery(['creme', 'brulee'])).toBe('creme:* | brulee:*');
    expect(anyWordQuery([])).toBeUndefined();
  });
});
