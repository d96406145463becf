import { QUALITY_TIPS, type AnalysisHints, type AnalysisPart, type PhotoAnalysis } from '@plates/common';
import type { Suggestion } from './cuisine-model.js';
import type { RawAnalysis } from './engine/types.js';

export type PartSwitches = Record<AnalysisPart, boolean>;

/** The contract's answer from what the engine measured: a part switched off is null. */
export function toPhotoAnalysis(raw: RawAnalysis | undefined, cuisines: Suggestion[], parts: PartSwitches): PhotoAnalysis {
  const quality = parts.photo_quality ? raw?.quality : null;
  const food = parts.food_check ? raw?.food : null;
  const nsfw = parts.nsfw_check ? raw?.nsfw : null;
  return {
    quality: quality
      ? {
          score: Math.max(0, Math.min(100, Math.round(quality.score))),
          tips: quality.tips.map((code) => ({ code, message: QUALITY_TIPS[code] })),
        }
      : null,
    food: food ? { found: food.found, labels: [...new Set(food.labels.map((l) => l.name))] } : null,
    cuisines: parts.cuisine_suggestions ? cuisines : null,
    nsfw: nsfw ? { held: nsfw.held } : null,
  };
}

/** porn + hentai: what the hold threshold is compared with. */
export const explicitScore = (scores: Record<string, number> | null | undefined): number =>
  Math.round(((scores?.porn ?? 0) + (scores?.hentai ?? 0)) * 1000) / 1000;

/** What a moderator is told of a pending plate's stored analysis. */
export function toAnalysisHints(row: {
  qualityScore: number | null;
  foodFound: boolean | null;
  foodBest: string | null;
  nsfwScores: Record<string, number> | null;
  nsfwHeld: boolean;
}): AnalysisHints {
  return {
    nsfw: row.nsfwHeld ? { held: true, score: explicitScore(row.nsfwScores) } : null,
    noFood: row.foodFound === false ? { best: row.foodBest } : null,
    qualityScore: row.qualityScore,
  };
}
