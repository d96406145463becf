/**
 * Top rated plates are ranked by a Bayesian (damped) average rather than the raw mean, so a plate
 * with one 5-star vote does not outrank one with a hundred votes averaging 4.8:
 *
 *     score = (C·m + Σ stars) / (C + n)
 *
 * where n is the plate's number of star ratings, m the mean star over every rating on an approved
 * plate, and C the confidence: how many "average" votes each plate starts with. With few votes
 * the score stays near m; with many it approaches the plate's own mean. The SQL in
 * `PostsRepository.topRated` computes the same expression.
 */
export const TOP_RATED_CONFIDENCE = 5;

/** The mean assumed when nothing has been rated yet (the middle of 1 to 5). */
export const DEFAULT_MEAN = 3;

export type TopRatedPeriod = 'day' | 'week' | 'all';

export function bayesianScore(
  plate: { ratingSum: number; ratingCount: number },
  mean: number,
  confidence: number = TOP_RATED_CONFIDENCE,
): number {
  return (confidence * mean + plate.ratingSum) / (confidence + plate.ratingCount);
}

/** Mean star over these plates' ratings (Σ sums / Σ counts), or DEFAULT_MEAN when there are none. */
export function meanRating(plates: Array<{ ratingSum: number; ratingCount: number }>): number {
  const count = plates.reduce((n, p) => n + p.ratingCount, 0);
  const sum = plates.reduce((n, p) => n + p.ratingSum, 0);
  return count > 0 ? sum / count : DEFAULT_MEAN;
}

/** Plates with at least one rating, best first (ties: more ratings, then newer id). */
export function rankTopRated<T extends { id: number; ratingSum: number; ratingCount: number }>(
  plates: T[],
  confidence: number = TOP_RATED_CONFIDENCE,
): T[] {
  const mean = meanRating(plates);
  return plates
    .filter((p) => p.ratingCount > 0)
    .map((p) => ({ p, score: bayesianScore(p, mean, confidence) }))
    .sort((a, b) => b.score - a.score || b.p.ratingCount - a.p.ratingCount || b.p.id - a.p.id)
    .map((x) => x.p);
}

/** Start of the window: plates created in the last 24 hours, 7 days, or all time (undefined). */
export function periodStart(period: TopRatedPeriod, now: Date): Date | undefined {
  if (period === 'day') return new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (period === 'week') return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  return undefined;
}
