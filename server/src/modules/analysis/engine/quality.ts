import type { QualityTipCode } from '@plates/common';

/**
 * Photo quality from plain pixel statistics (no model): exposure from the luminance histogram,
 * sharpness from the variance of the Laplacian, colourfulness (Hasler and Süsstrunk 2003), noise
 * (Immerkær 1996, on the flat half of the image) and how much of the frame the subject fills.
 *
 * Every measurement is taken on the same downscale, {@link QUALITY_SIZE} px on the long side, so the
 * numbers do not depend on the upload's size. The thresholds were chosen on the labelled set built by
 * `src/test/analysis-set.ts` (`npx tsx src/scripts/analysis-calibrate.ts` prints each item's metrics):
 * each sits between the worst photo that must pass and the best that must get the tip, with the
 * measured values in its comment.
 */

/** The long side, in pixels, of the downscale every quality measurement is taken on. */
export const QUALITY_SIZE = 512;

// Measured on the labelled set (good = coffee, chelsea, astronaut; the generated pictures are not
// judged for quality). Each limit sits between the two groups it separates, near their geometric mean.
/** Mean luminance (0-255) under which a photo is dark. Good photos 98.8-117.4, darkened (×0.3) 29.2-34.8. */
export const DARK_MEAN = 60;
/**
 * Share of clipped white pixels (luminance ≥ 250) from which a photo is overexposed. Good photos
 * 0-0.009, overexposed ones 0.278-0.523. The mean alone would flag a plate on a light tablecloth
 * (the small-subject picture: mean 212.6, clipped 0.0001), so it counts only past {@link GLARING_MEAN}.
 */
export const CLIPPED_WHITE_SHARE = 0.15;
/** Mean luminance (0-255) over which a photo is overexposed whatever its clipping: a white-out. */
export const GLARING_MEAN = 235;
/**
 * Variance of the Laplacian (inside the edge-energy box) under which a photo is blurry. Good photos
 * 535-1437, blurred (Gaussian σ 4) 2.7-3.1; darkening lowers it too (the dark cat: 49), so the
 * limit stays well under that.
 */
export const BLURRY_LAPLACIAN = 15;
/** Hasler-Süsstrunk colourfulness under which colours look flat. Good photos 38.0-76.8, desaturated (×0.15) 6.4-13.1. */
export const DULL_COLOURFULNESS = 18;
/** Immerkær noise sigma (0-255, flat half of the image) over which a photo is grainy. Good photos 1.1-1.6, with σ 20 noise added 9.3-15.1. */
export const NOISY_SIGMA = 5;
/**
 * Share of the frame under which the subject is small: the largest food/tableware box, or the
 * edge-energy box. Good photos 0.25 (the cup's box) to 0.74, the cup shrunk on a tablecloth 0.02.
 */
export const SMALL_SUBJECT_AREA = 0.12;
/** The edge-energy box: the central share of gradient energy it holds, along each axis. */
const EDGE_BOX_ENERGY = 0.9;

export interface QualityInput {
  /** RGB, 3 bytes a pixel, at most {@link QUALITY_SIZE} px on the long side. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface QualityResult {
  score: number;
  tips: QualityTipCode[];
  metrics: Record<string, number>;
}

/**
 * Scores a photo 0-100 and names what to fix. `subjectArea` is the share of the frame the largest
 * food or tableware detection covers, when the detector ran and found one; otherwise the subject is
 * taken to be the box holding the central 90% of the edge energy.
 */
export function assessQuality(image: QualityInput, subjectArea?: number | null): QualityResult {
  const { data, width, height } = image;
  const n = width * height;
  const lum = new Float32Array(n);
  let lumSum = 0;
  let white = 0;
  let black = 0;
  // Hasler-Süsstrunk opponent channels
  let rgSum = 0;
  let rgSq = 0;
  let ybSum = 0;
  let ybSq = 0;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    lum[i] = y;
    lumSum += y;
    if (y >= 250) white++;
    if (y <= 5) black++;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    rgSum += rg;
    rgSq += rg * rg;
    ybSum += yb;
    ybSq += yb * yb;
  }
  const mean = lumSum / n;
  const rgMean = rgSum / n;
  const ybMean = ybSum / n;
  const rgVar = Math.max(0, rgSq / n - rgMean * rgMean);
  const ybVar = Math.max(0, ybSq / n - ybMean * ybMean);
  const colourfulness = Math.sqrt(rgVar + ybVar) + 0.3 * Math.sqrt(rgMean * rgMean + ybMean * ybMean);

  const { laplacianVariance, noiseSigma, edgeArea } = textureMeasures(lum, width, height);
  const area = subjectArea ?? edgeArea;

  const metrics: Record<string, number> = {
    brightness: round(mean),
    whiteShare: round(white / n, 4),
    blackShare: round(black / n, 4),
    sharpness: round(laplacianVariance),
    colourfulness: round(colourfulness),
    noise: round(noiseSigma),
    subjectArea: round(area, 4),
    subjectFromDetector: subjectArea == null ? 0 : 1,
  };

  const tips: QualityTipCode[] = [];
  if (mean < DARK_MEAN) tips.push('dark');
  if (mean > GLARING_MEAN || white / n >= CLIPPED_WHITE_SHARE) tips.push('overexposed');
  if (laplacianVariance < BLURRY_LAPLACIAN) tips.push('blurry');
  if (colourfulness < DULL_COLOURFULNESS) tips.push('dull');
  if (area < SMALL_SUBJECT_AREA) tips.push('small_subject');
  if (noiseSigma > NOISY_SIGMA) tips.push('noisy');

