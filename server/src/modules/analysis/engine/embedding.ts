import { EMBEDDING_DIMENSIONS } from './types.js';

/**
 * The image embedding: the MobileNetV2 backbone's pooled features (1792 numbers, the nsfw model's
 * `feature_vector`), reduced to {@link EMBEDDING_DIMENSIONS} by a fixed random projection and made
 * unit length.
 *
 * A Gaussian random projection keeps inner products, and so cosine neighbours, approximately
 * (Johnson-Lindenstrauss) with no training data, and it is the same matrix on every machine and every
 * run (seeded), so vectors stored last year still compare with today's. The features are centred on
 * a constant first (ReLU6 outputs are all positive, and their common mean otherwise dominates every
 * cosine). PCA would keep more of the variance but needs a corpus of food photos to fit on and a
 * stored matrix; the measured recall@5 against the full vectors is in decision record 0037.
 */
export const FEATURE_DIMENSIONS = 1792;
const PROJECTION_SEED = 0x9e3779b9;

let projection: Float32Array | null = null;

/** The fixed projection, rows of {@link FEATURE_DIMENSIONS} normal draws, made on first use (460 KB). */
function projectionMatrix(): Float32Array {
  if (projection) return projection;
  const random = mulberry32(PROJECTION_SEED);
  const matrix = new Float32Array(EMBEDDING_DIMENSIONS * FEATURE_DIMENSIONS);
  for (let i = 0; i < matrix.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(random() || 1e-12));
    const t = 2 * Math.PI * random();
    matrix[i] = r * Math.cos(t);
    matrix[i + 1] = r * Math.sin(t);
  }
  projection = matrix;
  return matrix;
}

/** Features centred on their own mean and scaled to unit length: the full-dimension vector neighbours are measured on. */
export function centredFeatures(features: ArrayLike<number>): Float32Array {
  let mean = 0;
  for (let i = 0; i < features.length; i++) mean += features[i]!;
  mean /= features.length;
  const out = new Float32Array(features.length);
  for (let i = 0; i < features.length; i++) out[i] = features[i]! - mean;
  return normalise(out);
}

/** The 64-number unit vector of a photo's backbone features. */
export function embed(features: ArrayLike<number>): number[] {
  if (features.length !== FEATURE_DIMENSIONS) throw new Error(`expected ${FEATURE_DIMENSIONS} features, got ${features.length}`);
  const centred = centredFeatures(features);
  const matrix = projectionMatrix();
  const out = new Float32Array(EMBEDDING_DIMENSIONS);
  for (let d = 0; d < EMBEDDING_DIMENSIONS; d++) {
    let sum = 0;
    const row = d * FEATURE_DIMENSIONS;
    for (let i = 0; i < FEATURE_DIMENSIONS; i++) sum += matrix[row + i]! * centred[i]!;
    out[d] = sum;
  }
  return Array.from(normalise(out), (v) => Math.round(v * 1e6) / 1e6);
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}

/** A small seeded generator (mulberry32): the same numbers on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
