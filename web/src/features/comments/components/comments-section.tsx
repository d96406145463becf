import type { CommentDto, PostDto, ReplyDto } from '@plates/common';
import { Heart, MessageCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AuthorAvatar, AuthorBadges, authorName } from '../../../components/author/author-line';
import { HeldLabel } from '../../../components/moderation/held-label';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { formatCommentTime, formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { askToLogIn, useAuth } from '../../auth';
import { openReportDialog } from '../../../lib/app-events';
import { useComments, useHeart, usePostComment, usePostReply } from '../hooks/use-comments';
import { AutoGrowTextarea } from './auto-grow-textarea';

interface CommentsSectionProps {
  post: PostDto;
  /** The plate as the server answers a new comment (its comment count changed). */
  onCommented: (updated: PostDto) => void;
  /** The URL asked for #comments-section: scroll here once shown. */
  scrollIntoView?: boolean;
}

/** Comments with hearts and replies; one reply form open at a time. */
export function CommentsSection({ post, onCommented, scrollIntoView = false }: CommentsSectionProps) {
  const comments = useComments(post.id);
  const heart = useHeart(post.id);
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const section = useRef<HTMLElement>(null);
  const { user } = useAuth();

  // #comments-section: scroll once the comments are in (the page above has its final height then).
  const loaded = !comments.isPending;
  const scrolled = useRef(false);
  useEffect(() => {
    if (!scrollIntoView || !loaded || scrolled.current) return;
    scrolled.current = true;
    section.current?.scrollIntoView({ block: 'start' });
  }, [scrollIntoView, loaded]);

  // A failed load also raises a toast (document 2 §8); 429 gets its own words.
  const { isError, error, errorUpdatedAt } = comments;
  useEffect(() => {
    if (!isError) return;
    const tooMany = error?.status === 429 || /429/.test(error?.message ?? '');
    toast({
      variant: 'destructive',
      title: 'Error loading comments',
      description: tooMany ? 'Too many requests. Please try again in a moment.' : 'Failed to load comments. Please try again.',
    });
  }, [isError, error, errorUpdatedAt]);

  const list = (comments.data?.pages.flatMap((p) => p.comments) ?? []).filter((c) => c.user);

  return (
    <section
      id="comments-section"
      ref={section}
      tabIndex={-1}
      aria-labelledby="comments-heading"
      className="grid scroll-mt-20 gap-4 outline-none"
    >
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <MessageCircle className="size-5 text-primary" aria-hidden="true" />
        Comments
        <span className="text-base font-medium text-muted-foreground">({post.commentCount})</span>
      </h2>
      <CommentComposer post={post} onCommented={onCommented} />
      {comments.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label="" /> Loading comments...
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
          <span className="font-medium">Failed to load comments</span>
          <Button variant="outline" size="sm" className="h-11" onClick={() => void comments.refetch()}>
            Retry
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet. {user ? 'Be the first to say something!' : ''}</p>
      ) : (
        <ul className="grid gap-4">
          {list.map((comment) => (
            <CommentItem
              key={comment.id}
              postId={post.id}
              comment={comment}
              replying={replyingTo === comment.id}
              onReply={() => {
                if (!user) {
                  askToLogIn('Please log in to reply to comments');
                  return;
                }
                setReplyingTo(comment.id);
              }}
              onCloseReply={() => setReplyingTo(null)}
              onHeart={heart}
              canReport={user !== null && user !== undefined && user.id !== comment.user.id}
            />
          ))}
        </ul>
      )}
      <LoadMore pager={comments} label="Show more comments" />
    </section>
  );
}

function CommentComposer({ post, onCommented }: { post: PostDto; onCommented: (updated: PostDto) => void }) {
  const { user } = useAuth();
  const [text, setText] = useState('');
  const id = useId();
  const send = usePostComment(post, onCommented);
  const blank = text.trim().length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!user || blank) return;
    send.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2" aria-label="Add a comment">
      <label htmlFor={id} className="sr-only">
        Add a comment
      </label>
      <AutoGrowTextarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={!user}
        maxLength={1000}
        placeholder={user ? 'Add a comment...' : 'Log in to comment'}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <Button type="submit" disabled={!user || blank || send.isPending}>
        {send.isPending ? 'Posting...' : 'Post'}
      </Button>
    </form>
  );
}

