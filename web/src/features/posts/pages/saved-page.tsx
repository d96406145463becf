import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyPanel, PostList } from '../components/post-list';
import { useSavedPosts } from '../hooks/use-saved-posts';

/** /saved-posts (signed in only, guarded by the route): the viewer's saved plates, refreshed every 10 s. */
export default function SavedPage() {
  const saved = useSavedPosts();
  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold tracking-tight">Your Saved Plates</h1>
      <PostList
        query={saved}
        label="Saved plates"
        loadingText="Loading your saved plates..."
        errorText={(message) => `Error loading saved posts: ${message}`}
        empty={
          <EmptyPanel
            action={
              <Button asChild variant="outline">
                <Link to="/">Browse plates</Link>
              </Button>
            }
          >
            You haven&apos;t saved any plates yet
          </EmptyPanel>
        }
      />
    </div>
  );
}
