import type { PostDto } from '@plates/common';
import { Clock, Star } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/utils';
import { isOwner, useAuth } from '../../auth';
import { PostImage } from './post-image';

/** Tile width: a third of the screen on phones and of the 42rem column from sm; a quarter from lg. */
export const TILE_SIZES = '(min-width: 1024px) 168px, (min-width: 640px) 224px, 34vw';

/** How a tile reads to a screen reader: the title, then its rating. */
export function tileLabel(post: Pick<PostDto, 'title' | 'averageRating' | 'ratingCount'>): string {
  if (post.ratingCount === 0) return `${post.title}, no ratings yet`;
  const count = `${post.ratingCount} ${post.ratingCount === 1 ? 'rating' : 'ratings'}`;
  return `${post.title}, rated ${Number(post.averageRating).toFixed(1)} out of 5 from ${count}`;
}

/**
 * One square of a photo grid (profiles, saved plates, a place): the photo cropped square, its
 * average rating in a corner, the owner's pending mark; the whole tile opens the plate.
 */
export const PostTile = memo(function PostTile({ post, priority = false, className }: { post: PostDto; priority?: boolean; className?: string }) {
  const { user } = useAuth();
  const pending = post.approvalStatus === 'pending' && isOwner(user, post);
  return (
    <li className={cn('relative', className)}>
      <Link
        to={`/posts/${post.id}`}
        aria-label={pending ? `${tileLabel(post)}, awaiting approval` : tileLabel(post)}
        className="group relative block aspect-square overflow-hidden rounded-md bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:rounded-lg"
      >
        <PostImage
          image={post.image}
          title={post.title}
          priority={priority}
          sizes={TILE_SIZES}
          fit="fill"
          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
        {/* the title on hover for pointers; phones have the plate page one tap away */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 hidden bg-gradient-to-b from-black/60 to-transparent p-2 pb-6 text-left text-xs font-semibold leading-snug text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 sm:block"
        >
          <span className="line-clamp-2">{post.title}</span>
        </span>
        {post.ratingCount > 0 ? (
          <span
            aria-hidden="true"
            className="absolute bottom-1.5 left-1.5 inline-flex items-center gap-0.5 rounded-full bg-black/65 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white backdrop-blur-sm"
          >
            <Star className="size-3 fill-amber-400 text-amber-400" />
            {Number(post.averageRating).toFixed(1)}
          </span>
        ) : null}
        {pending ? (
          <span
            aria-hidden="true"
            className="absolute right-1.5 top-1.5 inline-flex size-6 items-center justify-center rounded-full bg-amber-400 text-amber-950 shadow"
          >
            <Clock className="size-3.5" />
          </span>
        ) : null}
      </Link>
    </li>
  );
});
