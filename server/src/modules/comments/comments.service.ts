import { MESSAGES, type CommentsResponse, type HeartResponse, type ReplyDto } from '@plates/common';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Member, Viewer } from '../../lib/viewer.js';
import type { PostAccess, PostAction } from '../posts/post-access.js';
import { toCommentDto, toReplyDto } from './comments.mapper.js';
import type { CommentsRepository, CommentTarget } from './comments.repository.js';

export const COMMENT_MESSAGES = {
  commentNotFound: 'Comment not found',
  replyNotFound: 'Reply not found',
} as const;

/** Comment pages end at the last id shown (a page cursor holds `[id]`). */
const CommentKeys = z.tuple([z.number().int().positive().max(2_147_483_647)]);
export const encodeCommentCursor = (id: number): string => encodeCursor([id]);
const decodeCommentCursor = (cursor: string | undefined): number | null => decodeCursor(cursor, CommentKeys)?.[0] ?? null;

/** Author of the content, the plate's owner, or an admin. */
function assertMayDelete(target: CommentTarget, viewer: Member): void {
  if (viewer.isAdmin || viewer.id === target.userId || viewer.id === target.postOwnerId) return;
  throw new AppError('FORBIDDEN', MESSAGES.forbidden);
}

export function createCommentsService(deps: {
  repo: CommentsRepository;
  notifications: NotificationsService;
  access: PostAccess;
  /** The content filters: a reply is screened as it is written (a hold keeps it for review). */
  filters: ContentScreen;
}) {
  const { repo, notifications, access, filters } = deps;

  /**
   * A comment (or reply) the viewer may see, on a plate they may `action` (else 404, or the 403
   * of engaging with a plate not yet approved). Read before any transaction starts: the embedded
   * database runs one transaction at a time on one connection.
   */
  async function locate<T extends CommentTarget>(target: T | undefined, viewer: Viewer, notFound: string, action: PostAction = 'open'): Promise<T> {
    if (!target) throw new AppError('NOT_FOUND', notFound);
    await access.require(action, target.postId, viewer, { notFound });
    // Hidden from the viewer's list across a block, so not theirs to reply to or heart either.
    if (viewer && viewer.id !== target.userId && (await repo.blockedBetween(viewer.id, target.userId))) {
      throw new AppError('NOT_FOUND', notFound);
    }
    return target;
  }

  return {
    /**
     * A page of top-level comments (newest first) with all their replies (oldest first): three
     * queries whatever the page holds (the plate, the comments, the replies), hearts included.
     */
    async list(postId: number, viewer: Viewer, page: { cursor?: string | undefined; limit: number }): Promise<CommentsResponse> {
      const beforeId = decodeCommentCursor(page.cursor);
      await access.require('open', postId, viewer);
      const rows = await repo.commentsPage(postId, viewer?.id ?? null, beforeId, page.limit + 1);
      const shown = rows.slice(0, page.limit);
      const replies = await repo.repliesOf(
        shown.map((c) => c.id),
        viewer?.id ?? null,
      );
      const byComment = new Map<number, ReplyDto[]>();
      for (const reply of replies) {
        const list = byComment.get(reply.ratingId) ?? [];
        list.push(toReplyDto(reply));
        byComment.set(reply.ratingId, list);
      }
      const last = shown[shown.length - 1];
      return {
        comments: shown.map((c) => toCommentDto(c, byComment.get(c.id) ?? [])),
        nextCursor: rows.length > page.limit && last ? encodeCommentCursor(last.id) : null,
      };
    },

    async reply(commentId: number, viewer: Member, content: string): Promise<ReplyDto> {
      const comment = await locate(await repo.findComment(commentId), viewer, COMMENT_MESSAGES.commentNotFound, 'engage');
      const screening = filters.screen([{ scope: 'replies', field: 'content', text: content }], viewer.id);
      return repo.transaction(async (tx) => {
        // Still there? (Deleted between the check and now: the same 404.)
        if (!(await repo.findComment(commentId, tx, true))) throw new AppError('NOT_FOUND', COMMENT_MESSAGES.commentNotFound);
        const row = await repo.insertReply(tx, {
          ratingId: comment.id,
          userId: viewer.id,
          content,
          // A restricted member's reply, or one a content filter holds, waits for a moderator.
          ...(viewer.restricted || screening.held ? { heldAt: new Date() } : {}),
        });
        await filters.record(screening, { type: 'reply', id: row.id }, viewer.id, tx);
        const author = await repo.author(viewer.id, tx);
        if (!author) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
        // A held reply: nobody is told yet.
        if (row.heldAt) return toReplyDto({ ...row, isHearted: false, user: author });
        await notifications.notify(
          {
            userId: comment.userId,
            actorId: viewer.id,
            postId: comment.postId,
            type: 'reply',
            title: 'New reply',
            message: `${author.displayName || author.username} replied to your comment on "${comment.postTitle}"`,
            metadata: { commentId: comment.id, replyId: row.id },
          },
          tx,
        );
        return toReplyDto({ ...row, isHearted: false, user: author });
      });
    },

    /**
     * A held reply approved by a moderator: counted on its comment and the comment's author told,
     * as if just written. Answers its author and plate, or undefined when it is no longer held.
     */
    async publishHeldReply(replyId: number, tx: Tx) {
      const reply = await repo.findReply(replyId, tx);
      if (!reply?.heldAt) return undefined;
      const author = await repo.author(reply.userId, tx);
      await repo.releaseHeldReply(tx, replyId, reply.commentId);
      const comment = await repo.findComment(reply.commentId, tx);
      if (comment && author) {
        await notifications.notify(
          {
            userId: comment.userId,
            actorId: reply.userId,
            postId: comment.postId,
            type: 'reply',
            title: 'New reply',
            message: `${author.displayName || author.username} replied to your comment on "${comment.postTitle}"`,
            metadata: { commentId: comment.id, replyId },
          },
          tx,
        );
      }
      return { userId: reply.userId, postId: reply.postId, postTitle: reply.postTitle };
    },

    /** A held reply refused: deleted. Answers what it was, or undefined when no longer held. */
    async discardHeldReply(replyId: number, tx: Tx) {
      const reply = await repo.findReply(replyId, tx);
      if (!reply?.heldAt) return undefined;
      await repo.deleteReply(tx, replyId, reply.commentId);
      return { userId: reply.userId, postId: reply.postId };
    },

    async deleteComment(commentId: number, viewer: Member): Promise<void> {
      const found = await locate(await repo.findComment(commentId), viewer, COMMENT_MESSAGES.commentNotFound);
      assertMayDelete(found, viewer);
      await repo.transaction(async (tx) => {
        // Lock order of every counter change: the plate first, then the comment row.
        await repo.lockPost(tx, found.postId);
        const comment = await repo.findComment(commentId, tx, true);
        if (!comment) return; // deleted meanwhile: nothing left to do
        if (comment.rating !== null) await repo.clearCommentText(tx, comment.id);
        else await repo.deleteCommentRow(tx, comment.id);
        // A recount, not a step: a held, removed or suspended author's comment was never counted.
        await repo.recountPost(tx, comment.postId);
      });
    },

    async deleteReply(replyId: number, viewer: Member): Promise<void> {
      const reply = await locate(await repo.findReply(replyId), viewer, COMMENT_MESSAGES.replyNotFound);
      assertMayDelete(reply, viewer);
      await repo.transaction((tx) => repo.deleteReply(tx, reply.id, reply.commentId));
    },

    async heartComment(commentId: number, viewer: Member, on: boolean): Promise<HeartResponse> {
      const comment = await locate(await repo.findComment(commentId), viewer, COMMENT_MESSAGES.commentNotFound, on ? 'engage' : 'open');
      return repo.transaction(async (tx) => {
        const result = await repo.heartComment(tx, comment.id, viewer.id, on);
        if (on && result.changed) {
          await notifications.notify(
            {
              userId: comment.userId,
              actorId: viewer.id,
              postId: comment.postId,
              type: 'like',
              title: 'New like',
              message: `${await repo.displayName(viewer.id, tx)} liked your comment on "${comment.postTitle}"`,
              metadata: { commentId: comment.id },
            },
            tx,
          );
        }
        return { isHearted: on, heartCount: result.heartCount };
      });
    },

    async heartReply(replyId: number, viewer: Member, on: boolean): Promise<HeartResponse> {
      const reply = await locate(await repo.findReply(replyId), viewer, COMMENT_MESSAGES.replyNotFound, on ? 'engage' : 'open');
      return repo.transaction(async (tx) => {
        const result = await repo.heartReply(tx, reply.id, viewer.id, on);
        if (on && result.changed) {
          await notifications.notify(
            {
              userId: reply.userId,
              actorId: viewer.id,
              postId: reply.postId,
              type: 'like',
              title: 'New like',
              message: `${await repo.displayName(viewer.id, tx)} liked your reply on "${reply.postTitle}"`,
              metadata: { commentId: reply.commentId, replyId: reply.id },
            },
            tx,
          );
        }
        return { isHearted: on, heartCount: result.heartCount };
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
