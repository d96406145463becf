import { pathWithQuery, type PhotoAnalysis, type PostDto, type SimilarPlatesResponse } from '@plates/common';
import { apiRequest } from '../../../lib/api';

/** What the cook has written so far: the cuisine suggestions read it. */
export interface PhotoText {
  title?: string | undefined;
  description?: string | undefined;
}

/** `POST /api/analysis/photo`: the chosen photo (and the words so far) analysed; aborted when a newer ask replaces it. */
export function analysePhoto(image: File, text: PhotoText, signal?: AbortSignal): Promise<PhotoAnalysis> {
  const data = new FormData();
  data.append('image', image, image.name);
  const title = text.title?.trim();
  const description = text.description?.trim();
  if (title) data.append('title', title);
  if (description) data.append('description', description);
  return apiRequest<PhotoAnalysis>('POST', '/api/analysis/photo', data, signal ? { signal } : undefined);
}

/**
 * `GET /api/posts/{id}/similar`: visible plates that look alike, nearest first, as a PostDto array
 * (so the posts' cache helpers reach them: a save or a rating shows on their tiles too).
 */
export async function fetchSimilarPlates(postId: number, limit: number): Promise<PostDto[]> {
  return (await apiRequest<SimilarPlatesResponse>('GET', pathWithQuery(`/api/posts/${postId}/similar`, { limit }))).posts;
}
