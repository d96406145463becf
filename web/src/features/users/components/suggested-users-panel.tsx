import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { SidePanel } from '../../../components/ui/side-panel';
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
    <SidePanel
      id="foodies-to-follow"
      icon={Users}
      title="Foodies to Follow"
      query={suggested}
      skeleton="round"
      errorText={(error) => error.message}
      emptyText="No suggestions right now. Check back later."
      isEmpty={(data) => data.users.length === 0}
    >
      {(data) => (
        <ul className="grid gap-1">
          {data.users.map((person) => {
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
    </SidePanel>
  );
}
