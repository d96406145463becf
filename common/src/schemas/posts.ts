import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { LIMITS } from '../limits.js';

/** Shapes of plates, ratings, comments, saves, reports and rankings (document 2 §3, §5, §7). */

/** A row id in a path or query: one message for every way it can be wrong (not a number, a fraction, ≤ 0, too big). */
export const ID_MESSAGE = 'Must be an id: a whole number from 1 to 2147483647';
export const Id = z.coerce.number({ error: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE);
export const IdParams = z.object({ id: Id });

/** The 16 cuisines of document 2 §9, seeded in `categories`. */
export const CUISINES = [
  'Italian', 'Chinese', 'Japanese', 'Indian', 'Mexican', 'French', 'Thai', 'Mediterranean',
  'American', 'Korean', 'Vietnamese', 'Greek', 'Spanish', 'Turkish', 'Lebanese', 'Moroccan',
] as const;
export type Cuisine = (typeof CUISINES)[number];

export const Category = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof Category>;

export const ImageAspect = z.enum(['landscape', 'portrait', 'square']);
export type ImageAspect = z.infer<typeof ImageAspect>;

/** A stored photo: WebP renditions for srcset, the placeholder, the size and its alt text. */
export const ImageDto = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  aspect: ImageAspect.nullable(),
  placeholder: z.string().nullable(),
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
  alt: z.string().nullable(),
});
export type ImageDto = z.infer<typeof ImageDto>;

/** A verified member's badge (document 2 §3 `user_verifications.verified_type`). */
export const VerifiedType = z.enum(['blue', 'gold', 'business']);
export type VerifiedType = z.infer<typeof VerifiedType>;

/**
 * The badge beside a member's name, added to every shape that shows one (chat, notifications,
 * search, the blocked list, the admin pages). Optional: a client may build these shapes itself
 * (an optimistic message, an older cached answer), and no badge is the same as not verified.
 */
export const BadgeFields = z.object({
  isVerified: z.boolean().optional(),
  verifiedType: VerifiedType.nullable().optional(),
});
export type BadgeFields = z.infer<typeof BadgeFields>;

/** Someone shown beside their content: never their email. */
export const Author = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
  verifiedType: VerifiedType.nullable(),
  points: z.number().int(),
  level: z.number().int(),
});
export type Author = z.infer<typeof Author>;

export const ApprovalStatus = z.enum(['pending', 'approved', 'rejected']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const PostDto = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  imageUrl: z.string(),
  image: ImageDto,
  createdAt: z.string(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  commentCount: z.number().int(),
  likeCount: z.number().int(),
  isSaved: z.boolean(),
  /** The viewer's own star rating, or null. */
  userRating: z.number().int().nullable(),
  categories: z.array(Category),
  approvalStatus: ApprovalStatus,
  rejectionReason: z.string().nullable(),
  user: Author,
});
export type PostDto = z.infer<typeof PostDto>;

/** Cursor pages: `nextCursor` is opaque; null on the last page. */
export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('Limit', 1, 50, 12),
});
export const FeedResponse = z.object({ posts: z.array(PostDto), nextCursor: z.string().nullable() });
export type FeedResponse = z.infer<typeof FeedResponse>;

export const Title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .min(LIMITS.titleMin, 'Title must be at least 3 characters')
  .max(LIMITS.titleMax, 'Title cannot exceed 50 characters to maintain layout');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} cannot exceed ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The words the reverse geocoder answers when no place is near, and the old client's fallback
 * (document 2 §9). They are a placeholder, not a place: a plate sent with them has no location, so
 * no chip links to `/location/Unknown location`.
 */
export const UNKNOWN_LOCATION = 'Unknown location';

/** Whether a trimmed location names no place (empty, or `UNKNOWN_LOCATION` in any case). */
export const isNoPlace = (location: string) => location === '' || location.toLowerCase() === UNKNOWN_LOCATION.toLowerCase();

