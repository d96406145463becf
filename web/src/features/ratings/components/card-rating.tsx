import type { PostDto } from '@plates/common';
import { useSettledRating } from '../hooks/use-settled-rating';
import { StarRating } from './star-rating';

/**
 * The viewer's stars on a feed card: the plate page's Your Rating in one line (the same settling,
 * refusals and toasts). A default export: the posts feature loads it lazily, for members only, so
 * visitors' first load does not carry the stars and their mutation.
 */
export default function CardRating({ post, onRated }: { post: PostDto; onRated: (updated: PostDto) => void }) {
  const { value, onChange } = useSettledRating(post, onRated);
  return (
    <div className="flex items-center gap-2">
      <StarRating
        value={value}
        onChange={onChange}
        label={post.userRating ? `Change your rating of ${post.title}` : `Rate ${post.title}`}
        className="-ml-2"
      />
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {post.userRating ? `You rated ${post.userRating}/5` : 'Tap to rate'}
      </span>
    </div>
  );
}
