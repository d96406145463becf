import { postKeys } from '../api/keys';
import { fetchSavedPage } from '../api/posts-api';
import { useInfinitePosts } from './use-infinite-posts';

/** The viewer's saved plates (GET /api/saved-posts), refreshed every 10 s (document 2 §7). */
export function useSavedPosts({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfinitePosts({ queryKey: postKeys.saved(), fetchPage: fetchSavedPage, enabled });
}
