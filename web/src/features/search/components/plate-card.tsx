import type { SearchPost } from '@plates/common';
import { Heart, MapPin, MessageCircle, Star } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { formatAverage, plural } from '../lib/format';
import { postPath, profilePath } from '../lib/paths';
import { nameOf } from './person-summary';
import { SearchImage } from './search-image';

/** One column on phones, two from sm up, inside the 42rem centre column. */
const CARD_SIZES = '(min-width: 640px) 336px, 100vw';

/**
 * A plate in the results of /search and /search/advanced: photo, title, author (a link to the
 * profile), description, location, the average rating with its count, comments and likes. The
 * whole card opens the plate; the title's link is stretched over it, the author's link sits above.
 */
export function PlateCard({ post, className }: { post: SearchPost; className?: string }) {
  return (
    <article
      className={cn(
        'relative flex flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-xs transition-shadow focus-within:ring-3 focus-within:ring-ring/30 hover:shadow-md',
        className,
      )}
    >
      <SearchImage image={post.image} title={post.title} variant="card" sizes={CARD_SIZES} className="aspect-[4/3] w-full" />
      <div className="grid gap-1.5 p-4">
        <h3 className="font-display text-lg font-bold leading-snug [overflow-wrap:anywhere]">
          <Link to={postPath(post.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
            {post.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">
          by{' '}
          <Link
            to={profilePath(post.user.id)}
            className="relative z-10 inline-flex min-h-11 items-center font-medium text-foreground underline-offset-4 hover:underline sm:min-h-0"
          >
            {nameOf(post.user)}
          </Link>
          <VerifiedBadge person={post.user} className="ml-1 inline-block size-3.5 align-[-0.125em]" />
        </p>
        {post.description?.trim() ? (
          <p className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{post.description}</p>
        ) : null}
        {post.location?.trim() ? (
          <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{post.location}</span>
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {post.ratingCount > 0 ? (
            <span className="inline-flex items-center gap-1">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              <span className="font-semibold tabular-nums">{formatAverage(post.averageRating)}</span>
              <span className="text-muted-foreground">({plural(post.ratingCount, 'rating', 'ratings')})</span>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <Star className="size-4" aria-hidden="true" />
              No ratings yet
            </span>
          )}
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <MessageCircle className="size-4" aria-hidden="true" />
            {plural(post.commentCount, 'comment', 'comments')}
          </span>
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <Heart className="size-4" aria-hidden="true" />
            {plural(post.likeCount, 'like', 'likes')}
          </span>
        </p>
      </div>
    </article>
  );
}
