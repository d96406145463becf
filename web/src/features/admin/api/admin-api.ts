import type { PendingPostsResponse, PostDto } from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const adminKeys = {
  pending: (page: number) => ['/api/admin/posts/pending', page] as const,
  pendingAll: ['/api/admin/posts/pending'] as const,
  /** The posts feature's lists (they all start with this path); approving changes them. */
  postLists: ['/api/posts'] as const,
};

export function fetchPending(page: number): Promise<PendingPostsResponse> {
  return apiRequest<PendingPostsResponse>('GET', `/api/admin/posts/pending?page=${page}`);
}

export function approvePost(id: number): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/admin/posts/${id}/approve`);
}

export function rejectPost(id: number, reason: string): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/admin/posts/${id}/reject`, { reason });
}
