import { useSavedPosts } from '../hooks/use-saved-posts';
import { BrowsePlates, EmptyPanel, PostList } from './post-list';

/** The viewer's saved plates, with their loading, error and empty words: /saved-posts and the own profile's Saved tab. */
export function SavedPlates() {
  const saved = useSavedPosts();
  return (
    <PostList
      query={saved}
      view="grid"
      label="Saved plates"
      loadingText="Loading your saved plates..."
      errorText={(message) => `Error loading saved posts: ${message}`}
      empty={
        <EmptyPanel action={<BrowsePlates />}>
          You haven&apos;t saved any plates yet
        </EmptyPanel>
      }
    />
  );
}
