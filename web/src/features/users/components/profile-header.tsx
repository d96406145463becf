import type { ProfileDto } from '@plates/common';
import { Ban, Flag, Lock, MapPin, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AuthorBadges } from '../../../components/author/author-line';
import { Button } from '../../../components/ui/button';
import { openReportDialog } from '../../../lib/app-events';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { MessageButton } from '../../chat';
import type { UserListKind } from '../api/keys';
import { useUnblockUser } from '../hooks/use-block';
import { BlockDialog } from './block-dialog';
import { FollowButton } from './follow-button';
import { LevelSummary } from './level-summary';
import { nameOf, UserAvatar } from './user-avatar';
import { UserListDialog } from './user-list-dialog';

function Count({ value, label, onOpen }: { value: number; label: string; onOpen?: (() => void) | undefined }) {
  const content = (
    <>
      <span className="text-lg font-bold tabular-nums leading-tight">{value.toLocaleString('en')}</span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </>
  );
  const box = 'flex min-h-11 flex-col items-center justify-center rounded-lg px-1 py-1';
  return onOpen ? (
    <button type="button" onClick={onOpen} className={cn(box, 'transition-colors hover:bg-accent')} aria-label={`${value} ${label}, show the list`}>
      {content}
    </button>
  ) : (
    <div className={box}>{content}</div>
  );
}

interface ProfileHeaderProps {
  profile: ProfileDto;
  onEdit: () => void;
}

/** Photo, names and badges, bio, counts, points and level, and what the viewer can do here. */
export function ProfileHeader({ profile, onEdit }: ProfileHeaderProps) {
  const { user } = useAuth();
  const [list, setList] = useState<UserListKind | null>(null);
  const [blocking, setBlocking] = useState(false);
  const unblock = useUnblockUser();
  const name = nameOf(profile);
  const open = (kind: UserListKind) => (profile.canViewPosts ? () => setList(kind) : undefined);

  let actions: ReactNode;
  if (profile.isOwn) {
    actions = (
      <Button variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit Profile
      </Button>
    );
  } else if (profile.isBlocked) {
    actions = (
      <Button variant="outline" disabled={unblock.isPending} onClick={() => unblock.mutate(profile.id)}>
        <Ban aria-hidden="true" />
        {unblock.isPending ? 'Unblocking...' : 'Unblock'}
      </Button>
    );
  } else {
    actions = (
      <>
        <FollowButton target={profile} name={name} className="flex-1 sm:flex-none" />
        {user ? (
          <>
            <MessageButton userId={profile.id} name={name} />
            <Button variant="outline" onClick={() => setBlocking(true)}>
              <Ban aria-hidden="true" />
              Block
            </Button>
            <Button
              variant="ghost"
              onClick={() => openReportDialog({ targetType: 'user', targetId: profile.id, targetLabel: `@${profile.username}` })}
            >
              <Flag aria-hidden="true" />
              Report
            </Button>
          </>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="profile-name" className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <UserAvatar person={profile} className="size-20 text-xl sm:size-24" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 id="profile-name" className="flex min-w-0 flex-wrap items-center gap-1.5 font-display text-2xl font-bold leading-tight tracking-tight">
            <span className="min-w-0 break-words">{name}</span>
            <AuthorBadges author={profile} showLevel={false} />
            {profile.isPrivate ? <Lock role="img" aria-label="Private account" className="size-4 text-muted-foreground" /> : null}
          </h1>
          <p className="truncate text-sm text-muted-foreground">@{profile.username}</p>
          {profile.location ? (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{profile.location}</span>
            </p>
          ) : null}
          {profile.followsYou && !profile.isOwn ? (
            <span className="justify-self-start rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Follows you</span>
          ) : null}
        </div>
      </div>

      {profile.bio ? <p className="whitespace-pre-line break-words text-sm leading-relaxed">{profile.bio}</p> : null}

      <div className="grid grid-cols-4 gap-1 rounded-xl bg-muted/50 p-1 text-center">
        <Count value={profile.postCount} label="Posts" />
        <Count value={profile.followerCount} label="Followers" onOpen={open('followers')} />
        <Count value={profile.followingCount} label="Following" onOpen={open('following')} />
        <Count value={profile.points} label="Points" />
      </div>

      <LevelSummary level={profile.level} points={profile.points} showProgress={profile.isOwn} />

      <div className="flex flex-wrap gap-2">{actions}</div>

      <UserListDialog userId={profile.id} name={name} kind={list} onOpenChange={(o) => !o && setList(null)} />
      {!profile.isOwn && user ? (
        <BlockDialog userId={profile.id} username={profile.username} open={blocking} onOpenChange={setBlocking} />
      ) : null}
    </section>
  );
}
