import { z } from 'zod';
import { Id } from './posts.js';

/**
 * Rating integrity (issue 16, /admin/ratings; decision record 0034): three detectors over the
 * ratings and the sign-in history, the ratings behind each finding, and voiding selected ratings.
 */

/** The detectors' thresholds, in one place (the page says what is checked from these). */
export const RATING_INTEGRITY = {
  /** A pair: A rated B's plates at least this many times… */
  pairMinRatings: 3,
  /** …averaging at least this… */
  pairMinAverage: 4.5,
  /** …at least this far above A's usual average: their ratings of every author they do not rate so (none: no baseline, still counts). */
  pairMinLift: 1.0,
  /** A ring: this many members or more joined by such reciprocal pairs. */
  ringMinMembers: 3,
  /** A burst: this many ratings or more of one plate… */
  burstMinRatings: 4,
  /** …within this many hours… */
  burstWindowHours: 24,
  /** …from accounts younger than this many days when they rated… */
  newAccountDays: 7,
  /** …looking back this many days. */
  burstLookbackDays: 30,
  /** Shared accounts: this many accounts or more signed in from one IP address with one user agent… */
  sharedMinAccounts: 2,
  /** …within this many days of sign-in history. */
  sharedLookbackDays: 90,
  /** Findings per list (largest first). */
  listLimit: 50,
} as const;

/** The most ratings one void takes. */
export const VOID_MAX_RATINGS = 200;
export const VOID_REASON_MAX = 500;
/** Ratings of one finding per page. */
export const FINDING_RATINGS_MAX = 100;

export const RATING_INTEGRITY_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonTooLong: `Reason cannot exceed ${VOID_REASON_MAX} characters`,
  ratingsRequired: 'Select at least one rating',
  tooManyRatings: `Void at most ${VOID_MAX_RATINGS} ratings at a time`,
  badIds: 'Give member ids as a comma-separated list of numbers',
  tooManyIds: 'Give at most 50 member ids',
  scopeRequired: 'Give authorIds or postId',
} as const;

/** The notification a member gets when their ratings, or ratings of their plates, are voided. */
export const RATINGS_VOIDED_TITLE = 'Ratings removed';
export function ratingsVoidedMessage(given: number, received: number, points: number, reason: string): string {
  const parts: string[] = [];
  if (given > 0) parts.push(`${given} of your ratings ${given === 1 ? 'was' : 'were'} removed`);
  if (received > 0) parts.push(`${received} ${received === 1 ? 'rating' : 'ratings'} of your plates ${received === 1 ? 'was' : 'were'} removed`);
  const taken = points > 0 ? ` and ${points} points taken back` : '';
  return `${parts.join('; ')}${taken}: ${reason}`;
}

export const IntegrityMemberDto = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  joinedAt: z.string(),
});
export type IntegrityMemberDto = z.infer<typeof IntegrityMemberDto>;

/** One direction of a suspicious pair: A's ratings of B's plates against A's ratings of everyone else. */
export const PairSideDto = z.object({
  raterId: z.number().int(),
  authorId: z.number().int(),
  count: z.number().int(),
  average: z.number(),
  /** The rater's average for the authors they do not rate this way; null when there are none. */
  usualAverage: z.number().nullable(),
  usualCount: z.number().int(),
});
export type PairSideDto = z.infer<typeof PairSideDto>;

/** A pair (two members) or a ring (connected reciprocal pairs, three or more). */
export const RingFindingDto = z.object({
  kind: z.enum(['pair', 'ring']),
  members: z.array(
    IntegrityMemberDto.extend({
      /** Their ratings of the group's plates. */
      insideCount: z.number().int(),
      insideAverage: z.number().nullable(),
      /** Their ratings of everyone else's plates. */
      usualCount: z.number().int(),
      usualAverage: z.number().nullable(),
    }),
  ),
  pairs: z.array(z.object({ a: PairSideDto, b: PairSideDto })),
});
export type RingFindingDto = z.infer<typeof RingFindingDto>;
export const RingsResponse = z.object({ findings: z.array(RingFindingDto) });
export type RingsResponse = z.infer<typeof RingsResponse>;

