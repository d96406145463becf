import {
  FEATURED_PATH,
  FEED_PAGE_SIZE,
  pathWithQuery,
  type Category,
  type FeaturedPostsResponse,
  type FeedResponse,
  type PostDto,
  type UpdatePostBody,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';
import { takePageAnswer } from '../../../lib/page-data';
import type { FeedFilter, TopRatedPeriod } from './keys';

/** The path of a page of the home feed (or a location's). */
export function feedPagePath(filter: FeedFilter, cursor: string | null): string {
  return pathWithQuery('/api/posts', { cursor, limit: FEED_PAGE_SIZE, location: filter.location });
}

const postPath = (id: number) => `/api/posts/${id}`;
const neighborsPath = (id: number) => `/api/posts/${id}/neighbors`;

/** What the page was served with (lib/page-data.ts), for the queries' first render. */
export const pageAnswers = {
  feedPage: (filter: FeedFilter) => takePageAnswer<FeedResponse>(feedPagePath(filter, null)),
  post: (id: number) => takePageAnswer<PostDto>(postPath(id)),
  neighbors: (id: number) => takePageAnswer<Neighbors>(neighborsPath(id)),
  featured: () => takePageAnswer<FeaturedPostsResponse>(FEATURED_PATH)?.posts,
};

export function fetchFeedPage(filter: FeedFilter, cursor: string | null): Promise<FeedResponse> {
  return apiRequest<FeedResponse>('GET', feedPagePath(filter, cursor));
}

export function fetchSavedPage(cursor: string | null): Promise<FeedResponse> {
  return apiRequest<FeedResponse>('GET', pathWithQuery('/api/saved-posts', { cursor, limit: FEED_PAGE_SIZE }));
}

export function fetchPost(id: number): Promise<PostDto> {
  return apiRequest<PostDto>('GET', postPath(id));
}

export interface Neighbors {
  previousId: number | null;
  nextId: number | null;
}

export function fetchNeighbors(id: number): Promise<Neighbors> {
  return apiRequest<Neighbors>('GET', neighborsPath(id));
}

export function fetchTopRated(period: TopRatedPeriod, limit: number): Promise<PostDto[]> {
  return apiRequest<PostDto[]>('GET', pathWithQuery('/api/top-rated', { period, limit }));
}

/** The Featured row's plates, highest priority first. */
export async function fetchFeatured(): Promise<PostDto[]> {
  return (await apiRequest<FeaturedPostsResponse>('GET', FEATURED_PATH)).posts;
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

export function refreshImageUrl(imageUrl: string): Promise<{ url: string }> {
  return apiRequest<{ url: string }>('GET', pathWithQuery('/api/images/refresh-url', { imageUrl }));
}

export function reverseGeocode(lat: number, lon: number): Promise<{ location: string }> {
  return apiRequest<{ location: string }>('GET', pathWithQuery('/api/geocode/reverse', { lat, lon }));
}