/** Text fields of the multipart `POST /api/posts` (the image is the file part `image`). */
export const CreatePostFields = z.object({
  title: Title,
  description: optionalText(2000, 'Description'),
  location: optionalText(LIMITS.locationMax, 'Location').transform((v) => (v && !isNoPlace(v) ? v : undefined)),
  altText: optionalText(1000, 'Alt text'),
  /** Category ids, comma separated ("1,4,9"). */
  categoryIds: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return [] as number[];
      const ids = v.split(',').map((s) => Number(s.trim()));
      if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: 'Invalid cuisine' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});
export type CreatePostFields = z.input<typeof CreatePostFields>;

export const UpdatePostBody = z.object({
  title: Title.optional(),
  /** '' (or `UNKNOWN_LOCATION`) clears the location. */
  location: z
    .string()
    .trim()
    .max(LIMITS.locationMax, 'Location cannot exceed 100 characters')
    .transform((v) => (isNoPlace(v) ? '' : v))
    .optional(),
  description: z.string().trim().max(2000, 'Description cannot exceed 2000 characters').optional(),
  altText: z.string().trim().max(1000, 'Alt text cannot exceed 1000 characters').optional(),
  categoryIds: z.array(Id).max(16).optional(),
});
export type UpdatePostBody = z.infer<typeof UpdatePostBody>;

export const CommentText = z
  .string({ error: 'Comment cannot be empty' })
  .trim()
  .min(1, 'Comment cannot be empty')
  .max(1000, 'Comment cannot exceed 1000 characters');

/** `POST /api/posts/{id}/rate`: a star rating, a top-level comment, or both. */
export const RateBody = z
  .object({
    rating: z
      .number({ error: 'Rating must be a number from 1 to 5' })
      .int('Rating must be a whole number of stars')
      .min(1, 'Rating must be between 1 and 5')
      .max(5, 'Rating must be between 1 and 5')
      .optional(),
    comment: CommentText.optional(),
  })
  .refine((v) => v.rating !== undefined || v.comment !== undefined, {
    message: 'Choose a rating or write a comment',
    path: ['rating'],
  });
export type RateBody = z.infer<typeof RateBody>;

export const ReplyBody = z.object({
  content: z
    .string({ error: 'Reply cannot be empty' })
    .trim()
    .min(1, 'Reply cannot be empty')
    .max(1000, 'Reply cannot exceed 1000 characters'),
});
export type ReplyBody = z.infer<typeof ReplyBody>;

const CommentAuthor = Author.pick({ id: true, username: true, displayName: true, profileImage: true, isAdmin: true }).extend(BadgeFields.shape);

export const ReplyDto = z.object({
  id: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
  user: CommentAuthor,
  isHearted: z.boolean(),
  heartCount: z.number().int(),
  /** Waiting for a moderator (the author's restriction): only its author sees it, with this flag. */
  held: z.boolean().optional(),
});
export type ReplyDto = z.infer<typeof ReplyDto>;

export const CommentDto = z.object({
  id: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  user: CommentAuthor,
  isHearted: z.boolean(),
  heartCount: z.number().int(),
  replies: z.array(ReplyDto),
  /** Waiting for a moderator (the author's restriction): only its author sees it, with this flag. */
  held: z.boolean().optional(),
});
export type CommentDto = z.infer<typeof CommentDto>;

export const CommentsResponse = z.object({ comments: z.array(CommentDto), nextCursor: z.string().nullable() });
export type CommentsResponse = z.infer<typeof CommentsResponse>;

export const HeartResponse = z.object({ isHearted: z.boolean(), heartCount: z.number().int() });
export type HeartResponse = z.infer<typeof HeartResponse>;

export const TopRatedPeriod = z.enum(['day', 'week', 'all']);
export const TopRatedQuery = z.object({
  period: TopRatedPeriod.default('day'),
  limit: wholeNumberParam('Limit', 1, 50, 5),
});

