import type { CommentDto, ReplyDto } from '@plates/common';
import { toBadge } from '../users/users.author.js';
import type { AuthorRow, CommentRow, ReplyRow } from './comments.repository.js';

/** The author beside a comment or reply: explicit, so no other column can leak. */
function toCommentAuthor(user: AuthorRow): CommentDto['user'] {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName ?? null,
    profileImage: user.profileImage ?? null,
    isAdmin: user.isAdmin,
    ...toBadge(user.verifiedType),
  };
}

export function toReplyDto(row: Omit<ReplyRow, 'ratingId'>): ReplyDto {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    user: toCommentAuthor(row.user),
    isHearted: Boolean(row.isHearted),
    heartCount: row.heartCount,
    ...(row.heldAt ? { held: true } : {}),
  };
}

export function toCommentDto(row: CommentRow, replies: ReplyDto[]): CommentDto {
  return {
    id: row.id,
    comment: row.comment ?? '',
    createdAt: row.createdAt.toISOString(),
    user: toCommentAuthor(row.user),
    isHearted: Boolean(row.isHearted),
    heartCount: row.heartCount,
    replies,
    ...(row.heldAt ? { held: true } : {}),
  };
}
