import { useInfiniteQuery } from '@tanstack/react-query';
import { LoadMore } from '../../../components/ui/load-more';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { userKeys, type UserListKind } from '../api/keys';
import { fetchUserListPage } from '../api/users-api';
import { UserRow } from './user-row';

interface UserListDialogProps {
  userId: number;
  /** Whose list, for the description ("People who follow Bo"). */
  name: string;
  kind: UserListKind | null;
  onOpenChange: (open: boolean) => void;
}

/** Followers or Following of a profile, a page at a time. */
export function UserListDialog({ userId, name, kind, onOpenChange }: UserListDialogProps) {
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{kind === 'following' ? 'Following' : 'Followers'}</DialogTitle>
          <DialogDescription>
            {kind === 'following' ? `People ${name} follows` : `People who follow ${name}`}
          </DialogDescription>
        </DialogHeader>
        {kind ? <UserList userId={userId} kind={kind} onNavigate={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UserList({ userId, kind, onNavigate }: { userId: number; kind: UserListKind; onNavigate: () => void }) {
  const list = useInfiniteQuery({
    queryKey: kind === 'followers' ? userKeys.followers(userId) : userKeys.following(userId),
    queryFn: ({ pageParam }) => fetchUserListPage(userId, kind, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

  if (list.isPending) return <Spinner className="mx-auto my-6" label={`Loading ${kind}`} />;
  if (list.isError) {
    return (
      <ErrorPanel
        variant="compact"
        message={list.error.message}
        onRetry={() => void list.refetch()}
        className="justify-items-center gap-3 py-6 text-center"
      />
    );
  }
  const people = list.data.pages.flatMap((p) => p.users);
  if (people.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {kind === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="divide-y" aria-label={kind === 'followers' ? 'Followers' : 'Following'}>
        {people.map((person) => (
          <UserRow key={person.id} person={person} onNavigate={onNavigate} />
        ))}
      </ul>
      <LoadMore pager={list} className="justify-self-stretch" />
    </div>
  );
}
