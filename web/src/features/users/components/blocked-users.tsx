import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { formatFullDate } from '../../../lib/format-time';
import { userKeys } from '../api/keys';
import { fetchBlockedUsers } from '../api/users-api';
import { useUnblockUser } from '../hooks/use-block';
import { profilePath } from './user-row';
import { nameOf, UserAvatar } from './user-avatar';

/** The blocked list is kept 5 minutes (document 2 §9); block and unblock refresh it. */
export const BLOCKED_STALE_MS = 5 * 60_000;

/** Settings: the people the viewer blocked, newest first, each with Unblock. */
export function BlockedUsers() {
  const blocked = useQuery({ queryKey: userKeys.blocked(), queryFn: fetchBlockedUsers, staleTime: BLOCKED_STALE_MS });
  const unblock = useUnblockUser();

  if (blocked.isPending) return <Spinner className="mx-auto my-4" label="Loading blocked users" />;
  if (blocked.isError) {
    return (
      <ErrorPanel variant="compact" message={blocked.error.message} onRetry={() => void blocked.refetch()} className="justify-items-start" />
    );
  }
  if (blocked.data.users.length === 0) {
    return <p className="text-sm text-muted-foreground">You haven&apos;t blocked anyone.</p>;
  }
  return (
    // the scroll area of the specification: at most 400px, then it scrolls (and takes focus to scroll by keyboard)
    <div tabIndex={0} role="region" aria-label="Blocked users list" className="max-h-[400px] overflow-y-auto rounded-xl border">
      <ul className="divide-y">
        {blocked.data.users.map((person) => {
          const pending = unblock.isPending && unblock.variables === person.id;
          return (
            <li key={person.id} className="flex items-start gap-3 p-3">
              <Link to={profilePath(person.id)} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
                <UserAvatar person={person} className="size-11" />
              </Link>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex min-w-0 items-center gap-1.5">
                  <Link to={profilePath(person.id)} className="truncate text-sm font-semibold hover:text-primary hover:underline">
                    {nameOf(person)}
                  </Link>
                  <VerifiedBadge person={person} />
                </p>
                <p className="truncate text-xs text-muted-foreground">@{person.username}</p>
                {person.reason ? (
                  <p className="text-xs text-muted-foreground">
                    <span className="font-medium text-foreground">Reason:</span> {person.reason}
                  </p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  <Ban className="mr-1 inline size-3" aria-hidden="true" />
                  Blocked on {formatFullDate(person.blockedAt)}
                </p>
              </div>
              <Button
                variant="outline"
                className="shrink-0"
                disabled={pending}
                aria-label={`Unblock @${person.username}`}
                onClick={() => unblock.mutate(person.id)}
              >
                {pending ? 'Unblocking...' : 'Unblock'}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
