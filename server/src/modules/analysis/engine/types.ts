import type { QualityTipCode } from '@plates/common';

/**
 * The photo analysis engine's interface (issue 17): what the analysis service asks of the pool of
 * worker threads. The service decides what is stored and shown; the engine only measures.
 */

/** Which parts to run for one photo; a part not asked is `null` in the answer and its model is never loaded for it. */
export interface EngineParts {
  quality: boolean;
  nsfw: boolean;
  food: boolean;
  /** The image embedding (similar plates and the visual half of cuisine suggestions). */
  embedding: boolean;
}

export interface EngineThresholds {
  /** porn + hentai at or above this (0-1) is held. */
  nsfwHold: number;
  /** A food or tableware detection at or above this score (0-1) counts as found. */
  foodMin: number;
}

export interface RawAnalysis {
  quality: {
    score: number;
    tips: QualityTipCode[];
    /** The measurements behind the score (brightness, sharpness, colourfulness…), for the record and tests. */
    metrics: Record<string, number>;
  } | null;
  nsfw: {
    /** Class probabilities of the model: drawing, hentai, neutral, porn, sexy. */
    scores: Record<string, number>;
    held: boolean;
  } | null;
  food: {
    found: boolean;
    /** Food and tableware detections, best first (COCO names: "pizza", "cup", "bowl"…). */
    labels: Array<{ name: string; score: number; kind: 'food' | 'tableware' }>;
    /** The best detection of any class, food or not (for the moderator's "no food: looks like a cat"). */
    best: { name: string; score: number } | null;
  } | null;
  /** Unit-length vector of EMBEDDING_DIMENSIONS numbers (stored in a `cube` column: at most 100 dimensions). */
  embedding: number[] | null;
}

export const EMBEDDING_DIMENSIONS = 64;

export interface PhotoAnalyzer {
  /**
   * Analyses one image (any format sharp reads; the service hands it a normalised rendition).
   * Rejects with {@link AnalyzerBusyError} when the bounded queue is full, at once.
   */
  analyze(image: Buffer, parts: EngineParts, thresholds: EngineThresholds): Promise<RawAnalysis>;
  /** Analyses waiting and the workers running now. */
  stats(): { queued: number; running: number; workers: number };
  close(): Promise<void>;
}

export class AnalyzerBusyError extends Error {
  constructor() {
    super('photo analysis queue is full');
    this.name = 'AnalyzerBusyError';
  }
}
