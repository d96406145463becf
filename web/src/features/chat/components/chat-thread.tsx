import { CHAT_LIMITS, CHAT_MESSAGES } from '@plates/common';
import type { ChatMessageDto, ConversationDto } from '@plates/common';
import { ArrowLeft, Check, CheckCheck, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HeldLabel } from '../../../components/moderation/held-label';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { isApiError } from '../../../lib/api';
import { dayKey, formatClockTime, formatDayLabel, formatFullDate } from '../../../lib/format-time';
import { useRealtimeEvent } from '../../../lib/realtime-events';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import {
  useMarkRead,
  usePendingMessages,
  useSendMessage,
  useThread,
  useToggleReaction,
  useTypingSender,
  type PendingMessage,
} from '../hooks/use-chat';
import { LoadMore } from '../../../components/ui/load-more';
import { ChatAvatar, chatName } from './chat-avatar';
import { LengthCounter } from './length-counter';
import { ReactionChips, ReactionPicker } from './message-reactions';

/** A typing flag expires after 5 s without an update, checked every second (document 1 §9). */
export const TYPING_EXPIRES_MS = 5_000;

function useOtherTyping(sessionId: number, me: number | null): boolean {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useRealtimeEvent('typing_status', (e) => {
    if (e.sessionId !== sessionId || e.userId === me) return;
    setNow(Date.now());
    setUntil(e.isTyping ? Date.now() + TYPING_EXPIRES_MS : 0);
  });
  useRealtimeEvent('new_message', (m) => {
    if (m.sessionId === sessionId && m.senderId !== me) setUntil(0);
  });
  const typing = until > now;
  useEffect(() => {
    if (!typing) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [typing]);
  return typing;
}

/** The counter shows from this many characters on (document 1 §5 leaves the bound to the server: 2000). */
export const COUNTER_FROM = CHAT_LIMITS.messageMax - 200;

interface BubbleProps {
  message: ChatMessageDto | PendingMessage;
  mine: boolean;
  /** My message the other member has read (their read marker, or a `message_read`). */
  read?: boolean;
  onRetry?: () => void;
  /** Stored messages only: a pending send has nothing to react to yet. */
  reactions?: { me: number | null; sender: string; onToggle: (emoji: string) => void };
  /** The first message of a calendar day carries that day's separator ("Today", "Yesterday", …). */
  day?: string | undefined;
}

function DaySeparator({ label }: { label: string }) {
  return (
    <div role="separator" aria-label={label} className="my-2 flex items-center gap-3 text-xs font-medium text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      <span aria-hidden="true">{label}</span>
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </div>
  );
}

function Bubble({ message, mine, read = false, onRetry, reactions, day }: BubbleProps) {
  const status = message.status;
  const stored = 'reactions' in message ? message : null;
  // Held for a moderator (a content filter): only its sender sees it, and nobody can react to it yet.
  const held = stored?.held === true;
  const reactable = stored && reactions && !held ? reactions : null;
  return (
    <li className="grid" data-status={held ? 'held' : status}>
      {day ? <DaySeparator label={day} /> : null}
      <div className={cn('group flex', mine ? 'justify-end' : 'justify-start')}>
        <div className={cn('flex max-w-[85%] items-center gap-1', mine && 'flex-row-reverse')}>
          <div className={cn('grid min-w-0 gap-0.5', mine ? 'justify-items-end' : 'justify-items-start')}>
            <p
              className={cn(
                'whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm [overflow-wrap:anywhere]',
                mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
                status === 'sending' && 'opacity-70',
                held && 'bg-muted text-muted-foreground ring-1 ring-border ring-inset',
                status === 'failed' && 'bg-destructive/15 text-foreground ring-1 ring-destructive',
              )}
            >
              {message.content}
            </p>
            {stored && reactable ? <ReactionChips reactions={stored.reactions} me={reactable.me} onToggle={reactable.onToggle} /> : null}
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              {status === 'sending' ? (
                'Sending...'
              ) : status === 'failed' ? (
                <>
                  <span className="text-destructive">Failed to send</span>
                  <button type="button" onClick={onRetry} className="min-h-8 rounded px-1 font-semibold text-foreground underline underline-offset-2">
                    Retry
                  </button>
                </>
              ) : held ? (
                <HeldLabel />
              ) : (
                <>
                  <time dateTime={message.createdAt} title={formatFullDate(message.createdAt)}>
                    {formatClockTime(message.createdAt)}
                  </time>
                  {mine ? (
                    read ? (
                      <CheckCheck className="size-3.5" aria-label="Read" />
                    ) : (
                      <Check className="size-3.5" aria-label="Sent" />
                    )
                  ) : null}
                </>
              )}
            </span>
          </div>
          {reactable ? <ReactionPicker label={`${reactable.sender} message`} onPick={reactable.onToggle} /> : null}
        </div>
      </div>
    </li>
  );
}

interface ChatThreadProps {
  sessionId: number;
  conversation: ConversationDto | undefined;
  /** Phones: back to the list. */
  onBack?: (() => void) | undefined;
}

/** A conversation: messages oldest first (newest at the bottom), "Load older", typing and the send form. */
export function ChatThread({ sessionId, conversation, onBack }: ChatThreadProps) {
  const { user } = useAuth();
  const me = user?.id ?? null;
  const thread = useThread(sessionId);
  const pending = usePendingMessages(sessionId);
  const send = useSendMessage(sessionId);
  const react = useToggleReaction(sessionId, me);
  const markRead = useMarkRead(conversation);
  const typingSender = useTypingSender(sessionId);
  const otherTyping = useOtherTyping(sessionId, me);
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);

  useRealtimeEvent('new_message', (m) => {
    if (m.sessionId === sessionId && m.senderId !== me) markRead(sessionId);
  });

  // Pending sends the thread already holds (socket or poll got there first) are not shown twice.
  const storedTemp = new Set(thread.messages.map((m) => m.tempId).filter(Boolean));
  const shownPending = pending.filter((p) => !storedTemp.has(p.tempId));
  const lastKey = `${thread.messages.at(-1)?.id ?? ''}:${shownPending.length}`;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastKey]);

  const busy = send.isPending;
  const trimmed = text.trim();
  // The server counts the trimmed text, so the counter does too.
  const tooLong = trimmed.length > CHAT_LIMITS.messageMax;
  const showCounter = trimmed.length >= COUNTER_FROM;

  function submit(content: string, tempId: string) {
    typingSender.stopped();
    send.mutate(
      { content, tempId },
      { onSuccess: () => setText((current) => (current.trim() === content ? '' : current)) },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || busy || tooLong) return;
    // The kept text of a failed send is that send again: same tempId, so the server never stores it twice.
    const failed = pending.find((p) => p.status === 'failed' && p.content === trimmed);
    submit(trimmed, failed?.tempId ?? crypto.randomUUID());
  }

  const other = conversation?.otherUser;
  // Not one of the viewer's conversations (a stale or foreign link): nothing to show or send.
  const gone = thread.isError && thread.messages.length === 0 && isApiError(thread.error) && thread.error.status === 404;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-2 py-2 sm:px-4">
        {onBack ? (
          <Button variant="ghost" size="icon" onClick={onBack} aria-label="Back">
            <ArrowLeft className="size-5!" aria-hidden="true" />
          </Button>
        ) : null}
        {other ? <ChatAvatar user={other} online={conversation.isOnline} /> : null}
        <div className="grid min-w-0">
          <h3 className="flex min-w-0 items-center gap-1.5 font-semibold">
            <span className="truncate">{other ? chatName(other) : 'Conversation'}</span>
            {other ? <VerifiedBadge person={other} /> : null}
          </h3>
          {conversation || otherTyping ? (
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {otherTyping ? 'typing…' : conversation?.isOnline ? 'Online' : 'Offline'}
            </p>
          ) : null}
        </div>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3 sm:px-4">
        {thread.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner />
          </div>
        ) : gone ? (
          <div className="grid gap-1 p-6 text-center">
            <p className="font-semibold">{CHAT_MESSAGES.conversationNotFound}</p>
            <p className="text-sm text-muted-foreground">It may have ended, or the link is wrong.</p>
          </div>
        ) : thread.isError && thread.messages.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">Failed to load messages</p>
        ) : (
          <>
            <div className="grid justify-center pb-2 empty:hidden">
              <LoadMore pager={thread} label="Load older" errorText={() => 'Failed to load messages'} />
            </div>
            {thread.messages.length === 0 && shownPending.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted-foreground">No messages yet. Say hello!</p>
            ) : null}
            <ul aria-label="Messages" className="grid gap-2">
              {thread.messages.map((m, i) => {
                const mine = m.senderId === me;
                const readUpTo = thread.otherLastReadMessageId;
                const previous = thread.messages[i - 1];
                return (
                  <Bubble
                    key={m.id}
                    message={m}
                    day={!previous || dayKey(previous.createdAt) !== dayKey(m.createdAt) ? formatDayLabel(m.createdAt) : undefined}
                    mine={mine}
                    read={mine && (m.status === 'read' || (readUpTo !== null && m.id <= readUpTo))}
                    reactions={{
                      me,
                      sender: mine ? 'your' : `${m.senderName}'s`,
                      onToggle: (emoji) => react.mutate({ message: m, emoji }),
                    }}
                  />
                );
              })}
              {shownPending.map((p, i) => {
                const before = i > 0 ? shownPending[i - 1] : thread.messages[thread.messages.length - 1];
                const day = !before || dayKey(before.createdAt) !== dayKey(p.createdAt) ? formatDayLabel(p.createdAt) : undefined;
                return <Bubble key={p.tempId} message={p} mine day={day} onRetry={() => !busy && submit(p.content, p.tempId)} />;
              })}
            </ul>
          </>
        )}
        <div ref={end} />
      </div>

      {gone ? null : (
        <form onSubmit={onSubmit} className="grid gap-1 border-t p-2 sm:p-3">
          <div className="flex items-end gap-2">
            <label htmlFor="chat-input" className="sr-only">
              Message
            </label>
            <textarea
              id="chat-input"
              rows={1}
              value={text}
              placeholder="Type a message..."
              aria-invalid={tooLong || undefined}
              aria-describedby={showCounter ? 'chat-input-count' : undefined}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value.trim()) typingSender.typed();
              }}
              onBlur={() => typingSender.stopped()}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  e.currentTarget.form?.requestSubmit();
                }
              }}
              className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border bg-background px-3 py-2.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/40"
            />
            <Button type="submit" size="icon" disabled={!trimmed || busy || tooLong} aria-label="Send">
              <SendHorizontal className="size-5!" aria-hidden="true" />
            </Button>
          </div>
          {showCounter ? <LengthCounter id="chat-input-count" length={trimmed.length} max={CHAT_LIMITS.messageMax} /> : null}
        </form>
      )}
    </div>
  );
}
