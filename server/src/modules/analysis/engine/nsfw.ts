import type { RawAnalysis } from './types.js';

/**
 * Reading the nsfwjs MobileNetV2 classes. The model runs in the worker (analyze.ts), which takes
 * the class probabilities and the backbone features from one pass, so NSFW and the embedding cost
 * one inference together.
 */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;

/** Held when porn + hentai reach `holdAt`; "sexy" alone never holds (beachwear, a plate of oysters on a bare shoulder). */
export function nsfwVerdict(probabilities: ArrayLike<number>, holdAt: number): NonNullable<RawAnalysis['nsfw']> {
  const scores: Record<string, number> = {};
  NSFW_CLASSES.forEach((name, i) => {
    scores[name] = Math.round((probabilities[i] ?? 0) * 1e4) / 1e4;
  });
  return { scores, held: (probabilities[1] ?? 0) + (probabilities[3] ?? 0) >= holdAt };
}
