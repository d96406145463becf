import { z } from 'zod';
import { CUISINES, Id, PostDto } from './posts.js';
import { wholeNumberParam } from './query.js';

/**
 * Photo analysis (issue 17; the sign-in page's "instant food analysis"): what the server measures
 * of a photo before and after it is posted. Named for what it does, photo analysis, not dish
 * recognition: no model that ships in a package here names dishes.
 *
 * `POST /api/analysis/photo` answers {@link PhotoAnalysis} (fixed in CONTRACT.md "Photo analysis API").
 */

/** The switches of `ai_settings` (settingName), one per analysis. Off: that part is `null` and its model is never loaded. */
export const ANALYSIS_PARTS = ['photo_quality', 'nsfw_check', 'food_check', 'cuisine_suggestions', 'similar_plates'] as const;
export const AnalysisPart = z.enum(ANALYSIS_PARTS);
export type AnalysisPart = z.infer<typeof AnalysisPart>;

export const ANALYSIS_PART_INFO: Record<AnalysisPart, { label: string; description: string }> = {
  photo_quality: {
    label: 'Photo quality',
    description: 'Scores each photo 0-100 in the upload dialog and gives plain tips (too dark, blurry, plate small in the frame).',
  },
  nsfw_check: {
    label: 'Adult content check',
    description: 'Holds a plate for review when its photo looks sexually explicit. It never rejects a plate by itself.',
  },
  food_check: {
    label: 'Food check',
    description: 'Tells moderators when no food or tableware is found in a photo.',
  },
  cuisine_suggestions: {
    label: 'Cuisine suggestions',
    description: 'Suggests up to three cuisines from the title, the description and similar approved plates.',
  },
  similar_plates: {
    label: 'Similar plates',
    description: 'Shows plates that look alike on each plate page.',
  },
};

/** Tip codes: the contract's five at least. */
export const QUALITY_TIP_CODES = ['dark', 'overexposed', 'blurry', 'dull', 'small_subject', 'noisy'] as const;
export const QualityTipCode = z.enum(QUALITY_TIP_CODES);
export type QualityTipCode = z.infer<typeof QualityTipCode>;

/** The words of each tip, plain and actionable. */
export const QUALITY_TIPS: Record<QualityTipCode, string> = {
  dark: 'A bit dark: try near a window or turn on a light.',
  overexposed: 'Too bright: step out of direct light or tap the plate to set exposure.',
  blurry: 'Blurry: hold still or tap to focus.',
  dull: 'Colours look flat: daylight brings the food to life.',
  small_subject: 'The plate is small in the frame: move closer.',
  noisy: 'Grainy: more light gives a cleaner photo.',
};

export const QualityTip = z.object({ code: QualityTipCode, message: z.string() });
export type QualityTip = z.infer<typeof QualityTip>;

export const PhotoAnalysis = z.object({
  quality: z.object({ score: z.number().int().min(0).max(100), tips: z.array(QualityTip) }).nullable(),
  /** `labels`: what the detector found (COCO food and tableware classes, e.g. "pizza", "cup"), best first. */
  food: z.object({ found: z.boolean(), labels: z.array(z.string()) }).nullable(),
  /** Best first, at most 3; confidence 0-1. */
  cuisines: z.array(z.object({ name: z.enum(CUISINES), confidence: z.number().min(0).max(1) })).max(3).nullable(),
  nsfw: z.object({ held: z.boolean() }).nullable(),
});
export type PhotoAnalysis = z.infer<typeof PhotoAnalysis>;

