import type { ChatRequestDto } from '@plates/common';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { ChatAvatar, chatName } from './chat-avatar';

interface RequestListProps {
  requests: ChatRequestDto[] | undefined;
  isError: boolean;
  busyId: number | null;
  onAccept: (id: number) => void;
  onDecline: (id: number) => void;
}

/** Pending requests: Accept and Decline for incoming ones (the receiver only), "Pending" for outgoing. */
export function RequestList({ requests, isError, busyId, onAccept, onDecline }: RequestListProps) {
  if (!requests) {
    return isError ? (
      <p className="p-6 text-center text-sm text-muted-foreground">Failed to load chat requests</p>
    ) : (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  }
  const pending = requests.filter((r) => r.status === 'pending');
  if (pending.length === 0) return <p className="p-6 text-center text-sm text-muted-foreground">No pending requests</p>;
  return (
    <ul aria-label="Chat requests" className="divide-y">
      {pending.map((r) => {
        const other = r.direction === 'incoming' ? r.sender : r.receiver;
        const name = chatName(other);
        return (
          <li key={r.id} className="grid gap-2 px-4 py-3">
            <div className="flex items-center gap-3">
              <ChatAvatar user={other} />
              <div className="grid min-w-0 flex-1">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span className="truncate font-semibold">{name}</span>
                  <VerifiedBadge person={other} />
                </span>
                {r.message ? <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{r.message}</span> : null}
              </div>
              {r.direction === 'outgoing' ? (
                <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">Pending</span>
              ) : null}
            </div>
            {r.direction === 'incoming' ? (
              <div className="flex gap-2 pl-13">
                <Button size="sm" disabled={busyId === r.id} onClick={() => onAccept(r.id)} aria-label={`Accept ${name}`}>
                  Accept
                </Button>
                <Button size="sm" variant="outline" disabled={busyId === r.id} onClick={() => onDecline(r.id)} aria-label={`Decline ${name}`}>
                  Decline
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
