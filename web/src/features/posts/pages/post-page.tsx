import { PLATE_IMAGE_SIZES, type PostDto } from '@plates/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bookmark, ChevronLeft, ChevronRight, Clock, MessageCircle, SearchX, Share2 } from 'lucide-react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { AuthorByline } from '../../../components/author/author-line';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { currentPath, isOwner, signInPath, useAuth } from '../../auth';
import { CommentsSection } from '../../comments';
import { SimilarPlates } from '../../analysis';
import { YourRating } from '../../ratings';
import { findCachedPost, putPostInCaches, putRatedPost } from '../api/cache';
import { postKeys } from '../api/keys';
import { fetchNeighbors, fetchPost, pageAnswers } from '../api/posts-api';
import { NavigationTip } from '../components/navigation-tip';
import { PostChips } from '../components/post-chips';
import { PostImage } from '../components/post-image';
import { PostActions } from '../components/post-actions';
import { PostTile } from '../components/post-tile';
import { RatingSummary } from '../components/rating-summary';
import { ASPECT_RATIO, aspectOf } from '../lib/image';
import { useSwipe } from '../hooks/use-swipe';
import { useSavePost } from '../hooks/use-save-post';
import { useSharePost } from '../hooks/use-share-post';

function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** True when a key press belongs to a field or an open dialog rather than to the page. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'radio';
}

/** /posts/:postId : one plate, its rating, comments, and the way to the previous and next plate. */
export default function PostPage() {
  const id = parseId(useParams().postId);
  if (id === null) return <PostNotFound />;
  return <PostView key={id} id={id} />;
}

function PostNotFound({ message }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight">Post Not Found</h1>
      <p className="text-muted-foreground">{message ?? 'This plate may have been removed, or the link is wrong.'}</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}

