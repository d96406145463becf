import { Check, X } from 'lucide-react';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useAnswerFollowRequest, useFollowRequests } from '../hooks/use-follow-requests';
import { nameOf } from './user-avatar';
import { UserRow } from './user-row';

/** The own profile's Requests tab: people waiting to follow, each with Approve and Decline. */
export function FollowRequestsTab() {
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();

  if (requests.isPending) return <Spinner className="mx-auto my-8 flex justify-center" label="Loading follow requests" />;
  if (requests.isError) {
    return (
      <ErrorPanel
        message={`Error loading follow requests: ${requests.error.message}`}
        onRetry={() => void requests.refetch()}
        className="py-8"
      />
    );
  }
  const people = requests.data.pages.flatMap((p) => p.users);
  if (people.length === 0) {
    return <p className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center font-medium">No pending follow requests.</p>;
  }
  return (
    <section aria-label="Follow requests" className="grid gap-2 rounded-2xl border bg-card px-4 py-2">
      <ul className="divide-y">
        {people.map((person) => {
          const busy = answer.isPending && answer.variables?.userId === person.id;
          const name = nameOf(person);
          return (
            <UserRow
              key={person.id}
              person={person}
              action={
                <div className="flex shrink-0 gap-1.5">
                  <Button
                    disabled={busy}
                    aria-label={`Approve ${name}`}
                    onClick={() => answer.mutate({ userId: person.id, action: 'approve' })}
                  >
                    <Check aria-hidden="true" />
                    <span className="hidden sm:inline">Approve</span>
                  </Button>
                  <Button
                    variant="outline"
                    disabled={busy}
                    aria-label={`Decline ${name}`}
                    onClick={() => answer.mutate({ userId: person.id, action: 'decline' })}
                  >
                    <X aria-hidden="true" />
                    <span className="hidden sm:inline">Decline</span>
                  </Button>
                </div>
              }
            />
          );
        })}
      </ul>
      <LoadMore pager={requests} className="mb-2" />
    </section>
  );
}
