import type { PostDto, RateBody } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import type { PostGate, RatingsRepository } from './ratings.repository.js';

/** Who is asking; null for a guest. */
export type Viewer = { id: number; isAdmin: boolean } | null;

/** Reads a plate as the viewer sees it (the posts module's `getPost`). */
export type LoadPost = (postId: number, viewer: Viewer) => Promise<PostDto>;

/**
 * Whether the viewer may open the plate at all (the posts module's rule: approval, blocks, private
 * authors). Engagement with a plate the viewer cannot open is a 404, as if it did not exist.
 */
export type CanView = (postId: number, viewer: Viewer) => Promise<boolean>;

export async function assertCanView(canView: CanView | undefined, postId: number, viewer: Viewer, message: string = RATING_MESSAGES.postNotFound): Promise<void> {
  if (canView && !(await canView(postId, viewer))) throw new AppError('NOT_FOUND', message);
}

export const RATING_MESSAGES = {
  postNotFound: 'Post not found',
  ownPlate: "You cannot rate plates you've posted (but you can still comment)",
  notApproved: 'This plate is awaiting approval: it cannot be rated or commented on yet.',
} as const;

/**
 * A plate the viewer may see: approved plates to everyone, others only to their owner and admins
 * (anyone else gets the same 404 as for a missing plate, so pending plates are not revealed).
 */
export function assertVisible(post: PostGate | undefined, viewer: Viewer): PostGate {
  if (!post) throw new AppError('NOT_FOUND', RATING_MESSAGES.postNotFound);
  if (post.approvalStatus === 'approved') return post;
  if (viewer && (viewer.isAdmin || viewer.id === post.userId)) return post;
  throw new AppError('NOT_FOUND', RATING_MESSAGES.postNotFound);
}

/** A plate that takes ratings, comments, replies and hearts: visible and approved. */
export function assertEngageable(post: PostGate | undefined, viewer: Viewer): PostGate {
  const visible = assertVisible(post, viewer);
  if (visible.approvalStatus !== 'approved') throw new AppError('FORBIDDEN', RATING_MESSAGES.notApproved);
  return visible;
}

export function createRatingsService(deps: {
  repo: RatingsRepository;
  points: PointsService;
  notifications: NotificationsService;
  loadPost: LoadPost;
  canView?: CanView;
}) {
  const { repo, points, notifications } = deps;

  return {
    /**
     * `POST /api/posts/{id}/rate`. A star rating is set or replaced (one per user and plate); a
     * comment always adds a top-level comment (on the new rating row when the rating is new,
     * otherwise as its own comment-only row). Counters, points and notifications change in the
     * same transaction as the rows.
     */
    async rate(postId: number, viewer: { id: number; isAdmin: boolean }, body: RateBody): Promise<PostDto> {
      await assertCanView(deps.canView, postId, viewer);
      await repo.transaction(async (tx) => {
        const post = assertEngageable(await repo.findPostGate(postId, tx, true), viewer);
        if (body.rating !== undefined && post.userId === viewer.id) {
          throw new AppError('FORBIDDEN', RATING_MESSAGES.ownPlate, 'rating');
        }
        const name = await repo.displayName(viewer.id, tx);
        /** The row that carries the comment when the new rating row took it. */
        let commentOnRatingRow: number | undefined;

        if (body.rating !== undefined) {
          const rating = await repo.upsertStarRating(tx, {
            postId,
            userId: viewer.id,
            rating: body.rating,
            comment: body.comment ?? null,
          });
          if (rating.inserted && body.comment !== undefined) commentOnRatingRow = rating.id;
          await repo.bumpPostCounters(tx, postId, {
            ratingCount: rating.inserted ? 1 : 0,
            ratingSum: body.rating - (rating.previous ?? 0),
          });
          await points.award({ userId: viewer.id, action: 'rating_given', entityType: 'post', entityId: postId }, tx);
          await points.award(
            { userId: post.userId, action: 'rating_received', entityType: 'rating', entityId: rating.id },
            tx,
          );
          if (rating.previous !== body.rating) {
            await notifications.notify(
              {
                userId: post.userId,
                actorId: viewer.id,
                postId,
                type: 'rating',
                title: 'New rating',
                message: `${name} rated "${post.title}" ${body.rating}/5`,
                metadata: { ratingId: rating.id, rating: body.rating },
              },
              tx,
            );
          }
        }

        if (body.comment !== undefined) {
          const commentId =
            commentOnRatingRow ?? (await repo.insertComment(tx, { postId, userId: viewer.id, comment: body.comment }));
          await repo.bumpPostCounters(tx, postId, { commentCount: 1 });
          // Commenting on your own plate earns nothing (no farming points on your own posts).
          if (post.userId !== viewer.id) {
            await points.award({ userId: viewer.id, action: 'comment_given', entityType: 'post', entityId: postId }, tx);
          }
          await notifications.notify(
            {
              userId: post.userId,
              actorId: viewer.id,
              postId,
              type: 'comment',
              title: 'New comment',
              message: `${name} commented on "${post.title}"`,
              metadata: { commentId },
            },
            tx,
          );
        }
      });
      return deps.loadPost(postId, viewer);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
