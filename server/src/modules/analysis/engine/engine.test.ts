import { readFileSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnalysisSet, type LabelledPhoto } from '../../../test/analysis-set.js';
import { photo } from '../../../test/media.fixtures.js';
import { type AnalyzerPool, createPhotoAnalyzer } from './pool.js';
import { AnalyzerBusyError, EMBEDDING_DIMENSIONS, type EngineParts, type RawAnalysis } from './types.js';

/**
 * The engine with its real models, on the labelled set (src/test/analysis-set.ts). One pool for the
 * model tests (a worker's cold start and model loads cost about a second); the pool's own behaviour
 * (queue, crashes, lazy models) is shown with the quality part alone, which loads no model.
 */
const ALL: EngineParts = { quality: true, nsfw: true, food: true, embedding: true };
const QUALITY_ONLY: EngineParts = { quality: true, nsfw: false, food: false, embedding: false };
const THRESHOLDS = { nsfwHold: 0.7, foodMin: 0.3 };

describe('photo analysis engine, real models', () => {
  let pool: AnalyzerPool;
  let set: LabelledPhoto[];
  const results = new Map<string, RawAnalysis>();

  beforeAll(async () => {
    pool = createPhotoAnalyzer({ workers: 1 });
    set = await buildAnalysisSet();
    for (const item of set) results.set(item.name, await pool.analyze(item.image, ALL, THRESHOLDS));
  }, 60_000);
  afterAll(() => pool.close());

  const result = (name: string) => results.get(name)!;

  it('gives each labelled photo the tips it must get, and none it must not', () => {
    for (const item of set) {
      const tips = result(item.name).quality!.tips;
      for (const tip of item.tips) expect(tips, `${item.name} gets ${tip}`).toContain(tip);
      for (const tip of item.notTips) expect(tips, `${item.name} does not get ${tip}`).not.toContain(tip);
    }
  });

  it('scores the good coffee higher than its dark and blurry versions', () => {
    const good = result('coffee').quality!;
    expect(good.tips).not.toContain('dark');
    expect(good.tips).not.toContain('blurry');
    expect(good.score).toBeGreaterThan(result('coffee-dark').quality!.score + 20);
    expect(good.score).toBeGreaterThan(result('coffee-blurry').quality!.score + 20);
    expect(good.metrics.sharpness).toBeGreaterThan(result('coffee-blurry').quality!.metrics.sharpness!);
  });

  it('finds the cup in the coffee, and no food in the cat, the portrait or the generated pictures', () => {
    const coffee = result('coffee').food!;
    expect(coffee.found).toBe(true);
    expect(coffee.labels.map((l) => l.name)).toContain('cup');
    expect(coffee.labels.find((l) => l.name === 'cup')).toMatchObject({ kind: 'tableware' });
    for (const item of set.filter((i) => i.food === false)) {
      expect(result(item.name).food, item.name).toMatchObject({ found: false, labels: [] });
    }
    // the best detection names what is there instead
    expect(result('astronaut').food!.best).toMatchObject({ name: 'person' });
  });

  it('holds none of the real photographs, and answers the five class scores', () => {
    for (const name of ['coffee', 'chelsea', 'astronaut']) {
      const nsfw = result(name).nsfw!;
      expect(Object.keys(nsfw.scores).sort()).toEqual(['drawing', 'hentai', 'neutral', 'porn', 'sexy']);
      expect(nsfw.held, name).toBe(false);
      expect(nsfw.scores.porn! + nsfw.scores.hentai!).toBeLessThan(0.1);
    }
    expect(result('astronaut').nsfw!.scores.neutral).toBeGreaterThan(0.5);
  });

  it('embeds each photo as a unit vector of 64 numbers, a spoiled copy nearer its original than another photo', () => {
    const vector = (name: string) => result(name).embedding!;
    for (const name of ['coffee', 'chelsea', 'stripes']) {
      expect(vector(name)).toHaveLength(EMBEDDING_DIMENSIONS);
      expect(Math.hypot(...vector(name))).toBeCloseTo(1, 4);
    }
    const cosine = (a: string, b: string) => vector(a).reduce((sum, v, i) => sum + v * vector(b)[i]!, 0);
    expect(cosine('coffee', 'coffee-dull')).toBeGreaterThan(cosine('coffee', 'chelsea'));
    expect(cosine('coffee', 'coffee-dull')).toBeGreaterThan(cosine('coffee', 'stripes'));
    expect(cosine('chelsea', 'chelsea-noisy')).toBeGreaterThan(cosine('chelsea', 'astronaut'));
  });

  it('has loaded both models in its worker once asked for every part', async () => {
    expect(await pool.loadedModels()).toEqual([['centernet', 'nsfw']]);
  });
});

