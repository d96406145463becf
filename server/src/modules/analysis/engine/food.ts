import { COCO_CLASSES, FOOD_CLASSES, TABLEWARE_CLASSES } from './coco.js';
import type { RawAnalysis } from './types.js';

/**
 * Reading CenterNet's COCO detections: which food and tableware classes are in the photo, the best
 * detection of any class, and how much of the frame the largest food or tableware box covers (the
 * quality's "small subject", when the detector ran).
 */
export interface Detection {
  name: string;
  score: number;
  /** Share of the frame the box covers (0-1). */
  area: number;
}

/**
 * Detections from the model's output rows (x1, y1, x2, y2, score, class) in input pixels, best
 * first. The model answers its top 100 boxes, many of them the same object again: a class is named
 * once, with its best score, and its largest box among those scoring at least `min`.
 */
export function readDetections(rows: number[][], inputSize: number, min: number): Detection[] {
  const byName = new Map<string, Detection>();
  for (const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, cls = NaN] of rows) {
    const name = COCO_CLASSES[cls];
    if (!name || !(score > 0)) continue;
    const width = Math.min(inputSize, x2) - Math.max(0, x1);
    const height = Math.min(inputSize, y2) - Math.max(0, y1);
    const area = width > 0 && height > 0 ? (width * height) / (inputSize * inputSize) : 0;
    const seen = byName.get(name);
    if (!seen) byName.set(name, { name, score, area: score >= min ? area : 0 });
    else {
      if (score > seen.score) seen.score = score;
      if (score >= min && area > seen.area) seen.area = area;
    }
  }
  return [...byName.values()].sort((a, b) => b.score - a.score);
}

export function foodVerdict(detections: Detection[], min: number): NonNullable<RawAnalysis['food']> {
  const labels = detections
    .filter((d) => d.score >= min && (FOOD_CLASSES.has(d.name) || TABLEWARE_CLASSES.has(d.name)))
    .map((d) => ({ name: d.name, score: round(d.score), kind: FOOD_CLASSES.has(d.name) ? ('food' as const) : ('tableware' as const) }));
  const best = detections[0];
  return { found: labels.length > 0, labels, best: best ? { name: best.name, score: round(best.score) } : null };
}

/**
 * The share of the frame the largest food or tableware box covers, or null when there is none. The
 * dining table is left out: a table filling the frame says nothing about the size of the plate on it.
 */
export function subjectArea(detections: Detection[], min: number): number | null {
  let largest: number | null = null;
  for (const d of detections) {
    if (d.score < min || d.name === 'dining table' || !(FOOD_CLASSES.has(d.name) || TABLEWARE_CLASSES.has(d.name))) continue;
    largest = Math.max(largest ?? 0, d.area);
  }
  return largest;
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
