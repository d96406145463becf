import type { ConversationDto } from '@plates/common';
import { MessagesSquare } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { formatCommentTime } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { ChatAvatar, chatName } from './chat-avatar';

interface ConversationListProps {
  conversations: ConversationDto[] | undefined;
  isError: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

export function ConversationList({ conversations, isError, selectedId, onSelect }: ConversationListProps) {
  if (!conversations) {
    return isError ? (
      <p className="p-6 text-center text-sm text-muted-foreground">Failed to load conversations</p>
    ) : (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  }
  if (conversations.length === 0) {
    return (
      <div className="grid justify-items-center gap-1 p-6 text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <MessagesSquare className="size-6" aria-hidden="true" />
        </span>
        <p className="font-semibold">No conversations yet</p>
        <p className="text-sm text-muted-foreground">Accept chat requests to start chatting!</p>
      </div>
    );
  }
  return (
    <ul aria-label="Conversations" className="divide-y">
      {conversations.map((c) => {
        const name = chatName(c.otherUser);
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={c.id === selectedId ? 'true' : undefined}
              className={cn(
                'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                c.id === selectedId && 'bg-accent',
              )}
            >
              <ChatAvatar user={c.otherUser} online={c.isOnline} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-semibold">{name}</span>{' '}
                  <VerifiedBadge person={c.otherUser} />
                  {c.lastMessageAt ? (
                    <time dateTime={c.lastMessageAt} className="ml-auto shrink-0 text-xs text-muted-foreground">
                      {formatCommentTime(c.lastMessageAt)}
                    </time>
                  ) : null}
                </span>
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-sm text-muted-foreground">{c.lastMessage?.content ?? 'No messages yet'}</span>
                  {c.unreadCount > 0 ? <span className="sr-only">, {c.unreadCount} unread</span> : null}
                  {c.unreadCount > 0 ? (
                    <span
                      aria-hidden="true"
                      className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] font-bold text-primary-foreground"
                    >
                      {c.unreadCount > 99 ? '99+' : c.unreadCount}
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