/** What the analysis route refuses with (besides the upload rules' own words). */
export const ANALYSIS_MESSAGES = {
  busy: 'Photo analysis is busy right now. Your plate can still be posted.',
  failed: 'This photo could not be analysed. Your plate can still be posted.',
  partToggled: (label: string, on: boolean) => `${label} ${on ? 'switched on' : 'switched off'}.`,
  thresholdsSaved: 'Thresholds saved.',
  unknownPart: 'There is no analysis with this name.',
  backfillStarted: 'Analysing earlier plates. New uploads still go first.',
  backfillStopped: 'Stopped analysing earlier plates.',
  backfillAllOff: 'Switch on at least one analysis before analysing earlier plates.',
  backfillNoStorage: 'Earlier plates can be analysed only where their photos are stored on this server (not with S3 storage yet).',
} as const;

// The hints moderators see on a pending plate (AnalysisHints) live beside PendingHint in posts.ts.

/** Thresholds, in percent, each within safe bounds (the admin cannot switch a check into nonsense). */
export const ANALYSIS_THRESHOLD_BOUNDS = {
  /** porn + hentai at or above this holds a plate. Never below 50: "sexy" alone never holds. */
  nsfwHoldPercent: { min: 50, max: 95, default: 50 },
  /** A food or tableware detection at or above this counts as found. */
  foodMinPercent: { min: 10, max: 90, default: 30 },
} as const;

const percent = (label: string, b: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(b.min, `${label} must be at least ${b.min}%.`)
    .max(b.max, `${label} must be at most ${b.max}%.`);

export const AnalysisThresholds = z.object({
  nsfwHoldPercent: percent('The hold threshold', ANALYSIS_THRESHOLD_BOUNDS.nsfwHoldPercent),
  foodMinPercent: percent('The food threshold', ANALYSIS_THRESHOLD_BOUNDS.foodMinPercent),
});
export type AnalysisThresholds = z.infer<typeof AnalysisThresholds>;

/** `GET /api/admin/ai` (permission manage_settings). */
export const AdminAiResponse = z.object({
  parts: z.array(z.object({ name: AnalysisPart, label: z.string(), description: z.string(), enabled: z.boolean() })),
  thresholds: AnalysisThresholds,
  figures: z.object({
    /** Approved plates without a stored analysis (posted before analysis existed, or seeded). */
    notAnalysed: z.number().int(),
    /** The analysis of earlier plates on this instance: running, and the plates it analysed since it started. */
    backfill: z.object({ running: z.boolean(), done: z.number().int() }),
    /** Plates with a stored analysis. */
    analysed: z.number().int(),
    /** Held by the adult content check. */
    held: z.number().int(),
    /** Held plates a moderator has decided on, and of those the ones rejected (moderator agreed). */
    heldDecided: z.number().int(),
    heldAgreed: z.number().int(),
    /** No food or tableware found. */
    noFood: z.number().int(),
    /** Analyses waiting in the queue now, and the pool's workers. */
    queued: z.number().int(),
    workers: z.number().int(),
  }),
});
export type AdminAiResponse = z.infer<typeof AdminAiResponse>;

/** `PUT /api/admin/ai/parts/{name}` */
export const AiPartBody = z.object({ enabled: z.boolean({ error: 'Say on or off.' }) });
/** `PUT /api/admin/ai/thresholds` answers {@link AdminAiResponse}. */
export const AiThresholdsBody = AnalysisThresholds;

/** `GET /api/posts/{id}/similar?limit=` answers visible plates that look alike, nearest first. */
export const SIMILAR_PLATES_MAX = 12;
export const SimilarPlatesResponse = z.object({ posts: z.array(PostDto) });
export type SimilarPlatesResponse = z.infer<typeof SimilarPlatesResponse>;
export const SimilarPlatesParams = z.object({ id: Id });
export const SimilarPlatesQuery = z.object({ limit: wholeNumberParam('Limit', 1, SIMILAR_PLATES_MAX, 6) });

/** The text fields `POST /api/analysis/photo` may carry beside `image`: they feed the cuisine suggestions. */
export const AnalysisPhotoFields = z.object({
  title: z.string().max(200, 'Title must be at most 200 characters.').optional(),
  description: z.string().max(2000, 'Description must be at most 2000 characters.').optional(),
});
