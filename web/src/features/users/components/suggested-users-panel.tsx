import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { userKeys } from '../api/keys';
import { fetchSuggestedUsers, SUGGESTED_LIMIT } from '../api/users-api';
import { FollowButton } from './follow-button';
import { nameOf, UserAvatar } from './user-avatar';

/**
 * The right column's "Foodies to Follow" (desktop, signed in only): up to five suggestions with
 * their follower count and a Follow button; following one refreshes the list (document 2 §4).
 */
export function SuggestedUsersPanel() {
  const { user } = useAuth();
  const suggested = useQuery({
    queryKey: userKeys.suggested(SUGGESTED_LIMIT),
    queryFn: () => fetchSuggestedUsers(SUGGESTED_LIMIT),
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });
  if (!user) return null;
  return (
    <section aria-labelledby="foodies-to-follow" className="grid gap-3 rounded-2xl border bg-card p-4">
      <h2 id="foodies-to-follow" className="flex items-center gap-2 font-semibold">
        <Users className="size-4 text-primary" aria-hidden="true" />
        Foodies to Follow
      </h2>
      {suggested.isPending ? (
        <ul className="grid gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <div className="size-10 animate-pulse rounded-full bg-muted" />
              <div className="h-3 flex-1 animate-pulse rounded bg-muted" />
            </li>
          ))}
        </ul>
      ) : suggested.isError ? (
        <div role="alert" className="grid gap-2 text-sm text-muted-foreground">
          <p>{suggested.error.message}</p>
          <button
            type="button"
            className="justify-self-start font-semibold text-primary underline-offset-4 hover:underline"
            onClick={() => void suggested.refetch()}
          >
            Try Again
          </button>
        </div>
      ) : suggested.data.users.length === 0 ? (
        <p className="text-sm text-muted-foreground">No suggestions right now. Check back later.</p>
      ) : (
        <ul className="grid gap-1">
          {suggested.data.users.map((person) => {
            const name = nameOf(person);
            return (
              <li key={person.id} className="flex items-center gap-2.5 rounded-lg p-1.5">
                <Link to={`/profile/${person.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
                  <UserAvatar person={person} className="size-10" />
                </Link>
                <span className="grid min-w-0 flex-1">
                  <Link to={`/profile/${person.id}`} className="truncate text-sm font-semibold hover:text-primary hover:underline">
                    {name}
                  </Link>
                  <span className="truncate text-xs text-muted-foreground">
                    {person.followerCount.toLocaleString('en')} {person.followerCount === 1 ? 'follower' : 'followers'}
                  </span>
                </span>
                <FollowButton target={person} name={name} size="sm" className="shrink-0" />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
