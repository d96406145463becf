import type { ReactNode } from 'react';
import { postKeys } from '../api/keys';
import { fetchFeedPage, pageAnswers } from '../api/posts-api';
import { FeaturedRow } from '../components/featured-row';
import { EmptyPanel, PostList, ShareAPlate } from '../components/post-list';
import { SwipeViewerHost } from '../components/swipe-viewer';
import { useInfinitePosts } from '../hooks/use-infinite-posts';

const HOME_KEY = postKeys.feed({});
const fetchHome = (cursor: string | null) => fetchFeedPage({}, cursor);
const servedHome = () => pageAnswers.feedPage({});

/**
 * / : the home feed, newest first, refreshed every 10 s. Uploads start from the bottom bar's centre
 * button on phones and the side navigation on desktop; a floating button here covered the cards'
 * Share buttons (issue 15). `banner` (the announcements, composed by the router) sits above the
 * Featured row, which sits above the feed.
 */
export default function HomePage({ banner }: { banner?: ReactNode } = {}) {
  const feed = useInfinitePosts({ queryKey: HOME_KEY, fetchPage: fetchHome, firstPage: servedHome });
  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold tracking-tight">Home</h1>
      {banner}
      <FeaturedRow />
      <PostList
        query={feed}
        label="Feed"
        swipeable
        errorText={(message) => `Error loading posts: ${message}`}
        empty={<EmptyPanel action={<ShareAPlate />}>No posts available. Be the first to share your plate!</EmptyPanel>}
      />
      <SwipeViewerHost queryKey={HOME_KEY} />
    </div>
  );
}
