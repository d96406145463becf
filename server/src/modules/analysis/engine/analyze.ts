import sharp from 'sharp';
import { embed } from './embedding.js';
import { foodVerdict, readDetections, subjectArea } from './food.js';
import { CENTERNET_INPUT, CENTERNET_OUTPUT, FEATURE_OUTPUT, model, NSFW_INPUT, NSFW_OUTPUT, tf } from './models.js';
import { nsfwVerdict } from './nsfw.js';
import { assessQuality, QUALITY_SIZE } from './quality.js';
import type { EngineParts, EngineThresholds, RawAnalysis } from './types.js';

/**
 * Worker-only: one photo through the parts asked. The image is decoded once (EXIF orientation
 * applied, 1024 px on the long side at most) and each part takes its own resize of those pixels.
 * A part not asked loads nothing; NSFW and the embedding share one pass of the MobileNet.
 */
export const WORKING_SIZE = 1024;

/** Time spent in each part, in ms, for the benchmark. */
export type PartTimings = Partial<Record<'decode' | keyof EngineParts, number>>;

export async function analyzeImage(
  image: Uint8Array,
  parts: EngineParts,
  thresholds: EngineThresholds,
  timings: PartTimings = {},
): Promise<RawAnalysis> {
  let started = performance.now();
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(WORKING_SIZE, WORKING_SIZE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  timings.decode = performance.now() - started;

  const answer: RawAnalysis = { quality: null, nsfw: null, food: null, embedding: null };
  let subject: number | null = null;

  if (parts.food) {
    started = performance.now();
    const input = await pixels().resize(CENTERNET_INPUT, CENTERNET_INPUT, { fit: 'fill' }).raw().toBuffer();
    const centernet = await model('centernet');
    const output = tf.tidy(() => centernet.execute(tf.tensor4d(Float32Array.from(input), [1, CENTERNET_INPUT, CENTERNET_INPUT, 3]), CENTERNET_OUTPUT) as tf.Tensor);
    const rows = ((await output.array()) as number[][][])[0] ?? [];
    output.dispose();
    const detections = readDetections(rows, CENTERNET_INPUT, thresholds.foodMin);
    answer.food = foodVerdict(detections, thresholds.foodMin);
    subject = subjectArea(detections, thresholds.foodMin);
    timings.food = performance.now() - started;
  }

  if (parts.nsfw || parts.embedding) {
    started = performance.now();
    const input = await pixels().resize(NSFW_INPUT, NSFW_INPUT, { fit: 'fill' }).raw().toBuffer();
    const mobilenet = await model('nsfw');
    const outputs = [...(parts.nsfw ? [NSFW_OUTPUT] : []), ...(parts.embedding ? [FEATURE_OUTPUT] : [])];
    const results = tf.tidy(() => {
      const tensor = tf.tensor4d(Float32Array.from(input, (v) => v / 255), [1, NSFW_INPUT, NSFW_INPUT, 3]);
      const out = mobilenet.execute(tensor, outputs);
      // one output name comes back as a tensor, not an array of one
      return Array.isArray(out) ? out : [out];
    });
    const values = await Promise.all(results.map((t) => t.data()));
    tf.dispose(results);
    if (parts.nsfw) answer.nsfw = nsfwVerdict(values[0]!, thresholds.nsfwHold);
    if (parts.embedding) answer.embedding = embed(values[values.length - 1]!);
    timings.nsfw = performance.now() - started;
  }

  if (parts.quality) {
    started = performance.now();
    const small = await pixels().resize(QUALITY_SIZE, QUALITY_SIZE, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    answer.quality = assessQuality({ data: small.data, width: small.info.width, height: small.info.height }, subject);
    timings.quality = performance.now() - started;
  }
  return answer;
}

/** The raw backbone features of a photo (1792 numbers), for measuring the embedding's reduction. */
export async function backboneFeatures(image: Uint8Array): Promise<Float32Array> {
  const input = await sharp(image).rotate().removeAlpha().toColourspace('srgb').resize(NSFW_INPUT, NSFW_INPUT, { fit: 'fill' }).raw().toBuffer();
  const mobilenet = await model('nsfw');
  const result = tf.tidy(() => mobilenet.execute(tf.tensor4d(Float32Array.from(input, (v) => v / 255), [1, NSFW_INPUT, NSFW_INPUT, 3]), FEATURE_OUTPUT) as tf.Tensor);
  const values = (await result.data()) as Float32Array;
  result.dispose();
  return values;
}
