import { pathWithQuery, type CommentsResponse, type HeartResponse, type PostDto, type ReplyDto } from '@plates/common';
import { apiRequest } from '../../../lib/api';
import { takePageAnswer } from '../../../lib/page-data';

function commentsPagePath(postId: number, cursor: string | null): string {
  return pathWithQuery(`/api/posts/${postId}/comments`, { cursor });
}

/** The first page of a plate's comments the page was served with (lib/page-data.ts), if any. */
export function commentsPageAnswer(postId: number): CommentsResponse | undefined {
  return takePageAnswer<CommentsResponse>(commentsPagePath(postId, null));
}

export function fetchCommentsPage(postId: number, cursor: string | null): Promise<CommentsResponse> {
  return apiRequest<CommentsResponse>('GET', commentsPagePath(postId, cursor));
}

/** A top-level comment goes through the rating endpoint with only `comment` (the contract). */
export function postComment(postId: number, comment: string): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/posts/${postId}/rate`, { comment });
}

export function postReply(commentId: number, content: string): Promise<ReplyDto> {
  return apiRequest<ReplyDto>('POST', `/api/comments/${commentId}/replies`, { content });
}

export function setHeart(kind: 'comment' | 'reply', id: number, hearted: boolean): Promise<HeartResponse> {
  const base = kind === 'comment' ? '/api/comments' : '/api/replies';
  return apiRequest<HeartResponse>(hearted ? 'POST' : 'DELETE', `${base}/${id}/hearts`);
}
