import { HeldDecisionBody, type HeldItemDto } from '@plates/common';
import { Check, Inbox, MessageCircle, MessageSquareReply, MessagesSquare, Send, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { toast } from '../../../components/ui/use-toast';
import { authorName } from '../../../components/author/author-line';
import { formatCommentTime, formatFullDate } from '../../../lib/format-time';
import { HELD_KIND_LABEL, useDecideHeld, useHeld } from '../hooks/use-held';
import { ActionDialog, fieldErrorsOf } from './action-dialog';
import { ActionBadge } from './filter-badges';
import { Highlighted } from './highlighted';
import { PersonLine, useMemberHref } from './person';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { EmptyState, ListSkeleton } from './query-states';

const KIND_ICON = { comment: MessageCircle, reply: MessageSquareReply, chat_request: Send, chat_message: MessagesSquare } as const;
const KIND_WORD = { comment: 'comment', reply: 'reply', chat_request: 'chat request', chat_message: 'chat message' } as const;

const linkClass = 'rounded-sm font-medium text-foreground underline decoration-primary/40 underline-offset-4 hover:text-primary hover:decoration-primary';

/**
 * Comments, replies, chat requests and chat messages waiting for a moderator (a restricted
 * member's, or caught by a content filter's hold), oldest first, the filters' matches marked.
 */
export function HeldQueue() {
  const held = useHeld();
  const [refusing, setRefusing] = useState<HeldItemDto | null>(null);
  const publish = useDecideHeld();
  // The dialog has no Radix trigger: focus goes back to the Refuse button, or, when the item has
  // left the list, to the first item's Publish.
  const list = useRef<HTMLUListElement>(null);
  const openedFrom = useRef<HTMLElement | null>(null);
  const returnFocus = (event: Event) => {
    const before = openedFrom.current;
    openedFrom.current = null;
    const target = before?.isConnected ? before : list.current?.querySelector<HTMLElement>('button');
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };

  if (held.isPending) return <ListSkeleton label="Loading held items" />;
  if (held.isError) {
    return <ErrorPanel variant="card" message={`Error loading held items: ${held.error.message}`} onRetry={() => void held.refetch()} />;
  }
  if (held.data.items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        action={
          <Button asChild variant="outline">
            <Link to="/admin/reports">Go to reports</Link>
          </Button>
        }
      >
        Nothing is waiting for review.
      </EmptyState>
    );
  }
  return (
    <>
      <ul ref={list} className="grid gap-3">
        {held.data.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <HeldCard
              item={item}
              publishing={publish.isPending && publish.variables?.item === item}
              onPublish={() =>
                publish.mutate(
                  { item, decision: 'approve' },
                  { onError: (error) => toast({ variant: 'destructive', title: error.title, description: `Failed to publish: ${error.message}` }) },
                )
              }
              onRefuse={() => {
                openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
                setRefusing(item);
              }}
            />
          </li>
        ))}
      </ul>
      <RefuseDialog item={refusing} onClose={() => setRefusing(null)} onCloseAutoFocus={returnFocus} />
    </>
  );
}

function HeldCard({ item, publishing, onPublish, onRefuse }: { item: HeldItemDto; publishing: boolean; onPublish: () => void; onRefuse: () => void }) {
  const memberHref = useMemberHref();
  const Icon = KIND_ICON[item.kind];
  const kind = HELD_KIND_LABEL[item.kind];
  const name = authorName(item.author);
  return (
    <article aria-label={`${kind} by ${name}`} className="grid gap-3 rounded-2xl border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PersonLine person={item.author}>
          <p className="text-xs text-muted-foreground">
            <time dateTime={item.createdAt} title={formatFullDate(item.createdAt)}>
              {formatCommentTime(item.createdAt)}
            </time>
          </p>
        </PersonLine>
        <Badge variant="secondary">
          <Icon aria-hidden="true" />
          {kind}
        </Badge>
      </div>
      <blockquote className="whitespace-pre-line break-words rounded-lg bg-muted/60 px-3 py-2 text-sm [overflow-wrap:anywhere]">
        <Highlighted text={item.text} parts={item.parts} />
      </blockquote>
      {item.hits.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Content filter hits">
          {item.hits.map((hit, i) => (
            <li key={i} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ActionBadge action={hit.action} />
              <span>
                <span className="font-medium">{hit.filterName}</span> matched “{hit.match}”
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {item.post ? (
        <p className="min-w-0 truncate text-sm text-muted-foreground">
          On the plate{' '}
          <Link to={`/posts/${item.post.id}`} className={linkClass}>
            {item.post.title}
          </Link>
        </p>
      ) : item.receiver ? (
        <p className="min-w-0 truncate text-sm text-muted-foreground">
          To{' '}
          <Link to={memberHref(item.receiver.id)} className={linkClass}>
            {authorName(item.receiver)}
          </Link>
          <VerifiedBadge person={item.receiver} className="ml-0.5 inline-block size-3.5 align-[-0.125em]" />{' '}
          <span>@{item.receiver.username}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" className="h-11" disabled={publishing} onClick={onPublish} aria-label={`Publish ${KIND_WORD[item.kind]} by ${name}`}>
          <Check aria-hidden="true" />
          {publishing ? 'Publishing...' : 'Publish'}
        </Button>
        <Button size="sm" variant="outline" className="h-11" onClick={onRefuse} aria-label={`Refuse ${KIND_WORD[item.kind]} by ${name}`}>
          <X aria-hidden="true" />
          Refuse
        </Button>
      </div>
    </article>
  );
}

function RefuseDialog({ item, onClose, onCloseAutoFocus }: { item: HeldItemDto | null; onClose: () => void; onCloseAutoFocus: (event: Event) => void }) {
  const refuse = useDecideHeld({ onDecided: onClose });
  const what = item ? KIND_WORD[item.kind] : '';
  return (
    <ActionDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) {
          refuse.reset();
          onClose();
        }
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      title={item ? `Refuse ${what}` : 'Refuse'}
      description={
        item
          ? `The ${what} is deleted without being shown. ${authorName(item.author)} is told “A moderator did not publish your ${what}”, with your reason if you give one.`
          : null
      }
      withDays={false}
      templates={[]}
      reasonOptional
      submitLabel="Refuse"
      destructive
      pending={refuse.isPending}
      serverError={refuse.error?.message ?? null}
      validate={(values) => {
        const parsed = HeldDecisionBody.safeParse({ reason: values.reason });
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => item && refuse.mutate({ item, decision: 'reject', reason: values.reason.trim() || undefined })}
    />
  );
}
