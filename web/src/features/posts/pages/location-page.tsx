import { MapPin } from 'lucide-react';
import { useParams } from 'react-router';
import { postKeys } from '../api/keys';
import { fetchFeedPage } from '../api/posts-api';
import { BrowsePlates, EmptyPanel, PostList } from '../components/post-list';
import { useInfinitePosts } from '../hooks/use-infinite-posts';

/** /location/:location : plates from one place (the router decodes the parameter). */
export default function LocationPage() {
  const location = (useParams().location ?? '').trim();
  const feed = useInfinitePosts({
    queryKey: postKeys.feed({ location }),
    fetchPage: (cursor) => fetchFeedPage({ location }, cursor),
    enabled: location.length > 0,
  });
  return (
    <div className="grid gap-4">
      <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight">
        <MapPin className="size-6 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words">Plates from {location || 'nowhere'}</span>
      </h1>
      {location ? (
        <PostList
          query={feed}
          view="grid"
          label={`Plates from ${location}`}
          errorText={(message) => `Error loading posts: ${message}`}
          empty={<EmptyPanel action={<BrowsePlates />}>No plates from {location} yet.</EmptyPanel>}
        />
      ) : (
        <EmptyPanel action={<BrowsePlates />}>No location given.</EmptyPanel>
      )}
    </div>
  );
}
