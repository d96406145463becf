import { Plus } from 'lucide-react';
import { postKeys } from '../api/keys';
import { fetchFeedPage, pageAnswers } from '../api/posts-api';
import { EmptyPanel, PostList } from '../components/post-list';
import { SwipeViewerHost } from '../components/swipe-viewer';
import { useInfinitePosts } from '../hooks/use-infinite-posts';
import { useUploadPlate } from '../hooks/use-upload-plate';

const HOME_KEY = postKeys.feed({});
const fetchHome = (cursor: string | null) => fetchFeedPage({}, cursor);
const servedHome = () => pageAnswers.feedPage({});

/** / : the home feed, newest first, refreshed every 10 s. */
export default function HomePage() {
  const feed = useInfinitePosts({ queryKey: HOME_KEY, fetchPage: fetchHome, firstPage: servedHome });
  const { openUpload } = useUploadPlate();
  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold tracking-tight">Home</h1>
      <PostList
        query={feed}
        label="Feed"
        swipeable
        errorText={(message) => `Error loading posts: ${message}`}
        empty={<EmptyPanel>No posts available. Be the first to share your plate!</EmptyPanel>}
      />
      <button
        type="button"
        onClick={openUpload}
        aria-label="Upload Plate"
        className="fixed bottom-[calc(5.5rem+env(safe-area-inset-bottom))] right-4 z-30 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring lg:hidden"
      >
        <Plus className="size-7" aria-hidden="true" />
      </button>
      <SwipeViewerHost queryKey={HOME_KEY} />
    </div>
  );
}
