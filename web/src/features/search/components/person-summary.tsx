import type { SearchUser } from '@plates/common';
import { MapPin, ShieldCheck } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';

export function nameOf(user: Pick<SearchUser, 'displayName' | 'username'>): string {
  return user.displayName?.trim() || user.username;
}

/** The first two letters of the username, for an avatar without a photo (document 2 §2). */
export function avatarLetters(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

export function PersonAvatar({ user, className }: { user: SearchUser; className?: string }) {
  return (
    <Avatar className={cn('size-10', className)}>
      {user.profileImage ? <AvatarImage src={user.profileImage} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{avatarLetters(user.username)}</AvatarFallback>
    </Avatar>
  );
}

export function AdminBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-primary/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-primary">
      <ShieldCheck className="size-3" aria-hidden="true" />
      Admin
    </span>
  );
}

/**
 * A person in search results: avatar, display name or username, verified and Admin badges,
 * @username and, in the header, one line of location or bio; on /search the bio and the location
 * in full. `labelled`: the option around it names the person (badge included) by `aria-label`.
 */
export function PersonSummary({ user, detail = 'snippet', labelled = false }: { user: SearchUser; detail?: 'snippet' | 'full'; labelled?: boolean }) {
  const snippet = user.location?.trim() || user.bio?.trim();
  return (
    <span className="flex min-w-0 flex-1 items-start gap-3">
      <PersonAvatar user={user} className={detail === 'full' ? 'size-12' : undefined} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-semibold">{nameOf(user)}</span>
          <VerifiedBadge person={user} decorative={labelled} />
          {user.isAdmin ? <AdminBadge /> : null}
        </span>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
        {detail === 'snippet' ? (
          snippet ? <span className="truncate text-xs text-muted-foreground">{snippet}</span> : null
        ) : (
          <>
            {user.bio?.trim() ? <span className="line-clamp-2 text-sm [overflow-wrap:anywhere]">{user.bio}</span> : null}
            {user.location?.trim() ? (
              <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{user.location}</span>
              </span>
            ) : null}
          </>
        )}
      </span>
    </span>
  );
}
