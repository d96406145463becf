import { z } from 'zod';
import { Id, PostDto } from './posts.js';

/**
 * /admin/content (issue 16, decision record 0030): featured plates (a "Featured" row at the top of
 * the home feed for everyone) and the community's pages (About, How it works, the community
 * guidelines), written in Markdown and versioned.
 */

// ---------------------------------------------------------------------------------------------
// Featured plates

export const FEATURED_PRIORITY_MIN = 1;
export const FEATURED_PRIORITY_MAX = 100;
export const FEATURED_REASON_MAX = 200;
/** The Featured row shows at most this many plates. */
export const FEATURED_ROW_MAX = 12;
/** The admin's lists of featured plates come in pages of this many. */
export const FEATURED_PAGE_SIZE = 30;

export const FEATURED_MESSAGES = {
  notFound: 'Featured plate not found',
  postNotFound: 'Plate not found',
  notFeaturable: 'Only approved plates that everyone can see can be featured.',
  alreadyFeatured: 'This plate is already featured.',
  notActive: 'This plate is no longer featured.',
  expiryInPast: 'The expiry must be in the future.',
  badPriority: `Priority is a whole number from ${FEATURED_PRIORITY_MIN} to ${FEATURED_PRIORITY_MAX}`,
  reasonTooLong: `Reason cannot exceed ${FEATURED_REASON_MAX} characters`,
  badDate: 'Give a date and time',
  featuredTitle: 'Your plate is featured',
  badPlate: 'Give a plate number or a link to the plate',
} as const;

export const FeaturedPriority = z.number({ error: FEATURED_MESSAGES.badPriority }).int(FEATURED_MESSAGES.badPriority).min(FEATURED_PRIORITY_MIN, FEATURED_MESSAGES.badPriority).max(FEATURED_PRIORITY_MAX, FEATURED_MESSAGES.badPriority);
export const FeaturedReason = z.string().trim().max(FEATURED_REASON_MAX, FEATURED_MESSAGES.reasonTooLong);
const Expiry = z.iso.datetime({ offset: true, error: FEATURED_MESSAGES.badDate });

/** `POST /api/admin/featured`: feature a plate (again, when it was featured before). */
export const FeaturePostBody = z.object({
  postId: Id,
  priority: FeaturedPriority.default(1),
  reason: FeaturedReason.optional(),
  expiresAt: Expiry.nullable().optional(),
});
export type FeaturePostBody = z.input<typeof FeaturePostBody>;

