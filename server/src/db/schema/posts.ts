// Plates (posts) and everything people do to them: star ratings and comments (one `ratings` table),
// likes, saves, comment and reply hearts, replies, cuisine categories and featuring.
//
// ON DELETE choices: deleting a user CASCADES to their posts, ratings, likes, saves, hearts and
// replies; deleting a post CASCADES to its ratings (and through them replies and hearts), likes,
// saves, categories and featured row. Columns that record which admin approved or featured a post
// (approved_by, featured_by, unfeatured_by) are SET NULL: the post outlives the admin's account.
//
// Counters (rating_count, rating_sum, comment_count, save_count, reply_count, heart_count) are
// denormalised and kept by the services in the same transaction as the row they count.
//
// Search objects drizzle-kit cannot model are not declared here: `posts.search_vector` (kept by
// triggers), the GIN indexes on it and on folded titles, locations, usernames and display names,
// and `immutable_unaccent` live in migration 0002_search.sql (docs/decisions/0009-search.md). The
// btree indexes search sorts and looks up by are declared below (docs/decisions/0022-search-at-scale.md).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';
import { users } from './users.js';

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const imageAspects = ['landscape', 'portrait', 'square'] as const;
export type ImageAspect = (typeof imageAspects)[number];

/** One stored rendition of a plate's image, written by the media pipeline. */
export interface ImageVariant {
  /** e.g. 'thumb', 'feed', 'full' */
  name: string;
  url: string;
  key?: string;
  width: number;
  height: number;
  format: string;
}

