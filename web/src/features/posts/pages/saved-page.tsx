import { SavedPlates } from '../components/saved-plates';

/** /saved-posts (signed in only, guarded by the route): the viewer's saved plates, refreshed every 10 s. */
export default function SavedPage() {
  return (
    <div className="grid gap-4">
      <h1 className="font-display text-2xl font-bold tracking-tight">Your Saved Plates</h1>
      <SavedPlates />
    </div>
  );
}
