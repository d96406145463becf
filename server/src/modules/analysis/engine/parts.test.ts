import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embed, FEATURE_DIMENSIONS, mulberry32 } from './embedding.js';
import { foodVerdict, readDetections, subjectArea } from './food.js';
import { nsfwVerdict } from './nsfw.js';
import { assessQuality } from './quality.js';
import { EMBEDDING_DIMENSIONS } from './types.js';

/** The engine's reading of model outputs and pixels, without the models (engine.test.ts runs them). */
describe('nsfw verdict', () => {
  it('holds on porn + hentai at the threshold, never on "sexy" alone', () => {
    expect(nsfwVerdict([0, 0.3, 0, 0.4, 0.3], 0.7).held).toBe(true);
    expect(nsfwVerdict([0, 0.3, 0, 0.39, 0.31], 0.7).held).toBe(false);
    expect(nsfwVerdict([0, 0, 0, 0, 1], 0.7)).toEqual({ scores: { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 1 }, held: false });
  });
});

describe('food verdict', () => {
  // rows as CenterNet answers them: x1, y1, x2, y2 (input pixels), score, class index
  const rows = [
    [0, 0, 100, 100, 0.6, 0], // person, the best detection
    [100, 100, 300, 300, 0.5, 41], // cup, 200x200 of 512x512
    [110, 110, 290, 290, 0.45, 41], // the same cup again, smaller
    [0, 0, 512, 512, 0.4, 60], // dining table, the whole frame
    [10, 10, 60, 60, 0.35, 53], // pizza, small
    [0, 0, 50, 50, 0.1, 46], // banana, under the threshold
  ];

  it('names food and tableware over the threshold, best first, each class once, and the best of any class', () => {
    const detections = readDetections(rows, 512, 0.3);
    expect(foodVerdict(detections, 0.3)).toEqual({
      found: true,
      labels: [
        { name: 'cup', score: 0.5, kind: 'tableware' },
        { name: 'dining table', score: 0.4, kind: 'tableware' },
        { name: 'pizza', score: 0.35, kind: 'food' },
      ],
      best: { name: 'person', score: 0.6 },
    });
    expect(foodVerdict(readDetections(rows.slice(0, 1), 512, 0.3), 0.3)).toEqual({ found: false, labels: [], best: { name: 'person', score: 0.6 } });
    expect(foodVerdict([], 0.3)).toEqual({ found: false, labels: [], best: null });
  });

  it('takes the subject from the largest food or tableware box, leaving out the table', () => {
    expect(subjectArea(readDetections(rows, 512, 0.3), 0.3)).toBeCloseTo((200 * 200) / (512 * 512), 6);
    expect(subjectArea(readDetections([[0, 0, 512, 512, 0.9, 60]], 512, 0.3), 0.3)).toBeNull();
  });
});

describe('embedding', () => {
  const random = mulberry32(7);
  const features = Array.from({ length: FEATURE_DIMENSIONS }, () => random() * 6);

  it('is a unit vector of 64 numbers, the same on every call', () => {
    const vector = embed(features);
    expect(vector).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    expect(embed(features)).toEqual(vector);
    // scale and a constant offset do not change it (centred, then normalised)
    const shifted = embed(features.map((v) => v * 2 + 1));
    shifted.forEach((v, i) => expect(v).toBeCloseTo(vector[i]!, 4));
  });

  it('refuses features of the wrong length', () => {
    expect(() => embed([1, 2, 3])).toThrow(/expected 1792 features/);
  });
});

describe('quality on generated pixels', () => {
  function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
    return { data, width, height };
  }
  const checker = (x: number, y: number): [number, number, number] => ((x >> 4) + (y >> 4)) % 2 ? [200, 60, 40] : [40, 140, 200];

  it('passes a bright, sharp, colourful frame-filling pattern, and flags its dark copy', () => {
    const good = assessQuality(image(256, 256, checker));
    expect(good.tips).toEqual([]);
    const dark = assessQuality(image(256, 256, (x, y) => checker(x, y).map((v) => Math.round(v * 0.2)) as [number, number, number]));
    expect(dark.tips).toContain('dark');
    expect(dark.score).toBeLessThan(good.score);
  });

  it('flags a small subject on a plain ground, and a white-out', () => {
    const small = assessQuality(image(256, 256, (x, y) => (x > 120 && x < 136 && y > 120 && y < 136 ? checker(x * 4, y * 4) : [180, 170, 150])));
    expect(small.tips).toContain('small_subject');
    // the detector's box, when there is one, wins over the edges
    expect(assessQuality(image(256, 256, checker), 0.05).tips).toContain('small_subject');
    expect(assessQuality(image(64, 64, () => [255, 255, 255])).tips).toContain('overexposed');
  });
});

describe('the request thread', () => {
  /** The modules a file imports for their values (type-only imports vanish when compiled), followed through relative imports. */
  function valueImports(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, clause, specifier] of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
      if (clause) continue;
      if (specifier!.startsWith('.')) valueImports(path.resolve(path.dirname(file), specifier!.replace(/\.js$/, '.ts')), seen);
      else seen.add(specifier!);
    }
    return seen;
  }

  it('never loads tfjs: the pool reaches it only through its worker file', () => {
    const pool = valueImports(path.resolve(import.meta.dirname, 'pool.ts'));
    expect([...pool].filter((m) => m.startsWith('@tensorflow'))).toEqual([]);
    expect(pool).not.toContain(path.resolve(import.meta.dirname, 'models.ts'));
    // and the check does see tfjs where it is
    const worker = valueImports(path.resolve(import.meta.dirname, 'pool.worker.ts'));
    expect(worker).toContain('@tensorflow/tfjs-core');
  });
});
