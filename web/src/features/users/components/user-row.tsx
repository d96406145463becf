import type { UserSummary } from '@plates/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthorBadges } from '../../../components/author/author-line';
import { useAuth } from '../../auth';
import { FollowButton } from './follow-button';
import { nameOf, UserAvatar } from './user-avatar';

export const profilePath = (id: number) => `/profile/${id}`;

/**
 * One person in a list: photo and name linking to the profile, @username, and a Follow button
 * (or `action` instead, e.g. Approve and Decline).
 */
export function UserRow({ person, action, onNavigate }: { person: UserSummary; action?: ReactNode; onNavigate?: () => void }) {
  const { user } = useAuth();
  const name = nameOf(person);
  const href = profilePath(person.id);
  return (
    <li className="flex items-center gap-3 py-2">
      <Link to={href} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <UserAvatar person={person} className="size-11" />
      </Link>
      <div className="grid min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5 text-sm font-semibold">
          <Link to={href} onClick={onNavigate} className="truncate rounded-sm hover:text-primary hover:underline hover:underline-offset-4">
            {name}
          </Link>
          <AuthorBadges author={person} showLevel={false} />
        </p>
        <p className="truncate text-xs text-muted-foreground">@{person.username}</p>
      </div>
      {action ??
        (user && user.id !== person.id ? (
          <FollowButton target={person} name={name} className="shrink-0" />
        ) : null)}
    </li>
  );
}