function PostView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const post = useQuery({
    queryKey: postKeys.detail(id),
    queryFn: () => fetchPost(id),
    initialData: () => pageAnswers.post(id),
    placeholderData: () => findCachedPost(queryClient, id),
    staleTime: 30_000,
  });
  const neighbors = useQuery({
    queryKey: postKeys.neighbors(id),
    queryFn: () => fetchNeighbors(id),
    initialData: () => pageAnswers.neighbors(id),
    staleTime: 60_000,
    enabled: post.isSuccess && !post.isPlaceholderData,
  });
  const previousId = neighbors.data?.previousId ?? null;
  const nextId = neighbors.data?.nextId ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (typingOrInDialog(event.target)) return;
      const target = event.key === 'ArrowLeft' ? previousId : event.key === 'ArrowRight' ? nextId : null;
      if (target === null) return;
      event.preventDefault();
      void navigate(`/posts/${target}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previousId, nextId, navigate]);

  if (post.isPending) return <PageSpinner label="Loading plate" />;
  if (post.isError) {
    const notFound = isApiError(post.error) && post.error.status === 404;
    return <PostNotFound message={notFound ? undefined : post.error.message} />;
  }
  // Shown until the plate is known to have no neighbour, so their arrival moves nothing. Above the
  // photo on phones (-mb-2: 12px to it); at the top of the details column from lg up, so the photo
  // starts at the top of the page and fits the screen.
  const tip =
    neighbors.isPending || previousId !== null || nextId !== null ? (
      <NavigationTip className="-mb-2 lg:col-start-2 lg:row-start-1 lg:mb-4" />
    ) : null;
  return (
    <div className="grid gap-8">
      <PostDetail post={post.data} previousId={previousId} nextId={nextId} tip={tip} />
      {/* asked for only when it scrolls near: the plate's first load never waits for it */}
      <SimilarPlates postId={id} Tile={PostTile} />
    </div>
  );
}

interface PostDetailProps {
  post: PostDto;
  previousId: number | null;
  nextId: number | null;
  /** The Navigation Tip, placed by the page's grid. */
  tip: ReactNode;
}

/**
 * Phones and tablets: one column, the photo first. From lg up two: the photo on the left, as tall as
 * the screen allows and staying in view while the details column on the right (title to comments)
 * scrolls with the page.
 */
function PostDetail({ post, previousId, nextId, tip }: PostDetailProps) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const toggleSave = useSavePost();
  const share = useSharePost();
  const own = isOwner(user, post);
  // A rating or a comment answers with the plate: every cached copy takes it, and a rating can move
  // it in top rated.
  const onCommented = (updated: PostDto) => putPostInCaches(queryClient, updated);
  const onRated = (updated: PostDto) => putRatedPost(queryClient, updated);

  useEffect(() => {
    document.title = `${post.title} · Plates`;
    return () => {
      document.title = 'Plates';
    };
  }, [post.title]);

  const swipe = useSwipe((direction) => {
    const target = direction === 'next' ? nextId : previousId;
    if (target !== null) void navigate(`/posts/${target}`);
  });

  // From lg up the photo is never taller than the screen below the sticky header (4rem) less the
  // page's margins (1.5rem above and below): its width follows from its shape.
  const photoShape = { '--plate-ratio': post.image?.url ? ASPECT_RATIO[aspectOf(post.image)] : '16 / 9' } as CSSProperties;

  return (
    <article
      className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:gap-x-6 lg:gap-y-0"
      aria-labelledby="post-title"
    >
      {tip}
      <div
        className="overflow-hidden rounded-2xl border bg-card shadow-sm lg:sticky lg:top-[5.5rem] lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:w-[min(100%,calc((100dvh-7rem)*var(--plate-ratio)))] lg:self-start lg:justify-self-end"
        style={photoShape}
        onTouchStart={swipe.onTouchStart}
        onTouchEnd={swipe.onTouchEnd}
      >
        {post.image?.url ? (
          <PostImage image={post.image} title={post.title} priority sizes={PLATE_IMAGE_SIZES} />
        ) : (
          <div className="flex aspect-video items-center justify-center bg-muted text-muted-foreground">No image available</div>
        )}
      </div>

      <div className="grid content-start gap-5 lg:col-start-2 lg:row-start-2">
        <header className="grid gap-3">
          <div className="flex items-start gap-2">
            <h1 id="post-title" className="min-w-0 flex-1 font-display text-2xl font-bold leading-tight tracking-tight sm:text-3xl lg:text-2xl xl:text-3xl">
              {post.title}
            </h1>
            <PostActions post={post} onDeleted={() => void navigate('/')} />
          </div>
          {post.approvalStatus === 'pending' && own ? (
            <Badge variant="warning" className="justify-self-start">
              <Clock aria-hidden="true" />
              Awaiting approval
            </Badge>
          ) : null}
          <AuthorByline post={post} />
          <RatingSummary average={post.averageRating} count={post.ratingCount} />
          <PostChips post={post} />
        </header>

        {post.description ? <p className="whitespace-pre-line leading-relaxed">{post.description}</p> : null}

        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" className="px-3 sm:px-4">
            <a href="#comments-section" aria-label={`Comments (${post.commentCount})`}>
              <MessageCircle aria-hidden="true" />
              <span className="hidden sm:inline lg:hidden">Comments</span>
              <span className="tabular-nums">({post.commentCount})</span>
            </a>
          </Button>
          <Button variant="outline" className="px-3 sm:px-4" aria-pressed={post.isSaved} onClick={() => toggleSave(post)}>
            <Bookmark aria-hidden="true" className={cn(post.isSaved && 'fill-primary text-primary')} />
            {post.isSaved ? 'Saved' : 'Save'}
          </Button>
          <Button variant="outline" className="px-3 sm:px-4" onClick={() => void share(post)}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
        </div>

        {user && !own ? (
          <YourRating post={post} onRated={onRated} />
        ) : !user ? (
          <LogInToRate />
        ) : null}

        {/* always the same height, so the neighbours arriving later do not move the comments */}
        <nav aria-label="More plates" className="flex min-h-11 justify-between gap-2">
          {previousId !== null ? (
            <Button asChild variant="ghost">
              <Link to={`/posts/${previousId}`}>
                <ChevronLeft aria-hidden="true" />
                Previous plate
              </Link>
            </Button>
          ) : (
            <span />
          )}
          {nextId !== null ? (
            <Button asChild variant="ghost">
              <Link to={`/posts/${nextId}`}>
                Next plate
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </nav>

        <CommentsSection post={post} onCommented={onCommented} scrollIntoView={hash === '#comments-section'} />
      </div>
    </article>
  );
}

/** A visitor's line where the stars would be: Log in, and come back to this plate. */
function LogInToRate() {
  const location = useLocation();
  return (
    <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">
      <Link to={signInPath(currentPath(location))} className="font-semibold text-primary underline-offset-4 hover:underline">
        Log in
      </Link>{' '}
      to rate this plate.
    </p>
  );
}