describe('photo analysis pool', () => {
  let pool: AnalyzerPool;
  beforeAll(() => {
    pool = createPhotoAnalyzer({ workers: 1, queueLimit: 1 });
  });
  afterAll(() => pool.close());
  const image = () => sharp(photo('coffee')).resize(300).png().toBuffer();

  it('loads no model for the parts not asked', async () => {
    const result = await pool.analyze(await image(), QUALITY_ONLY, THRESHOLDS);
    expect(result.quality?.score).toBeGreaterThan(0);
    expect(result).toMatchObject({ nsfw: null, food: null, embedding: null });
    expect(await pool.loadedModels()).toEqual([[]]);
  }, 20_000);

  it('runs its workers at the lowest CPU priority, so requests come first', async () => {
    await pool.analyze(await image(), QUALITY_ONLY, THRESHOLDS);
    // Each thread of this process: its name and nice value (/proc/self/task/<tid>/stat, fields after the name).
    const threads = readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), nice: Number(after[16]) };
    });
    expect(threads.filter((t) => t.name === 'WorkerThread' && t.nice === 19).length).toBeGreaterThanOrEqual(1);
    expect(threads.find((t) => t.name !== 'WorkerThread')?.nice).toBe(0);
  });

  it('refuses at once a photo past the queue limit, and finishes those it took', async () => {
    const bytes = await image();
    const first = pool.analyze(bytes, QUALITY_ONLY, THRESHOLDS);
    const second = pool.analyze(bytes, QUALITY_ONLY, THRESHOLDS);
    expect(pool.stats()).toEqual({ queued: 1, running: 1, workers: 1 });
    await expect(pool.analyze(bytes, QUALITY_ONLY, THRESHOLDS)).rejects.toBeInstanceOf(AnalyzerBusyError);
    const done = await Promise.all([first, second]);
    expect(done.map((r) => r.quality!.tips)).toEqual([[], []]);
  }, 20_000);

  it('tries a photo again on a new worker when its worker dies, once', async () => {
    const bytes = await image();
    const analysis = pool.analyze(bytes, QUALITY_ONLY, THRESHOLDS);
    await pool.crashWorker(0);
    await expect(analysis).resolves.toMatchObject({ quality: { tips: [] } });
    expect(pool.stats()).toMatchObject({ workers: 1, running: 0, queued: 0 });

    const unlucky = pool.analyze(bytes, QUALITY_ONLY, THRESHOLDS);
    await pool.crashWorker(0);
    // the retry starts a new worker at once: end that one too, before it answers
    await pool.crashWorker(0);
    await expect(unlucky).rejects.toThrow(/worker stopped/);
  }, 30_000);

  it('ends a worker that holds a photo past the time limit, and gives up on the photo the second time', async () => {
    const warnings: string[] = [];
    const logger = { warn: (_: object, msg?: string) => warnings.push(msg ?? ''), error: (_: object, msg?: string) => warnings.push(msg ?? '') };
    // 1 ms: no worker even starts in time
    const hasty = createPhotoAnalyzer({ workers: 1, timeoutMs: 1, logger });
    try {
      await expect(hasty.analyze(await image(), QUALITY_ONLY, THRESHOLDS)).rejects.toThrow(/timed out after 1 ms/);
      expect(warnings).toEqual([
        'photo analysis worker timed out after 1 ms; trying its photo again on a new worker',
        'photo analysis worker timed out after 1 ms twice on the same photo',
      ]);
    } finally {
      await hasty.close();
    }
  });

  it('rejects what is not an image with a clear error, and keeps its worker', async () => {
    await pool.analyze(await image(), QUALITY_ONLY, THRESHOLDS);
    expect(pool.stats().workers).toBe(1);
    await expect(pool.analyze(Buffer.from('not a photo'), QUALITY_ONLY, THRESHOLDS)).rejects.toThrow(/^photo analysis failed: .*unsupported image format/);
    expect(pool.stats()).toEqual({ queued: 0, running: 0, workers: 1 });
    await expect(pool.analyze(await image(), QUALITY_ONLY, THRESHOLDS)).resolves.toMatchObject({ quality: { tips: [] } });
  });

  it('refuses photos once closed', async () => {
    const closing = createPhotoAnalyzer({ workers: 1 });
    await closing.close();
    await expect(closing.analyze(await image(), QUALITY_ONLY, THRESHOLDS)).rejects.toThrow(/closed/);
  });
});
