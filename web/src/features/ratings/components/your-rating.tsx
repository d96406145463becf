import type { PostDto } from '@plates/common';
import { useEffect, useRef, useState } from 'react';
import { useRatePost } from '../hooks/use-rate-post';
import { StarRating } from './star-rating';

/** Keyboard users sweep across stars with the arrows: only the star they stop on is sent. */
export const RATING_SETTLE_MS = 500;

/**
 * "Your Rating": stars for a signed-in viewer who is not the author. `onRated` gets the plate as
 * the server answers it after a rating.
 */
export function YourRating({ post, onRated }: { post: PostDto; onRated: (updated: PostDto) => void }) {
  const { rate } = useRatePost(post, onRated);
  const [chosen, setChosen] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const current = post.userRating ?? 0;
  const onChange = (n: number) => {
    setChosen(n);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setChosen(null);
      if (n !== current) rate(n);
    }, RATING_SETTLE_MS);
  };

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
      <StarRating
        value={chosen ?? current}
        onChange={onChange}
        label={post.userRating ? 'Change rating' : 'Rate this plate'}
        className="-ml-2"
      />
    </section>
  );
}
