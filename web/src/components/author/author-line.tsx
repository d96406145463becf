/**
 * Who wrote a plate, a comment or a reply: name, avatar, badges and byline. Shared by the posts,
 * comments and users features, so it sits below them (it knows levels and badges: not a ui primitive).
 */
import { LEVELS, type Author, type PostDto } from '@plates/common';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../ui/avatar';
import { formatFullDate, formatPostTime } from '../../lib/format-time';
import { cn } from '../../lib/utils';
import { VerifiedBadge } from './verified-badge';

type BadgeAuthor = Pick<Author, 'username' | 'displayName' | 'profileImage' | 'isAdmin'> &
  Partial<Pick<Author, 'isVerified' | 'verifiedType' | 'level'>>;

export function authorName(author: Pick<Author, 'username' | 'displayName'>): string {
  return author.displayName?.trim() || author.username;
}

export function levelName(level: number): string {
  return LEVELS.find((l) => l.level === level)?.name ?? LEVELS[0].name;
}

export function AuthorAvatar({ author, className }: { author: BadgeAuthor; className?: string }) {
  const name = authorName(author);
  return (
    <Avatar className={className}>
      {author.profileImage ? <AvatarImage src={author.profileImage} alt="" /> : null}
      <AvatarFallback>{initialsOf(name)}</AvatarFallback>
    </Avatar>
  );
}

/** Verification tick, Admin and level badges beside a name. */
export function AuthorBadges({ author, showLevel = true }: { author: BadgeAuthor; showLevel?: boolean }) {
  return (
    <>
      <VerifiedBadge person={author} />
      {author.isAdmin ? (
        <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-primary/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-primary">
          <ShieldCheck className="size-3" aria-hidden="true" />
          Admin
        </span>
      ) : null}
      {showLevel && author.level !== undefined ? (
        <span
          className="inline-flex shrink-0 items-center rounded-full bg-secondary px-1.5 py-0.5 text-[0.7rem] font-semibold text-secondary-foreground"
          title={`Level ${author.level}`}
        >
          <span className="sr-only">Level {author.level}: </span>
          {levelName(author.level)}
        </span>
      ) : null}
    </>
  );
}

/** Avatar, name with its badges, and when the plate was posted: the head of a card or a post. */
export function AuthorByline({ post, className }: { post: Pick<PostDto, 'user' | 'createdAt'>; className?: string }) {
  const profile = `/profile/${post.user.id}`;
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      {/* the avatar repeats the name's link for pointers; keyboards and screen readers get one */}
      <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <AuthorAvatar author={post.user} className="size-10" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 flex-wrap items-center gap-1.5 text-sm font-semibold leading-tight">
          <Link to={profile} className="truncate rounded-sm hover:text-primary hover:underline hover:underline-offset-4">
            {authorName(post.user)}
          </Link>
          <AuthorBadges author={post.user} />
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={post.createdAt} title={formatFullDate(post.createdAt)}>
            {formatPostTime(post.createdAt)}
          </time>
        </p>
      </div>
    </div>
  );
}
