// The cuisine model alone: words, fitting, the blend with look-alike plates, and its accuracy on
// the test titles (leave-one-out, the figure in record 0038).
import { describe, expect, it } from 'vitest';
import { CUISINES, type Cuisine } from '@plates/common';
import { CUISINE_TITLES } from '../../test/cuisine-titles.js';
import { combine, features, fitCuisineModel, neighbourVotes, SUGGESTION_FLOOR, tokens, type TaggedText } from './cuisine-model.js';

const examples: TaggedText[] = CUISINES.flatMap((c) => CUISINE_TITLES[c].map((text) => ({ text, cuisines: [c] })));
const best = (text: string, model = fitCuisineModel(examples)) => combine(model.predict(text), undefined)[0]?.name;

describe('tokens', () => {
  it('lower-cases, folds accents, drops stop words and one-letter words', () => {
    expect(tokens('Crème Brûlée with a TWIST!')).toEqual(['creme', 'brulee', 'twist']);
    expect(tokens('   ')).toEqual([]);
  });

  it('adds the three-letter pieces of each word', () => {
    expect(features('Pho')).toEqual(['pho', '#<ph', '#pho', '#ho>']);
  });
});

describe('the fitted model', () => {
  it('suggests Italian for "Margherita pizza" and Thai for "Pad thai", and words it never saw say nothing', () => {
    const model = fitCuisineModel(examples);
    expect(model.size).toBe(examples.length);
    expect(best('Margherita pizza', model)).toBe('Italian');
    expect(best('Pad thai', model)).toBe('Thai');
    expect(best('pizza with extra basil', model)).toBe('Italian');
    expect(best('spicy green curry', model)).toBe('Thai');
    expect(model.predict('zzz qqq')).toBeUndefined();
    expect(combine(model.predict('zzzz'), undefined)).toEqual([]);
  });

  it('answers at most three, best first, none below the floor, confidences 0-1', () => {
    const model = fitCuisineModel(examples);
    for (const text of ['chicken', 'rice', 'soup with noodles', 'pork']) {
      const out = combine(model.predict(text), undefined);
      expect(out.length).toBeLessThanOrEqual(3);
      for (const s of out) expect(s.confidence).toBeGreaterThanOrEqual(SUGGESTION_FLOOR);
      for (const s of out) expect(s.confidence).toBeLessThanOrEqual(1);
      expect(out.map((s) => s.confidence)).toEqual([...out.map((s) => s.confidence)].sort((a, b) => b - a));
    }
  });

  it('is right about a plate it was not fitted on far more often than chance (leave-one-out over the test titles)', () => {
    let top1 = 0;
    let top3 = 0;
    let answered = 0;
    for (let i = 0; i < examples.length; i++) {
      const model = fitCuisineModel(examples.filter((_, j) => j !== i));
      const out = combine(model.predict(examples[i]!.text), undefined).map((s) => s.name);
      if (out.length > 0) answered += 1;
      if (out[0] === examples[i]!.cuisines[0]) top1 += 1;
      if (out.includes(examples[i]!.cuisines[0]!)) top3 += 1;
    }
    // Dish names are mostly words no other title has: what is left is shared words and word parts
    // (curry, noodles, tagine, kebab). Chance is 1 in 16.
    // Measured for record 0038: suggested 115 of 128, the first suggestion right for 32, in the top 3 for 33.
    expect(answered).toBeGreaterThan(examples.length * 0.8);
    expect(top1 / examples.length).toBeGreaterThan(3 / 16);
    expect(top3).toBeGreaterThanOrEqual(top1);
  });
});

describe('the blend with look-alike plates', () => {
  it('lets the nearest plates vote, closer ones louder, and decides alone when the words say nothing', () => {
    const votes = neighbourVotes([
      { distance: 0.1, cuisines: ['Thai'] },
      { distance: 0.2, cuisines: ['Thai'] },
      { distance: 1.5, cuisines: ['Italian'] },
      { distance: 0.3, cuisines: [] },
    ])!;
    expect(votes.get('Thai')!).toBeGreaterThan(0.8);
    expect(combine(undefined, votes)[0]).toMatchObject({ name: 'Thai' });
    expect(neighbourVotes([])).toBeUndefined();
  });

  it('weighs the words above the pictures when both speak', () => {
    const text = new Map<Cuisine, number>([['Italian', 1]]);
    const visual = new Map<Cuisine, number>([['Thai', 1]]);
    expect(combine(text, visual)).toEqual([
      { name: 'Italian', confidence: 0.65 },
      { name: 'Thai', confidence: 0.35 },
    ]);
  });
});
