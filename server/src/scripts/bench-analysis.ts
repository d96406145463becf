// Photo analysis for `npm run bench` (issue 17), and alone: `npx tsx server/src/scripts/bench-analysis.ts`
// (`npm run bench -- --only analysis` runs it with nothing else but the health row). On the
// labelled set (src/test/analysis-set.ts) at 1024 px: each part alone and all together, times as the
// caller sees them (queue, worker, decode and model); the first photo's cold start; the process's
// resident memory (workers included) while the pool is busy; and how well the 64-number embedding's
// nearest neighbours agree with those of the full 1792 features (recall@5).
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { centredFeatures, embed } from '../modules/analysis/engine/embedding.js';
import { createPhotoAnalyzer, defaultWorkers } from '../modules/analysis/engine/pool.js';
import type { EngineParts } from '../modules/analysis/engine/types.js';
import { buildAnalysisSet } from '../test/analysis-set.js';
import { photo } from '../test/media.fixtures.js';

export interface AnalysisRow {
  part: string;
  photos: number;
  p50: number;
  p99: number;
  max: number;
}

export interface AnalysisFigures {
  rows: AnalysisRow[];
  /** The first photo on a new pool, all parts: worker start, WASM and both models loaded. */
  coldStartMs: number;
  /** Resident memory of the whole process (MB): before the pool, and the most seen while it is busy. */
  rssBeforeMb: number;
  rssBusyMb: Record<string, number>;
  /** Photos a second with every part, by workers. */
  throughput: Record<string, number>;
  recallAt5: number;
  recallImages: number;
  notes: string[];
}

const THRESHOLDS = { nsfwHold: 0.7, foodMin: 0.3 };
const NONE: EngineParts = { quality: false, nsfw: false, food: false, embedding: false };
const PARTS: Array<[string, EngineParts]> = [
  ['quality', { ...NONE, quality: true }],
  ['nsfw', { ...NONE, nsfw: true }],
  ['food', { ...NONE, food: true }],
  ['embedding', { ...NONE, embedding: true }],
  ['all four', { quality: true, nsfw: true, food: true, embedding: true }],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number) => Math.round(n * 10) / 10;
const rssMb = () => round(process.memoryUsage.rss() / 1024 / 1024);

/** The labelled set at 1024 px on the long side, as JPEG (what the upload pipeline hands over). */
async function photos1024(): Promise<Buffer[]> {
  const set = await buildAnalysisSet();
  return Promise.all(set.map((item) => sharp(item.image).resize(1024, 1024, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer()));
}

/** Photos for the neighbour test: the labelled set and crops, flips and tints of the three photographs. */
async function neighbourSet(base: Buffer[]): Promise<Buffer[]> {
  const variants: Buffer[] = [...base];
  for (const name of ['coffee', 'chelsea', 'astronaut'] as const) {
    const source = photo(name);
    const { width = 0, height = 0 } = await sharp(source).metadata();
    const crop = (l: number, t: number) =>
      sharp(source).extract({ left: Math.round(width * l), top: Math.round(height * t), width: Math.round(width * 0.7), height: Math.round(height * 0.7) });
    for (const image of [
      crop(0, 0), crop(0.3, 0), crop(0, 0.3), crop(0.3, 0.3), crop(0.15, 0.15),
      sharp(source).flop(), sharp(source).rotate(90), sharp(source).modulate({ hue: 40 }), sharp(source).modulate({ brightness: 1.2, saturation: 1.3 }),
    ]) {
      variants.push(await image.jpeg({ quality: 85 }).toBuffer());
    }
  }
  return variants;
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function neighbours(vectors: ArrayLike<number>[], index: number, k: number): number[] {
  return vectors
    .map((v, i) => [i, cosine(vectors[index]!, v)] as const)
    .filter(([i]) => i !== index)
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([i]) => i);
}

export async function benchAnalysis(options: { rounds?: number } = {}): Promise<AnalysisFigures> {
  const rounds = Math.max(1, options.rounds ?? 2);
  const images = await photos1024();
  const notes: string[] = [];
  const rssBeforeMb = rssMb();
  const rows: AnalysisRow[] = [];
  const rssBusyMb: Record<string, number> = {};
  const throughput: Record<string, number> = {};

  // Times, one photo at a time on one worker
  const pool = createPhotoAnalyzer({ workers: 1 });
  let coldStartMs: number;
  let recallAt5: number;
  let recallImages: number;
  try {
    let t0 = performance.now();
    await pool.analyze(images[0]!, PARTS.at(-1)![1], THRESHOLDS);
    coldStartMs = round(performance.now() - t0);
    for (const image of images) await pool.analyze(image, PARTS.at(-1)![1], THRESHOLDS); // warm-up
    for (const [part, parts] of PARTS) {
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const image of images) {
          t0 = performance.now();
          await pool.analyze(image, parts, THRESHOLDS);
          times.push(performance.now() - t0);
        }
      }
      times.sort((a, b) => a - b);
      rows.push({ part, photos: times.length, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)), max: round(times.at(-1)!) });
      console.log(`  ${part}: p50 ${rows.at(-1)!.p50} ms, p99 ${rows.at(-1)!.p99} ms`);
    }

    // recall@5 of the 64-number embedding against the full features, on the same images
    const set = await neighbourSet(images);
    const full: Float32Array[] = [];
    const reduced: number[][] = [];
    for (const image of set) {
      const features = await pool.features(image);
      full.push(centredFeatures(features));
      reduced.push(embed(features));
    }
    let hits = 0;
    for (let i = 0; i < set.length; i++) {
      const truth = new Set(neighbours(full, i, 5));
      hits += neighbours(reduced, i, 5).filter((j) => truth.has(j)).length;
    }
    recallAt5 = Math.round((hits / (set.length * 5)) * 1000) / 1000;
    recallImages = set.length;
    console.log(`  embedding recall@5 against the full 1792 features: ${recallAt5} on ${set.length} images`);
  } finally {
    await pool.close();
  }

  // Memory and throughput with every part, the queue kept full, by pool size
  for (const workers of [...new Set([defaultWorkers(), 2])]) {
    const busy = createPhotoAnalyzer({ workers, queueLimit: images.length });
    let peak = rssMb();
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMb());
    }, 25);
    try {
      await Promise.all(images.map((image) => busy.analyze(image, PARTS.at(-1)![1], THRESHOLDS))); // cold: load the models
      const started = performance.now();
      for (let r = 0; r < rounds; r++) await Promise.all(images.map((image) => busy.analyze(image, PARTS.at(-1)![1], THRESHOLDS)));
      throughput[`${workers}`] = round((images.length * rounds) / ((performance.now() - started) / 1000));
      rssBusyMb[`${workers}`] = round(Math.max(peak, rssMb()));
      console.log(`  ${workers} worker(s): ${throughput[`${workers}`]} photos/s with every part, RSS at most ${rssBusyMb[`${workers}`]} MB`);
    } finally {
      clearInterval(timer);
      await busy.close();
    }
  }
  notes.push(`photo analysis: default pool ${defaultWorkers()} worker(s) on ${availableParallelism()} cores; RSS before any pool ${rssBeforeMb} MB`);
  return { rows, coldStartMs, rssBeforeMb, rssBusyMb, throughput, recallAt5, recallImages, notes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log('photo analysis on the labelled set at 1024 px');
  const figures = await benchAnalysis();
  console.log(JSON.stringify(figures, null, 2));
}
