import type { PostDto } from '@plates/common';
import { useSettledRating } from '../hooks/use-settled-rating';
import { StarRating } from './star-rating';

export { RATING_SETTLE_MS } from '../hooks/use-settled-rating';

/**
 * "Your Rating": stars for a signed-in viewer who is not the author. `onRated` gets the plate as
 * the server answers it after a rating.
 */
export function YourRating({ post, onRated }: { post: PostDto; onRated: (updated: PostDto) => void }) {
  const { value, onChange } = useSettledRating(post, onRated);
  return (
    <section aria-labelledby="your-rating" className="grid gap-1 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="your-rating" className="text-base font-semibold">
          Your Rating
        </h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {post.userRating ? `You rated ${post.userRating}/5` : 'Tap stars to rate'}
        </p>
      </div>
      <StarRating value={value} onChange={onChange} label={post.userRating ? 'Change rating' : 'Rate this plate'} className="-ml-2" />
    </section>
  );
}
