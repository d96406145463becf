// Photo analysis (issue 17, docs/decisions/0038): what the analysis engine measured of each plate's
// photo, one row per plate. post_id CASCADES: an analysis means nothing without its plate.
//
// `embedding` is a `cube` (contrib extension, created by migration 0026) rather than pgvector, which
// this project's PostgreSQL does not ship: 64 dimensions fit cube's limit of 100, and its GiST
// index answers `order by embedding <-> $1` (Euclidean KNN; on unit vectors the same order as cosine).
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { posts } from './posts.js';

/** A point in n dimensions, written and read as `(x1, x2, ...)` text. */
export const cube = customType<{ data: number[]; driverData: string }>({
  dataType() {
    return 'cube';
  },
  toDriver(value: number[]): string {
    return `(${value.map((x) => (Number.isFinite(x) ? x : 0)).join(',')})`;
  },
  fromDriver(value: string): number[] {
    return value
      .replace(/[()\s]/g, '')
      .split(',')
      .filter((s) => s !== '')
      .map(Number);
  },
});

export const postAnalyses = pgTable(
  'post_analyses',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** 0-100; null when photo_quality was off. */
    qualityScore: smallint('quality_score'),
    qualityTips: jsonb('quality_tips').$type<string[]>(),
    qualityMetrics: jsonb('quality_metrics').$type<Record<string, number>>(),
    /** Null when food_check was off. */
    foodFound: boolean('food_found'),
    foodLabels: jsonb('food_labels').$type<Array<{ name: string; score: number; kind: 'food' | 'tableware' }>>(),
    /** The detector's best guess at anything, food or not ("cat"), for the moderator's hint. */
    foodBest: text('food_best'),
    foodBestScore: real('food_best_score'),
    /** The NSFW model's class probabilities; null when nsfw_check was off. */
    nsfwScores: jsonb('nsfw_scores').$type<Record<string, number>>(),
    nsfwHeld: boolean('nsfw_held').notNull().default(false),
    /** The suggestions made when it was stored, best first. */
    cuisines: jsonb('cuisines').$type<Array<{ name: string; confidence: number }>>(),
    embedding: cube('embedding'),
    /** sha256 of the stored rendition the analysis was made of. */
    imageSha256: text('image_sha256'),
    analysedAt: timestamptz('analysed_at').notNull().defaultNow(),
  },
  (t) => [
    index('post_analyses_embedding_idx').using('gist', t.embedding),
    index('post_analyses_held_idx').on(t.postId).where(sql`${t.nsfwHeld}`),
  ],
);

export type PostAnalysis = typeof postAnalyses.$inferSelect;
export type NewPostAnalysis = typeof postAnalyses.$inferInsert;