  // Each measure gives a factor in (0, 1]: 1 well inside the good side, falling smoothly past the
  // threshold, so a photo just under a limit scores a little lower, one far under it much lower.
  const exposure = Math.min(ramp(mean, DARK_MEAN * 0.5, DARK_MEAN * 1.5), ramp(-mean, -255, -GLARING_MEAN + 40)) * ramp(-white / n, -CLIPPED_WHITE_SHARE * 2, -CLIPPED_WHITE_SHARE / 3);
  const sharp = ramp(Math.log(laplacianVariance + 1), Math.log(BLURRY_LAPLACIAN / 8), Math.log(BLURRY_LAPLACIAN * 4));
  const colour = ramp(colourfulness, 0, DULL_COLOURFULNESS * 2);
  const clean = ramp(-noiseSigma, -NOISY_SIGMA * 3, -NOISY_SIGMA / 2);
  const framing = ramp(area, 0, SMALL_SUBJECT_AREA * 2);
  const score = 100 * (0.3 + 0.7 * exposure) * (0.3 + 0.7 * sharp) * (0.6 + 0.4 * colour) * (0.6 + 0.4 * clean) * (0.7 + 0.3 * framing);
  return { score: Math.round(Math.min(100, Math.max(0, score))), tips, metrics };
}

/** 0 at or under `low`, 1 at or over `high`, linear between. */
function ramp(value: number, low: number, high: number): number {
  if (value <= low) return 0;
  if (value >= high) return 1;
  return (value - low) / (high - low);
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * One pass over the inner pixels: Immerkær's noise estimate on the flatter half of the image (texture
 * and edges would read as noise), the box holding the central {@link EDGE_BOX_ENERGY} of the gradient
 * energy along each axis, and the Laplacian's variance (sharpness) inside that box.
 */
function textureMeasures(lum: Float32Array, width: number, height: number) {
  const inner = Math.max(1, (width - 2) * (height - 2));
  const gradient = new Float32Array(inner);
  const laplacian = new Float32Array(inner);
  const immerkaer = new Float32Array(inner);
  const columnEnergy = new Float64Array(width);
  const rowEnergy = new Float64Array(height);
  let k = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++, k++) {
      const c = row + x;
      const n = lum[c - width]!;
      const s = lum[c + width]!;
      const w = lum[c - 1]!;
      const e = lum[c + 1]!;
      const nw = lum[c - width - 1]!;
      const ne = lum[c - width + 1]!;
      const sw = lum[c + width - 1]!;
      const se = lum[c + width + 1]!;
      const centre = lum[c]!;
      const lap = n + s + w + e - 4 * centre;
      laplacian[k] = lap;
      immerkaer[k] = Math.abs(nw + ne + sw + se - 2 * (n + s + w + e) + 4 * centre);
      const gx = ne + 2 * e + se - nw - 2 * w - sw;
      const gy = sw + 2 * s + se - nw - 2 * n - ne;
      const g = Math.sqrt(gx * gx + gy * gy);
      gradient[k] = g;
      columnEnergy[x]! += g;
      rowEnergy[y]! += g;
    }
  }

  // noise: Immerkær's sum over the pixels whose gradient is under the median
  const median = quantile(gradient, 0.5);
  let flatSum = 0;
  let flat = 0;
  for (let i = 0; i < inner; i++) {
    if (gradient[i]! <= median) {
      flatSum += immerkaer[i]!;
      flat++;
    }
  }
  const noiseSigma = flat ? (Math.sqrt(Math.PI / 2) * flatSum) / (6 * flat) : 0;

  const [x0, x1] = centralSpan(columnEnergy);
  const [y0, y1] = centralSpan(rowEnergy);
  const edgeArea = ((x1 - x0 + 1) * (y1 - y0 + 1)) / (width * height);

  // sharpness inside that box: a sharp plate on a plain cloth is not blurry because the cloth is flat
  let lapSum = 0;
  let lapSq = 0;
  let count = 0;
  for (let y = Math.max(1, y0); y <= Math.min(height - 2, y1); y++) {
    for (let x = Math.max(1, x0); x <= Math.min(width - 2, x1); x++) {
      const lap = laplacian[(y - 1) * (width - 2) + (x - 1)]!;
      lapSum += lap;
      lapSq += lap * lap;
      count++;
    }
  }
  const lapMean = count ? lapSum / count : 0;
  const laplacianVariance = count ? Math.max(0, lapSq / count - lapMean * lapMean) : 0;
  return { laplacianVariance, noiseSigma, edgeArea };
}

/** The first and last index between which the central share of the total lies. */
function centralSpan(energy: Float64Array): [number, number] {
  let total = 0;
  for (const v of energy) total += v;
  if (total === 0) return [0, energy.length - 1];
  const tail = (total * (1 - EDGE_BOX_ENERGY)) / 2;
  let acc = 0;
  let start = 0;
  while (start < energy.length - 1 && acc + energy[start]! < tail) acc += energy[start++]!;
  acc = 0;
  let end = energy.length - 1;
  while (end > start && acc + energy[end]! < tail) acc += energy[end--]!;
  return [start, end];
}

function quantile(values: Float32Array, q: number): number {
  // a histogram over 0-1443 (the Sobel magnitude's range on 0-255 input) is exact enough and linear
  const bins = new Uint32Array(1444);
  for (const v of values) bins[Math.min(1443, Math.floor(v))]!++;
  const target = values.length * q;
  let acc = 0;
  for (let i = 0; i < bins.length; i++) {
    acc += bins[i]!;
    if (acc >= target) return i + 1;
  }
  return bins.length;
}
