import type { PostDto } from '@plates/common';
import { Bookmark, Clock, Heart, MessageCircle, Share2 } from 'lucide-react';
import { memo, useId, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { AuthorByline } from '../../../components/author/author-line';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { openSwipeModal } from '../../../lib/app-events';
import { cn } from '../../../lib/utils';
import { isOwner, useAuth } from '../../auth';
import { useSavePost } from '../hooks/use-save-post';
import { useSharePost } from '../hooks/use-share-post';
import { CardStars } from './card-stars';
import { PostChips } from './post-chips';
import { PostImage } from './post-image';
import { PostActions } from './post-actions';
import { RatingSummary } from './rating-summary';

interface PostCardProps {
  post: PostDto;
  /** The first card on the page: its image loads eagerly. */
  priority?: boolean;
  /** On phones a tap on the image opens the swipe viewer over this list (the home feed). */
  swipeable?: boolean;
  /** The plate's place in a ranking (Top Rated), shown before the author. */
  rank?: number;
}

// Gold, silver and bronze for the first three, as on the leaderboard.
const PODIUM = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-700 text-white'] as const;

const PHONE_QUERY = '(max-width: 1023px)';

export const PostCard = memo(function PostCard({ post, priority = false, swipeable = false, rank }: PostCardProps) {
  const { user } = useAuth();
  const toggleSave = useSavePost();
  const share = useSharePost();
  const titleId = useId();
  const href = `/posts/${post.id}`;
  const pending = post.approvalStatus === 'pending' && isOwner(user, post);

  const onImageClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!swipeable || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches) {
      event.preventDefault();
      openSwipeModal(post.id);
    }
  };

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm [contain-intrinsic-size:auto_640px] [content-visibility:auto]"
    >
      <header className="flex items-center gap-3 px-4 py-3">
        {rank === undefined ? null : (
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full text-base font-bold tabular-nums',
              PODIUM[rank - 1] ?? 'bg-secondary text-secondary-foreground',
            )}
          >
            <span className="sr-only">Rank </span>
            {rank}
          </span>
        )}
        <AuthorByline post={post} className="flex-1" />
        <PostActions post={post} />
      </header>

      <Link to={href} onClick={onImageClick} tabIndex={-1} aria-hidden="true" className="block">
        {/* a tall portrait photo is cropped rather than filling more than the screen */}
        <PostImage image={post.image} title={post.title} priority={priority} className="max-h-[min(80vh,720px)]" />
      </Link>

      <div className="grid gap-2.5 px-4 pb-2 pt-3">
        <div className="flex flex-wrap items-start gap-2">
          <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold leading-snug tracking-tight">
            <Link to={href} className="rounded-sm hover:text-primary hover:underline hover:underline-offset-4">
              {post.title}
            </Link>
          </h2>
          {pending ? (
            <Badge variant="warning">
              <Clock aria-hidden="true" />
              Awaiting approval
            </Badge>
          ) : null}
        </div>
        {post.description ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{post.description}</p>
        ) : null}
        <PostChips post={post} />
        <CardStars post={post} />
      </div>

      <footer className="flex items-center gap-1 px-2 pb-2">
        <RatingSummary average={post.averageRating} count={post.ratingCount} className="px-2" />
        <Link
          to={`${href}#comments-section`}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          aria-label={`${post.commentCount} ${post.commentCount === 1 ? 'comment' : 'comments'} on ${post.title}`}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          <span className="tabular-nums">{post.commentCount}</span>
        </Link>
        {/* the likes the search cards show; a count, not a button (plates have no like action) */}
        <span className="inline-flex min-h-11 items-center gap-1.5 px-2 text-sm text-muted-foreground">
          <Heart className="size-4" aria-hidden="true" />
          <span className="tabular-nums">{post.likeCount}</span>
          <span className="sr-only">{post.likeCount === 1 ? 'like' : 'likes'}</span>
        </span>
        <div className="ml-auto flex items-center">
          <Button
            variant="ghost"
            size="icon"
            aria-pressed={post.isSaved}
            aria-label={post.isSaved ? `Saved: ${post.title}` : `Save ${post.title}`}
            onClick={() => toggleSave(post)}
          >
            <Bookmark className={cn('size-5!', post.isSaved && 'fill-primary text-primary')} aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Share ${post.title}`} onClick={() => void share(post)}>
            <Share2 className="size-5!" aria-hidden="true" />
          </Button>
        </div>
      </footer>
    </article>
  );
});