export const BurstFindingDto = z.object({
  post: z.object({ id: z.number().int(), title: z.string(), author: IntegrityMemberDto, ratingCount: z.number().int(), averageRating: z.number() }),
  windowStart: z.string(),
  windowEnd: z.string(),
  count: z.number().int(),
  average: z.number(),
  raters: z.array(IntegrityMemberDto.extend({ ratedAt: z.string(), rating: z.number().int(), accountAgeHours: z.number() })),
});
export type BurstFindingDto = z.infer<typeof BurstFindingDto>;
export const BurstsResponse = z.object({ findings: z.array(BurstFindingDto) });
export type BurstsResponse = z.infer<typeof BurstsResponse>;

export const SharedFindingDto = z.object({
  ip: z.string(),
  userAgent: z.string(),
  lastSignInAt: z.string(),
  accounts: z.array(IntegrityMemberDto.extend({ signIns: z.number().int(), lastSignInAt: z.string() })),
});
export type SharedFindingDto = z.infer<typeof SharedFindingDto>;
export const SharedResponse = z.object({ findings: z.array(SharedFindingDto) });
export type SharedResponse = z.infer<typeof SharedResponse>;

/** "1,2,3" → distinct ids (1 to 50 of them). */
const IdList = z
  .string()
  .max(600)
  .transform((v, ctx) => {
    const ids = v.split(',').map((s) => Number(s.trim()));
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)) {
      ctx.addIssue({ code: 'custom', message: RATING_INTEGRITY_MESSAGES.badIds });
      return z.NEVER;
    }
    const distinct = [...new Set(ids)];
    if (distinct.length > 50) {
      ctx.addIssue({ code: 'custom', message: RATING_INTEGRITY_MESSAGES.tooManyIds });
      return z.NEVER;
    }
    return distinct;
  });

/**
 * `GET /api/admin/ratings/evidence`: the star ratings behind a finding, newest first. By `raterIds`
 * of the plates of `authorIds` (a pair, ring or shared accounts), or of the plate `postId` (a burst).
 */
export const EvidenceQuery = z
  .object({
    raterIds: IdList,
    authorIds: IdList.optional(),
    postId: Id.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(FINDING_RATINGS_MAX).default(FINDING_RATINGS_MAX),
  })
  .refine((q) => q.authorIds !== undefined || q.postId !== undefined, { message: RATING_INTEGRITY_MESSAGES.scopeRequired, path: ['authorIds'] });
export type EvidenceQuery = z.input<typeof EvidenceQuery>;

export const EvidenceRatingDto = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  createdAt: z.string(),
  rater: z.object({ id: z.number().int(), username: z.string() }),
  post: z.object({ id: z.number().int(), title: z.string(), authorId: z.number().int(), authorUsername: z.string() }),
});
export type EvidenceRatingDto = z.infer<typeof EvidenceRatingDto>;
export const EvidenceResponse = z.object({ ratings: z.array(EvidenceRatingDto), nextCursor: z.string().nullable() });
export type EvidenceResponse = z.infer<typeof EvidenceResponse>;

/** `POST /api/admin/ratings/void`. */
export const VoidRatingsBody = z.object({
  ratingIds: z
    .array(Id, { error: RATING_INTEGRITY_MESSAGES.ratingsRequired })
    .min(1, RATING_INTEGRITY_MESSAGES.ratingsRequired)
    .max(VOID_MAX_RATINGS, RATING_INTEGRITY_MESSAGES.tooManyRatings)
    .transform((ids) => [...new Set(ids)]),
  reason: z.string().trim().min(1, RATING_INTEGRITY_MESSAGES.reasonRequired).max(VOID_REASON_MAX, RATING_INTEGRITY_MESSAGES.reasonTooLong),
});
export type VoidRatingsBody = z.input<typeof VoidRatingsBody>;

export const VoidRatingsResponse = z.object({
  /** Ratings voided now. */
  voided: z.number().int(),
  /** Ids that were no longer star ratings (voided before, or never): nothing done for them. */
  skipped: z.number().int(),
  /** The plates touched, with their counts and averages afterwards. */
  posts: z.array(z.object({ id: z.number().int(), ratingCount: z.number().int(), averageRating: z.number() })),
  /** Points taken back, over every member. */
  pointsTakenBack: z.number().int(),
  /** Members told. */
  membersNotified: z.number().int(),
});
export type VoidRatingsResponse = z.infer<typeof VoidRatingsResponse>;
