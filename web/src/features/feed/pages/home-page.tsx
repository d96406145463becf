import { FeedEmptyState } from '../components/feed-empty-state';

/** / : the home feed. The list of plates arrives with the posts feature; today it is empty. */
export default function HomePage() {
  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold tracking-tight">Home</h1>
      <FeedEmptyState />
    </div>
  );
}
