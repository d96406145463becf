import type { PostDto } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** Rates a plate 1-5; the answer is the plate with its new average, count and the viewer's rating. */
export function ratePost(postId: number, rating: number): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/posts/${postId}/rate`, { rating });
}