/** The plate a pasted number or link (`…/posts/42`) names, or null. */
export function plateIdFrom(text: string): number | null {
  const match = /^(?:.*\/posts\/)?(\d{1,10})\/?(?:[?#].*)?$/.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** `PATCH /api/admin/featured/{id}`: change an active featuring's priority, reason or expiry (null: none). */
export const FeaturedPatch = z.object({ priority: FeaturedPriority, reason: FeaturedReason, expiresAt: Expiry.nullable() }).partial();
export type FeaturedPatch = z.input<typeof FeaturedPatch>;

/** Where a featuring stands: shown, past its expiry, or taken down by an admin. */
export const FeaturedStatus = z.enum(['active', 'expired', 'unfeatured']);
export type FeaturedStatus = z.infer<typeof FeaturedStatus>;

const StaffName = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** What the admin sees of a featured plate. */
export const AdminFeaturedDto = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  post: z.object({ title: z.string(), imageUrl: z.string(), author: z.object({ id: z.number().int(), username: z.string() }) }),
  priority: z.number().int(),
  reason: z.string().nullable(),
  status: FeaturedStatus,
  expiresAt: z.string().nullable(),
  featuredBy: StaffName,
  unfeaturedBy: StaffName,
  unfeaturedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminFeaturedDto = z.infer<typeof AdminFeaturedDto>;

/** `GET /api/admin/featured?status=current|past&cursor=`: current ones by priority, past ones newest first. */
export const AdminFeaturedQuery = z.object({ status: z.enum(['current', 'past']).default('current'), cursor: z.string().max(64).optional() });
export type AdminFeaturedQuery = z.input<typeof AdminFeaturedQuery>;
export const AdminFeaturedResponse = z.object({ featured: z.array(AdminFeaturedDto), nextCursor: z.string().nullable() });
export type AdminFeaturedResponse = z.infer<typeof AdminFeaturedResponse>;

/** `GET /api/posts/featured`: the Featured row as the viewer may see it, highest priority first, then newest. */
export const FeaturedPostsResponse = z.object({ posts: z.array(PostDto) });
export type FeaturedPostsResponse = z.infer<typeof FeaturedPostsResponse>;

/** Whether a featuring shows at `now`. */
export function featuredStatus(f: { isActive: boolean; expiresAt: string | Date | null }, now: Date): FeaturedStatus {
  if (!f.isActive) return 'unfeatured';
  const time = typeof f.expiresAt === 'string' ? Date.parse(f.expiresAt) : f.expiresAt?.getTime();
  return time !== undefined && time <= now.getTime() ? 'expired' : 'active';
}

// ---------------------------------------------------------------------------------------------
// Community pages

export const COMMUNITY_CONTENT_TYPES = ['about', 'how_it_works', 'guidelines'] as const;
export const CommunityContentType = z.enum(COMMUNITY_CONTENT_TYPES, { error: 'Choose about, how_it_works or guidelines' });
export type CommunityContentType = z.infer<typeof CommunityContentType>;

/** Where each page is shown. */
export const COMMUNITY_CONTENT_PATHS: Record<CommunityContentType, string> = {
  about: '/about',
  how_it_works: '/how-it-works',
  guidelines: '/guidelines',
};
export const COMMUNITY_CONTENT_LABELS: Record<CommunityContentType, string> = {
  about: 'About',
  how_it_works: 'How it works',
  guidelines: 'Community guidelines',
};

export const COMMUNITY_TITLE_MAX = 120;
/** Characters of Markdown (three bytes each at worst, well inside the 64 KB body limit). */
export const COMMUNITY_CONTENT_MAX = 16_000;
/** Earlier versions come in pages of this many. */
export const COMMUNITY_VERSIONS_PAGE_SIZE = 20;

export const COMMUNITY_MESSAGES = {
  titleRequired: 'A title is required',
  titleTooLong: `Title cannot exceed ${COMMUNITY_TITLE_MAX} characters`,
  contentRequired: 'Some content is required',
  contentTooLong: `Content cannot exceed ${COMMUNITY_CONTENT_MAX.toLocaleString('en-US')} characters`,
  versionNotFound: 'That version was not found',
  stale: 'Someone saved this page meanwhile. Reload it to see their version.',
  sameVersion: 'That is the current version.',
} as const;

/** `PUT /api/admin/community-content/{type}`: the new title and Markdown; `baseVersion` the version the admin edited. */
export const CommunityContentBody = z.object({
  title: z.string().trim().min(1, COMMUNITY_MESSAGES.titleRequired).max(COMMUNITY_TITLE_MAX, COMMUNITY_MESSAGES.titleTooLong),
  content: z.string().trim().min(1, COMMUNITY_MESSAGES.contentRequired).max(COMMUNITY_CONTENT_MAX, COMMUNITY_MESSAGES.contentTooLong),
  baseVersion: z.number().int().min(0).optional(),
});
export type CommunityContentBody = z.input<typeof CommunityContentBody>;

export const CommunityContentParams = z.object({ type: CommunityContentType });

/** A stored page as everyone sees it. */
export const CommunityContentDto = z.object({
  contentType: CommunityContentType,
  title: z.string(),
  content: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CommunityContentDto = z.infer<typeof CommunityContentDto>;

/** `GET /api/content/{type}`: the stored page, or null when none was written (the web app shows its built-in text). */
export const CommunityContentResponse = z.object({ page: CommunityContentDto.nullable() });
export type CommunityContentResponse = z.infer<typeof CommunityContentResponse>;

/** The admin's view of a page: who saved it last. */
export const AdminCommunityContentDto = CommunityContentDto.extend({ lastModifiedBy: StaffName });
export type AdminCommunityContentDto = z.infer<typeof AdminCommunityContentDto>;

/** `GET /api/admin/community-content`: each type with its stored page, or null. */
export const AdminCommunityContentResponse = z.object({
  pages: z.array(z.object({ contentType: CommunityContentType, page: AdminCommunityContentDto.nullable() })),
});
export type AdminCommunityContentResponse = z.infer<typeof AdminCommunityContentResponse>;

/** An earlier version of a page (kept in the audit log: decision record 0030). */
export const CommunityVersionDto = z.object({
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** When it was replaced, and by whom. */
  replacedAt: z.string(),
  replacedBy: StaffName,
});
export type CommunityVersionDto = z.infer<typeof CommunityVersionDto>;

/** `GET /api/admin/community-content/{type}/versions?cursor=`: earlier versions, newest first. */
export const CommunityVersionsQuery = z.object({ cursor: z.string().max(32).optional() });
export const CommunityVersionsResponse = z.object({ versions: z.array(CommunityVersionDto), nextCursor: z.string().nullable() });
export type CommunityVersionsResponse = z.infer<typeof CommunityVersionsResponse>;

/** `POST /api/admin/community-content/{type}/restore`: save an earlier version as the next one. */
export const RestoreCommunityContentBody = z.object({ version: z.number().int().positive() });
export type RestoreCommunityContentBody = z.input<typeof RestoreCommunityContentBody>;
