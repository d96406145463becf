import type { FeedResponse, PostDto } from '@plates/common';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from './keys';

type PostMapper = (post: PostDto) => PostDto | null;

function isPost(value: unknown): value is PostDto {
  return typeof value === 'object' && value !== null && 'id' in value && 'title' in value && 'image' in value;
}

function isInfiniteFeed(value: unknown): value is InfiniteData<FeedResponse> {
  return typeof value === 'object' && value !== null && 'pages' in value && Array.isArray((value as { pages: unknown }).pages);
}

/**
 * Applies `fn` to every copy of a plate in any cached shape under '/api/posts' (a detail, an
 * array, an infinite feed). `fn` answering null removes the plate from lists.
 */
export function mapCachedPosts(data: unknown, id: number, fn: PostMapper): unknown {
  if (isPost(data)) {
    if (data.id !== id) return data;
    return fn(data) ?? data;
  }
  if (Array.isArray(data)) {
    if (!data.some((p) => isPost(p) && p.id === id)) return data;
    return data.flatMap((p) => (isPost(p) && p.id === id ? (fn(p) ?? []) : [p]));
  }
  if (isInfiniteFeed(data)) {
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page || !Array.isArray(page.posts) || !page.posts.some((p) => p.id === id)) return page;
      changed = true;
      return { ...page, posts: page.posts.flatMap((p) => (p.id === id ? (fn(p) ?? []) : [p])) };
    });
    return changed ? { ...data, pages } : data;
  }
  return data;
}

export function updatePostInCaches(queryClient: QueryClient, id: number, fn: PostMapper): void {
  queryClient.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => mapCachedPosts(data, id, fn));
}

/** Puts the server's copy of a plate everywhere it is cached. */
export function putPostInCaches(queryClient: QueryClient, post: PostDto): void {
  updatePostInCaches(queryClient, post.id, () => post);
}

/** A rating's answer: the plate everywhere it is cached, and top rated asked again (its order may move). */
export function putRatedPost(queryClient: QueryClient, post: PostDto): void {
  putPostInCaches(queryClient, post);
  void queryClient.invalidateQueries({ queryKey: postKeys.topRatedAll() });
}

export function removePostFromCaches(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData({ queryKey: postKeys.all }, (data: unknown) =>
    isPost(data) ? data : mapCachedPosts(data, id, () => null),
  );
}

/** The first copy of a plate found in the cache (for the swipe viewer and instant detail). */
export function findCachedPost(queryClient: QueryClient, id: number): PostDto | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: postKeys.all })) {
    if (isPost(data) && data.id === id) return data;
    if (Array.isArray(data)) {
      const found = data.find((p) => isPost(p) && p.id === id) as PostDto | undefined;
      if (found) return found;
    }
    if (isInfiniteFeed(data)) {
      for (const page of data.pages) {
        const found = page?.posts?.find((p) => p.id === id);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/**
 * Merges a freshly fetched first page into the cached first page (the 10 s refresh). New plates
 * come first; plates of the old first page that sit after the newest one still listed are kept
 * (they moved past the page boundary), while ones missing before it were deleted or hidden. The
 * old cursor stays, so the following pages go on where they did. Null: start over from the head.
 */
export function mergeHeadPage(old: FeedResponse, head: FeedResponse): FeedResponse | null {
  const headIds = new Set(head.posts.map((p) => p.id));
  let lastSharedIndex = -1;
  old.posts.forEach((p, i) => {
    if (headIds.has(p.id)) lastSharedIndex = i;
  });
  // Nothing in common (a whole page of new plates, or an empty old page): the caller starts over
  // from the head, since plates between it and the old page would otherwise be skipped.
  if (lastSharedIndex === -1) return old.posts.length === 0 && head.posts.length === 0 ? old : null;
  const tail = old.posts.slice(lastSharedIndex + 1).filter((p) => !headIds.has(p.id));
  return { posts: [...head.posts, ...tail], nextCursor: old.nextCursor };
}