export const posts = pgTable(
  'posts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    location: text('location'),
    imageUrl: text('image_url').notNull(),
    /** Storage key of the original (local path or S3 key), for deletion and refreshed links. */
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imageAspect: text('image_aspect', { enum: imageAspects }),
    /** Small BlurHash/ThumbHash string shown while the image loads. */
    imagePlaceholder: text('image_placeholder'),
    imageVariants: jsonb('image_variants').$type<ImageVariant[]>().notNull().default([]),
    altText: text('alt_text'),
    /** dHash of the photo (16 hex digits) for near-duplicate hints in review; null for old rows. */
    imageHash: text('image_hash'),
    /** Spec: default 'approved'; its other values are not specified, so no check constraint. */
    status: text('status').notNull().default('approved'),
    approvalStatus: text('approval_status', { enum: approvalStatuses }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    approvedAt: timestamptz('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    saveCount: integer('save_count').notNull().default(0),
    /** Likes by active members, kept by a trigger on `likes` (migration 0015_like_count_trigger). */
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Feed: approved plates newest first, cursor (created_at, id). Descending index columns say
    // NULLS FIRST on purpose: that is what `ORDER BY x DESC` means in PostgreSQL, and drizzle-kit
    // would otherwise emit DESC NULLS LAST, which the planner cannot use for that ORDER BY (it
    // would sort every matching row). The same holds for every descending index in this schema.
    index('posts_feed_idx').on(t.approvalStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Profile: a user's plates newest first.
    index('posts_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_location_idx').on(t.location),
    // The dashboard's plates approved per day (record 0028): the approved ones, by approval time.
    index('posts_approved_at_idx').on(t.approvedAt).where(sql`${t.approvalStatus} = 'approved'`),
    // Search (docs/decisions/0022-search-at-scale.md). Each is read backwards for its descending
    // order, as `ORDER BY … DESC` reads it: sorted by average rating (ratings, then newest); by
    // ratings, comments, saves and likes (then newest); and the exact folded title a search text can
    // equal (immutable_unaccent is created by 0002_search).
    index('posts_rating_idx').on(
      t.approvalStatus,
      sql`(case when ${t.ratingCount} > 0 then ${t.ratingSum}::float8 / ${t.ratingCount} else 0 end)`,
      t.ratingCount,
      t.createdAt,
      t.id,
    ),
    index('posts_popular_idx').on(
      t.approvalStatus,
      sql`(${t.ratingCount} + ${t.commentCount} + ${t.saveCount} + ${t.likeCount})`,
      t.createdAt,
      t.id,
    ),
    index('posts_title_folded_idx').on(sql`lower(public.immutable_unaccent(${t.title}))`),
    check('posts_approval_status_check', sql`${t.approvalStatus} in ${inList(approvalStatuses)}`),
    // Image columns are filled by the media pipeline; a null passes a check constraint.
    check('posts_image_aspect_check', sql`${t.imageAspect} in ${inList(imageAspects)}`),
    check('posts_image_size_check', sql`${t.imageWidth} > 0 and ${t.imageHeight} > 0`),
    check(
      'posts_counters_check',
      sql`${t.ratingCount} >= 0 and ${t.ratingSum} >= 0 and ${t.commentCount} >= 0 and ${t.saveCount} >= 0`,
    ),
  ],
);

/**
 * A row is a star rating, a top-level comment, or both. At most one star rating per user and post
 * (partial unique index); comment-only rows are unlimited.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating'),
    comment: text('comment'),
    replyCount: integer('reply_count').notNull().default(0),
    heartCount: integer('heart_count').notNull().default(0),
    /** Set while the comment of a restricted member waits for a moderator (shown only to its author). */
    heldAt: timestamptz('held_at'),
    /** Set when a moderator removed the comment (hidden from everyone, restored by an approved appeal). */
    removedAt: timestamptz('removed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ratings_held_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    uniqueIndex('ratings_one_star_rating_per_user_key')
      .on(t.postId, t.userId)
      .where(sql`${t.rating} is not null`),
    index('ratings_post_id_created_at_idx').on(t.postId, t.createdAt),
    index('ratings_user_id_idx').on(t.userId),
    check('ratings_rating_check', sql`${t.rating} between 1 and 5`),
    check('ratings_rating_or_comment_check', sql`${t.rating} is not null or ${t.comment} is not null`),
    check('ratings_counters_check', sql`${t.replyCount} >= 0 and ${t.heartCount} >= 0`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('likes_post_user_key').on(t.postId, t.userId), index('likes_user_id_idx').on(t.userId)],
);

export const saves = pgTable(
  'saves',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('saves_post_user_key').on(t.postId, t.userId),
    // Saved plates page: my saves, most recent first.
    index('saves_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const commentHearts = pgTable(
  'comment_hearts',
  {
    id: id(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('comment_hearts_rating_user_key').on(t.ratingId, t.userId),
    index('comment_hearts_user_id_idx').on(t.userId),
  ],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: id(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    heartCount: integer('heart_count').notNull().default(0),
    /** Set while the reply of a restricted member waits for a moderator (shown only to its author). */
    heldAt: timestamptz('held_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comment_replies_held_idx').on(t.heldAt).where(sql`${t.heldAt} is not null`),
    index('comment_replies_rating_id_created_at_idx').on(t.ratingId, t.createdAt),
    index('comment_replies_user_id_idx').on(t.userId),
    check('comment_replies_heart_count_check', sql`${t.heartCount} >= 0`),
  ],
);

export const replyHearts = pgTable(
  'reply_hearts',
  {
    id: id(),
    replyId: integer('reply_id')
      .notNull()
      .references(() => commentReplies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reply_hearts_reply_user_key').on(t.replyId, t.userId),
    index('reply_hearts_user_id_idx').on(t.userId),
  ],
);

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const postCategories = pgTable(
  'post_categories',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('post_categories_post_category_key').on(t.postId, t.categoryId),
    // Search by cuisine.
    index('post_categories_category_id_idx').on(t.categoryId),
  ],
);

export const featuredPosts = pgTable(
  'featured_posts',
  {
    id: id(),
    postId: integer('post_id')
      .notNull()
      .unique()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Spec: default 'homepage'; other placements are not specified, so no check constraint. */
    featuredType: text('featured_type').notNull().default('homepage'),
    priority: integer('priority').notNull().default(1),
    reason: text('reason'),
    isActive: boolean('is_active').notNull().default(true),
    featuredBy: integer('featured_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at'),
    unfeaturedBy: integer('unfeatured_by').references(() => users.id, { onDelete: 'set null' }),
    unfeaturedAt: timestamptz('unfeatured_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('featured_posts_active_idx').on(t.isActive, t.featuredType, t.priority)],
);

export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Rating = typeof ratings.$inferSelect;
export type NewRating = typeof ratings.$inferInsert;
export type Like = typeof likes.$inferSelect;
export type NewLike = typeof likes.$inferInsert;
export type Save = typeof saves.$inferSelect;
export type NewSave = typeof saves.$inferInsert;
export type CommentHeart = typeof commentHearts.$inferSelect;
export type NewCommentHeart = typeof commentHearts.$inferInsert;
export type CommentReply = typeof commentReplies.$inferSelect;
export type NewCommentReply = typeof commentReplies.$inferInsert;
export type ReplyHeart = typeof replyHearts.$inferSelect;
export type NewReplyHeart = typeof replyHearts.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;
export type PostCategory = typeof postCategories.$inferSelect;
export type NewPostCategory = typeof postCategories.$inferInsert;
export type FeaturedPost = typeof featuredPosts.$inferSelect;
export type NewFeaturedPost = typeof featuredPosts.$inferInsert;
