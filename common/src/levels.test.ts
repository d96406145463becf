import { describe, expect, it } from 'vitest';
import { LEVELS, levelForPoints, levelProgress, MAX_LEVEL } from './levels.js';

describe('levels', () => {
  it('are the ten of the specification, in order', () => {
    expect(LEVELS.map((l) => [l.level, l.name, l.minPoints])).toEqual([
      [1, 'Fresh Cook', 0],
      [2, 'Kitchen Helper', 1000],
      [3, 'Home Chef', 2500],
      [4, 'Recipe Creator', 5000],
      [5, 'Food Enthusiast', 10000],
      [6, 'Culinary Artist', 25000],
      [7, 'Master Chef', 50000],
      [8, 'Culinary Legend', 100000],
      [9, 'Kitchen Virtuoso', 200000],
      [10, 'Culinary God', 400000],
    ]);
    expect(MAX_LEVEL).toBe(10);
  });

  it.each(LEVELS.map((l) => [l.minPoints, l.level] as const))('%i points reach level %i exactly at the threshold', (points, level) => {
    expect(levelForPoints(points).level).toBe(level);
    if (points > 0) expect(levelForPoints(points - 1).level).toBe(level - 1);
  });

  it('counts negative totals as the first level', () => {
    expect(levelForPoints(-50).level).toBe(1);
    expect(levelProgress(-50)).toMatchObject({ pointsToNext: 1000, progressPercent: 0 });
  });
});

describe('levelProgress', () => {
  it('starts at 0 % with the whole span to go', () => {
    expect(levelProgress(0)).toMatchObject({ pointsToNext: 1000, progressPercent: 0 });
  });

  it('is the position between this threshold and the next', () => {
    expect(levelProgress(500)).toMatchObject({ pointsToNext: 500, progressPercent: 50 });
    expect(levelProgress(999)).toMatchObject({ pointsToNext: 1, progressPercent: 99.9 });
    expect(levelProgress(1000)).toMatchObject({ pointsToNext: 1500, progressPercent: 0 });
    expect(levelProgress(1750).progressPercent).toBe(50);
    expect(levelProgress(399_999)).toMatchObject({ pointsToNext: 1, progressPercent: 99.9995 });
  });

  it('is 100 % with nothing to go at the top level, however far past it', () => {
    for (const p of [400_000, 400_001, 10_000_000]) {
      expect(levelProgress(p)).toMatchObject({ next: undefined, pointsToNext: 0, progressPercent: 100 });
      expect(levelProgress(p).level.level).toBe(10);
    }
  });
});
