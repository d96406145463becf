import type {
  Category,
  CommentsResponse,
  FeedResponse,
  HeartResponse,
  PostDto,
  ReplyDto,
  UpdatePostBody,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';
import type { FeedFilter, TopRatedPeriod } from './keys';

export const FEED_PAGE_SIZE = 12;

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchFeedPage(filter: FeedFilter, cursor: string | null): Promise<FeedResponse> {
  return apiRequest<FeedResponse>(
    'GET',
    `/api/posts${query({ cursor, limit: FEED_PAGE_SIZE, location: filter.location })}`,
  );
}

export function fetchSavedPage(cursor: string | null): Promise<FeedResponse> {
  return apiRequest<FeedResponse>('GET', `/api/saved-posts${query({ cursor, limit: FEED_PAGE_SIZE })}`);
}

export function fetchPost(id: number): Promise<PostDto> {
  return apiRequest<PostDto>('GET', `/api/posts/${id}`);
}

export interface Neighbors {
  previousId: number | null;
  nextId: number | null;
}

export function fetchNeighbors(id: number): Promise<Neighbors> {
  return apiRequest<Neighbors>('GET', `/api/posts/${id}/neighbors`);
}

export function fetchTopRated(period: TopRatedPeriod, limit: number): Promise<PostDto[]> {
  return apiRequest<PostDto[]>('GET', `/api/top-rated${query({ period, limit })}`);
}

export function fetchCategories(): Promise<Category[]> {
  return apiRequest<Category[]>('GET', '/api/categories');
}

export function createPost(data: FormData): Promise<PostDto> {
  return apiRequest<PostDto>('POST', '/api/posts', data);
}

export function updatePost(id: number, body: UpdatePostBody): Promise<PostDto> {
  return apiRequest<PostDto>('PATCH', `/api/posts/${id}`, body);
}

export function deletePost(id: number): Promise<{ message: string } | null> {
  return apiRequest<{ message: string } | null>('DELETE', `/api/posts/${id}`);
}

export function setSaved(id: number, saved: boolean): Promise<PostDto> {
  return apiRequest<PostDto>(saved ? 'POST' : 'DELETE', `/api/posts/${id}/saves`);
}

export function ratePost(id: number, body: { rating: number } | { comment: string }): Promise<PostDto> {
  return apiRequest<PostDto>('POST', `/api/posts/${id}/rate`, body);
}

export function fetchCommentsPage(postId: number, cursor: string | null): Promise<CommentsResponse> {
  return apiRequest<CommentsResponse>('GET', `/api/posts/${postId}/comments${query({ cursor })}`);
}

export function postReply(commentId: number, content: string): Promise<ReplyDto> {
  return apiRequest<ReplyDto>('POST', `/api/comments/${commentId}/replies`, { content });
}

export function setHeart(kind: 'comment' | 'reply', id: number, hearted: boolean): Promise<HeartResponse> {
  const base = kind === 'comment' ? '/api/comments' : '/api/replies';
  return apiRequest<HeartResponse>(hearted ? 'POST' : 'DELETE', `${base}/${id}/hearts`);
}

export function refreshImageUrl(imageUrl: string): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('GET', `/api/images/refresh-url${query({ imageUrl })}`);
}

export function reverseGeocode(lat: number, lon: number): Promise<{ location: string }> {
  return apiRequest<{ location: string }>('GET', `/api/geocode/reverse${query({ lat, lon })}`);
}
