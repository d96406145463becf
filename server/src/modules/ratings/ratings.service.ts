import type { PostDto, RateBody } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import type { Member, Viewer } from '../../lib/viewer.js';
import type { Tx } from '../../db/client.js';
import type { PostAccess, PostGate } from '../posts/post-access.js';
import type { RatingsRepository } from './ratings.repository.js';

/** Reads a plate as the viewer sees it (the posts module's `getPost`). */
export type LoadPost = (postId: number, viewer: Viewer) => Promise<PostDto>;

export const RATING_MESSAGES = {
  ownPlate: "You cannot rate plates you've posted (but you can still comment)",
} as const;

export function createRatingsService(deps: {
  repo: RatingsRepository;
  points: PointsService;
  notifications: NotificationsService;
  loadPost: LoadPost;
  access: PostAccess;
  /** The content filters: a comment is screened as it is written (a hold keeps it for review). */
  filters: ContentScreen;
}) {
  const { repo, points, notifications, access, filters } = deps;

  /**
   * What a published comment does: the plate's count, the commenter's points, the cook told. A held
   * one is recounted, not stepped: its author may have been suspended while it waited.
   */
  async function publishComment(tx: Tx, post: PostGate, userId: number, name: string, commentId: number, held = false): Promise<void> {
    if (held) await repo.recountPost(tx, post.id);
    else await repo.bumpPostCounters(tx, post.id, { commentCount: 1 });
    // Commenting on your own plate earns nothing (no farming points on your own posts).
    if (post.userId !== userId) {
      await points.award({ userId, action: 'comment_given', entityType: 'post', entityId: post.id }, tx);
    }
    await notifications.notify(
      {
        userId: post.userId,
        actorId: userId,
        postId: post.id,
        type: 'comment',
        title: 'New comment',
        message: `${name} commented on "${post.title}"`,
        metadata: { commentId },
      },
      tx,
    );
  }

  return {
    /**
     * A held comment approved by a moderator: published as if just written (count, points,
     * notification). Answers its author and plate, or undefined when it is no longer held.
     */
    async publishHeldComment(commentId: number, tx: Tx): Promise<{ userId: number; postId: number; postTitle: string } | undefined> {
      const held = await repo.lockHeldComment(commentId, tx);
      if (!held) return undefined;
      const post = await access.require('open', held.postId, { id: held.userId, isAdmin: false }, { conn: tx, lock: true });
      await repo.releaseHeldComment(commentId, tx);
      await publishComment(tx, post, held.userId, await repo.displayName(held.userId, tx), commentId, true);
      return { userId: held.userId, postId: post.id, postTitle: post.title };
    },

    /** A held comment refused: deleted. Answers what it was, or undefined when no longer held. */
    async discardHeldComment(commentId: number, tx: Tx) {
      return repo.deleteHeldComment(commentId, tx);
    },

    /**
     * `POST /api/posts/{id}/rate`. A star rating is set or replaced (one per user and plate); a
     * comment always adds a top-level comment (on the new rating row when the rating is new,
     * otherwise as its own comment-only row). Counters, points and notifications change in the
     * same transaction as the rows.
     */
    async rate(postId: number, viewer: Member, body: RateBody): Promise<PostDto> {
      const screening = filters.screen([{ scope: 'comments', field: 'comment', text: body.comment }], viewer.id);
      // A restricted member's comment, or one a content filter holds, waits for a moderator.
      const hold = viewer.restricted === true || screening.held;
      await repo.transaction(async (tx) => {
        const post = await access.require('engage', postId, viewer, { conn: tx, lock: true });
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
            comment: hold ? null : (body.comment ?? null),
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
          if (hold) {
            // Stored, shown only to its author until a moderator publishes it.
            const heldId = await repo.insertComment(tx, { postId, userId: viewer.id, comment: body.comment, heldAt: new Date() });
            await filters.record(screening, { type: 'comment', id: heldId }, viewer.id, tx);
          } else {
            const commentId =
              commentOnRatingRow ?? (await repo.insertComment(tx, { postId, userId: viewer.id, comment: body.comment }));
            await publishComment(tx, post, viewer.id, name, commentId);
            await filters.record(screening, { type: 'comment', id: commentId }, viewer.id, tx);
          }
        }
      });
      return deps.loadPost(postId, viewer);
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
