import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AnalyzerBusyError, EMBEDDING_DIMENSIONS, type EngineParts, type EngineThresholds, type PhotoAnalyzer, type RawAnalysis } from '../modules/analysis/engine/types.js';

/**
 * A stand-in for the photo analysis engine with answers the test programs (no safe NSFW test image
 * exists, and the engine has its own tests on its real models). It answers only the parts asked,
 * as the engine does, and records every call with the image it was given.
 */
export interface FakeAnalyzer extends PhotoAnalyzer {
  calls: Array<{ image: Buffer; parts: EngineParts; thresholds: EngineThresholds }>;
  /** What the next analyses answer (per part, before the parts asked are applied). */
  answer: (image: Buffer) => Omit<RawAnalysis, 'embedding'> & { embedding?: number[] };
  /** Refuse with AnalyzerBusyError while true. */
  busy: boolean;
  /** Fail the next n calls with an ordinary error. */
  failures: number;
  closed: boolean;
  /** What stats() reports as queued (a busy pool that still accepts work). */
  queued: number;
}

/** A unit vector pointing mostly along axis `axis`, a little along `mix` (0-1) of axis + 1. */
export function unitVector(axis: number, mix = 0): number[] {
  const v = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  v[axis % EMBEDDING_DIMENSIONS] = Math.sqrt(1 - mix * mix);
  v[(axis + 1) % EMBEDDING_DIMENSIONS] = mix;
  return v;
}

/** A unit vector drawn from the bytes' hash: different images, different vectors. */
export function vectorOf(bytes: Buffer): number[] {
  const digest = createHash('sha512').update(bytes).digest();
  const v = Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (digest[i % digest.length]! - 127.5) / 127.5);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

export const NEUTRAL_SCORES = { drawing: 0.02, hentai: 0.01, neutral: 0.9, porn: 0.02, sexy: 0.05 };
export const EXPLICIT_SCORES = { drawing: 0.01, hentai: 0.3, neutral: 0.04, porn: 0.6, sexy: 0.05 };

export function fakeAnalyzer(): FakeAnalyzer {
  const fake: FakeAnalyzer = {
    calls: [],
    busy: false,
    failures: 0,
    closed: false,
    queued: 0,
    answer: () => ({
      quality: { score: 72.4, tips: ['dark'], metrics: { brightness: 0.3 } },
      nsfw: { scores: NEUTRAL_SCORES, held: false },
      food: {
        found: true,
        labels: [
          { name: 'pizza', score: 0.91, kind: 'food' },
          { name: 'cup', score: 0.5, kind: 'tableware' },
        ],
        best: { name: 'pizza', score: 0.91 },
      },
    }),
    async analyze(image, parts, thresholds) {
      if (fake.busy) throw new AnalyzerBusyError();
      if (fake.failures > 0) {
        fake.failures -= 1;
        throw new Error('fake engine failure');
      }
      // Like the engine: it takes any image sharp reads.
      await sharp(image).metadata();
      fake.calls.push({ image, parts, thresholds });
      const a = fake.answer(image);
      return {
        quality: parts.quality ? a.quality : null,
        nsfw: parts.nsfw ? a.nsfw : null,
        food: parts.food ? a.food : null,
        embedding: parts.embedding ? (a.embedding ?? vectorOf(image)) : null,
      };
    },
    stats: () => ({ queued: fake.queued, running: 0, workers: 2 }),
    async close() {
      fake.closed = true;
    },
  };
  return fake;
}