type HeartFn = ReturnType<typeof useHeart>;

function HeartButton({ kind, item, by, onHeart }: { kind: 'comment' | 'reply'; item: CommentDto | ReplyDto; by: string; onHeart: HeartFn }) {
  return (
    <button
      type="button"
      aria-pressed={item.isHearted}
      aria-label={`${item.isHearted ? 'Unlike' : 'Like'} ${kind} by ${by}`}
      onClick={() => onHeart(kind, item)}
      className="inline-flex min-h-11 min-w-11 items-center gap-1 rounded-lg px-2 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
    >
      <Heart aria-hidden="true" className={cn('size-4', item.isHearted && 'fill-rose-500 text-rose-500')} />
      <span className="tabular-nums">{item.heartCount}</span>
    </button>
  );
}

function Byline({ item }: { item: CommentDto | ReplyDto }) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-sm">
      <span className="font-semibold">{authorName(item.user)}</span>
      <AuthorBadges author={item.user} showLevel={false} />
      <time dateTime={item.createdAt} title={formatFullDate(item.createdAt)} className="text-xs text-muted-foreground">
        {formatCommentTime(item.createdAt)}
      </time>
    </p>
  );
}

/** A comment's first words, for the report dialog. */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

interface CommentItemProps {
  postId: number;
  comment: CommentDto;
  replying: boolean;
  onReply: () => void;
  onCloseReply: () => void;
  onHeart: HeartFn;
  /** A signed-in member other than the author may report it. */
  canReport: boolean;
}

function CommentItem({ postId, comment, replying, onReply, onCloseReply, onHeart, canReport }: CommentItemProps) {
  const by = authorName(comment.user);
  const replies = comment.replies.filter((r) => r.user);
  return (
    <li className="flex gap-3">
      <AuthorAvatar author={comment.user} className="size-9" />
      <div className="grid min-w-0 flex-1 gap-1">
        <Byline item={comment} />
        <p className="whitespace-pre-line break-words text-sm leading-relaxed">{comment.comment}</p>
        {comment.held ? <HeldLabel /> : null}
        <div className="-ml-2 flex items-center gap-1">
          <HeartButton kind="comment" item={comment} by={by} onHeart={onHeart} />
          <Button variant="ghost" size="sm" className="h-11 text-muted-foreground" onClick={onReply} aria-expanded={replying}>
            Reply
          </Button>
          {canReport && !comment.held ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-11 text-muted-foreground"
              aria-label={`Report comment by ${by}`}
              onClick={() => openReportDialog({ targetType: 'comment', targetId: comment.id, targetLabel: excerpt(comment.comment) })}
            >
              Report
            </Button>
          ) : null}
        </div>
        {replying ? <ReplyForm postId={postId} commentId={comment.id} to={by} onClose={onCloseReply} /> : null}
        {replies.length ? (
          <ul className="mt-1 grid gap-3 border-l-2 pl-3" aria-label={`Replies to ${by}`}>
            {replies.map((reply) => (
              <li key={reply.id} className="flex gap-2.5">
                <AuthorAvatar author={reply.user} className="size-7 text-xs" />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Byline item={reply} />
                  <p className="whitespace-pre-line break-words text-sm leading-relaxed">{reply.content}</p>
                  {reply.held ? <HeldLabel /> : null}
                  <div className="-ml-2">
                    <HeartButton kind="reply" item={reply} by={authorName(reply.user)} onHeart={onHeart} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

function ReplyForm({ postId, commentId, to, onClose }: { postId: number; commentId: number; to: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const id = useId();
  const send = usePostReply(postId);
  const blank = text.trim().length === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    send.mutate({ commentId, content: text.trim() }, { onSuccess: onClose });
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" aria-label={`Reply to ${to}`}>
      <label htmlFor={id} className="sr-only">
        Reply to {to}
      </label>
      <AutoGrowTextarea
        id={id}
        value={text}
        autoFocus
        maxLength={1000}
        placeholder={`Reply to ${to}...`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setText('');
            onClose();
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          onClick={() => {
            setText('');
            onClose();
          }}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={blank || send.isPending}>
          {send.isPending ? 'Replying...' : 'Reply'}
        </Button>
      </div>
    </form>
  );
}