export const PostReportReasons = {
  inappropriate: 'Inappropriate content',
  spam: 'Spam or misleading',
  offensive: 'Offensive or harmful',
  copyright: 'Copyright violation',
  other: 'Other',
} as const;
export const UserReportReasons = {
  fake: 'Fake account',
  inappropriate: 'Inappropriate profile',
  spam: 'Spamming',
  harassment: 'Harassment',
  other: 'Other',
} as const;

export const ReportBody = z
  .object({
    targetId: Id,
    targetType: z.enum(['post', 'user', 'comment']),
    reason: z.string({ error: 'Please select a reason for the report' }).min(1, 'Please select a reason for the report'),
    details: z
      .string()
      .trim()
      .max(1000, 'Details cannot exceed 1000 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine(
    (v) => Object.hasOwn(v.targetType === 'user' ? UserReportReasons : PostReportReasons, v.reason),
    { message: 'Please select a reason for the report', path: ['reason'] },
  );
export type ReportBody = z.input<typeof ReportBody>;

export const RejectBody = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'Reason cannot exceed 500 characters'),
});

export const PendingPostsQuery = z.object({ page: wholeNumberParam('Page', 1, 100_000, 1) });
/** The hints moderators see on a pending plate (/admin/pending-posts), from its photo analysis (issue 17). */
export const AnalysisHints = z.object({
  /** Held by the adult content check; `score` = porn + hentai, 0-1. */
  nsfw: z.object({ held: z.literal(true), score: z.number() }).nullable(),
  /** No food or tableware found; `best`: the detector's best guess at anything, if any. */
  noFood: z.object({ best: z.string().nullable() }).nullable(),
  qualityScore: z.number().int().nullable(),
});
export type AnalysisHints = z.infer<typeof AnalysisHints>;

/** What helps a moderator decide on a pending plate: the cook's record and look-alike plates. */
export const PendingHint = z.object({
  postId: z.number().int(),
  author: z.object({
    joinedAt: z.string(),
    approvedPlates: z.number().int(),
    strikes: z.number().int(),
    activeStrikes: z.number().int(),
    reportsReceived: z.number().int(),
  }),
  /** Earlier plates whose photo is nearly the same (perceptual hash within a few bits). */
  duplicates: z.array(
    z.object({ id: z.number().int(), title: z.string(), approvalStatus: ApprovalStatus, userId: z.number().int(), distance: z.number().int() }),
  ),
  /** What the photo analysis found; null when the plate has no stored analysis. */
  analysis: AnalysisHints.nullable().optional(),
});
export type PendingHint = z.infer<typeof PendingHint>;

export const PendingPostsResponse = z.object({
  posts: z.array(PostDto),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  /** One per plate of the page (moderation hints). */
  hints: z.array(PendingHint).optional(),
});
export type PendingPostsResponse = z.infer<typeof PendingPostsResponse>;

export const LeaderboardEntry = Author.extend({ rank: z.number().int(), levelName: z.string() });
export const LeaderboardResponse = z.object({ users: z.array(LeaderboardEntry), nextCursor: z.string().nullable() });
export type LeaderboardResponse = z.infer<typeof LeaderboardResponse>;

export const ReverseGeocodeQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const ReverseGeocodeResponse = z.object({ location: z.string() });

/** `POST /api/reports` answer: 201 for a new report, 200 with the same body when it was already open. */
export const REPORT_SUBMITTED = 'Report Submitted - Thank you for your report. Our team will review it.';
export const ReportResponse = z.object({ id: z.number().int(), message: z.string() });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** `GET /api/posts` query: a cursor page, optionally only plates at one location (exact, any case). */
export const FeedQuery = PageQuery.extend({
  location: z.string().trim().min(1).max(LIMITS.locationMax).optional(),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

/** `GET /api/posts/{id}/neighbors`: the plates before (newer) and after (older) it in the feed. */
export const PostNeighbors = z.object({
  previousId: z.number().int().nullable(),
  nextId: z.number().int().nullable(),
});
export type PostNeighbors = z.infer<typeof PostNeighbors>;
