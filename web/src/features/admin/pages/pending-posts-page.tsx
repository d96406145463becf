import { ErrorPanel } from '../../../components/ui/error-panel';
import { RejectBody, type PostDto } from '@plates/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ClipboardCheck, ShieldCheck, X } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { useAuth } from '../../auth';
import { approvePost, fetchPending, rejectPost } from '../api/admin-api';
import { adminKeys } from '../api/keys';
import { ActionDialog, fieldErrorsOf } from '../components/action-dialog';
import { PostFilterHits } from '../components/post-filter-hits';
import { HeldQueue } from '../components/held-queue';
import { PendingHintChips } from '../components/pending-hint-chips';
import { EmptyState, ListSkeleton, PageHeading, Pager, pageFrom } from '../components/query-states';
import { useTemplates } from '../hooks/use-moderation';
import { useHeld } from '../hooks/use-held';
import { useReviewKeys } from '../hooks/use-review-keys';

/**
 * /admin/pending-posts : plates waiting for approval, a page at a time (reviewable from the keyboard),
 * and in a second tab restricted members' comments, replies and chat requests held for review.
 */
export default function PendingPostsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const tab = params.get('tab') === 'held' ? 'held' : 'plates';
  const held = useHeld();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<PostDto | null>(null);
  const pending = useQuery({
    queryKey: adminKeys.pending(page),
    queryFn: () => fetchPending(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.pendingAll });
    void queryClient.invalidateQueries({ queryKey: adminKeys.postLists });
  };
  const approve = useMutation<PostDto, ApiError, PostDto>({
    mutationFn: (post) => approvePost(post.id),
    onSuccess: (_answer, post) => {
      toast({ variant: 'success', title: 'Plate approved', description: `“${post.title}” is now in the feed.` });
      moveOnFrom(post.id);
      settled();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Failed to approve plate: ${error.message}` }),
  });

  const goTo = (n: number) => setParams(n === 1 ? {} : { page: String(n) });
  const data = pending.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const hints = new Map(data?.hints?.map((hint) => [hint.postId, hint]));
  const posts = data?.posts ?? [];

  // Keyboard review: the selected plate follows focus (a click or Tab into a card selects it too),
  // so screen readers announce the card j and k move to.
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  // The dialog has no Radix trigger to return focus to: it goes back to where it was (the card or
  // its Reject button), or after a rejection to the next plate.
  const focusAfterDialog = useRef<number | null>(null);
  const focusBeforeDialog = useRef<HTMLElement | null>(null);
  const openReject = (post: PostDto) => {
    focusBeforeDialog.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRejecting(post);
  };
  const selectedIndex = posts.findIndex((p) => p.id === selectedId);
  const selected = selectedIndex === -1 ? null : posts[selectedIndex]!;

  const select = (id: number) => {
    setSelectedId(id);
    const card = cards.current.get(id);
    card?.focus({ preventScroll: true });
    card?.scrollIntoView?.({ block: 'nearest' });
  };
  /** After a decision: the plate after it (or before it, when it was the last) is next. */
  const nextAfter = (id: number): number | null => {
    const index = posts.findIndex((p) => p.id === id);
    if (index === -1) return null;
    return (posts[index + 1] ?? posts[index - 1])?.id ?? null;
  };
  const moveOnFrom = (id: number) => {
    const next = nextAfter(id);
    const card = cards.current.get(id);
    const focusWasThere = card?.contains(document.activeElement) || document.activeElement === document.body;
    if (next === null) setSelectedId(null);
    else if (focusWasThere) select(next);
    else setSelectedId(next);
  };

  // The queue runs on across pages: j past the last plate of a page opens the next page at its
  // first plate, k before the first plate the previous page at its last. `landing` says which end
  // to select once that page's plates are shown; the keys wait while a page is on its way.
  const landing = useRef<'first' | 'last' | null>(null);
  const turnTo = (n: number, at: 'first' | 'last') => {
    landing.current = at;
    goTo(n);
  };
  const turning = () => landing.current !== null || pending.isPlaceholderData;
  const land = useEffectEvent(() => {
    if (landing.current === null || pending.isPlaceholderData || !data) return;
    const target = landing.current === 'first' ? data.posts[0] : data.posts.at(-1);
    landing.current = null;
    if (target) select(target.id);
  });
  useEffect(() => land(), [data, pending.isPlaceholderData]);

  useReviewKeys(
    {
      next: () => {
        if (turning()) return;
        if (selectedIndex !== -1 && selectedIndex === posts.length - 1 && page < totalPages) return turnTo(page + 1, 'first');
        const target = posts[selectedIndex + 1] ?? (selectedIndex === -1 ? posts[0] : undefined);
        if (target) select(target.id);
      },
      previous: () => {
        if (turning()) return;
        if (selectedIndex === 0 && page > 1) return turnTo(page - 1, 'last');
        const target = selectedIndex === -1 ? posts[0] : posts[selectedIndex - 1];
        if (target) select(target.id);
      },
      approve: () => {
        if (selected && !approve.isPending && !turning()) approve.mutate(selected);
      },
      reject: () => {
        if (selected && !turning()) openReject(selected);
      },
    },
    tab === 'plates' && rejecting === null && posts.length > 0,
  );

  return (
    <div className="grid gap-4">
      <PageHeading icon={ShieldCheck} title="Pending Plates">
        {/* The count only when there is one: "0 plates are waiting" above "No plates are waiting" said it twice. */}
        {data && data.total > 0
          ? `${data.total} ${data.total === 1 ? 'plate is' : 'plates are'} waiting for approval.`
          : 'Plates members upload wait here for approval.'}
      </PageHeading>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'held' ? { tab: 'held' } : {}, { replace: true })}>
        <TabsList className="grid h-auto min-h-12 w-full auto-cols-fr grid-flow-col">
          <TabsTrigger value="plates" className={TAB_CLASS}>
            Plates
            {data ? <CountChip>{data.total}</CountChip> : null}
          </TabsTrigger>
          <TabsTrigger value="held" className={TAB_CLASS}>
            Comments &amp; requests
            {held.data ? <CountChip>{held.data.items.length}</CountChip> : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="plates" className="grid gap-4">
          {posts.length > 0 ? (
            <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground pointer-coarse:hidden">
              Keyboard: <Kbd>j</Kbd>/<Kbd>k</Kbd> move · <Kbd>a</Kbd> approve · <Kbd>r</Kbd> reject
            </p>
          ) : null}
          {pending.isPending ? (
            <ListSkeleton label="Loading pending plates" />
          ) : pending.isError ? (
            <ErrorPanel variant="card" message={`Error loading pending plates: ${pending.error.message}`} onRetry={() => void pending.refetch()} />
          ) : data!.posts.length === 0 ? (
            <EmptyState
              icon={ClipboardCheck}
              action={
                // the next queue with work in it: held comments and requests, else the reports
                held.data && held.data.items.length > 0 ? (
                  <Button variant="outline" onClick={() => setParams({ tab: 'held' }, { replace: true })}>
                    Review {held.data.items.length} held {held.data.items.length === 1 ? 'item' : 'items'}
                  </Button>
                ) : (
                  <Button asChild variant="outline">
                    <Link to="/admin/reports">Go to reports</Link>
                  </Button>
                )
              }
            >
              No plates are waiting for approval.
            </EmptyState>
          ) : (
            <ul className="grid gap-3" aria-busy={pending.isPlaceholderData}>
              {data!.posts.map((post) => (
                <li key={post.id}>
                  <article
                    ref={(node) => {
                      if (node) cards.current.set(post.id, node);
                      else cards.current.delete(post.id);
                    }}
                    tabIndex={-1}
                    aria-labelledby={`pending-${post.id}-title`}
                    aria-current={post.id === selectedId ? 'true' : undefined}
                    onFocus={() => setSelectedId(post.id)}
                    className={cn(
                      'flex scroll-my-4 gap-3 rounded-2xl border bg-card p-3 outline-none transition-shadow motion-reduce:transition-none',
                      post.id === selectedId && 'border-primary ring-2 ring-ring ring-offset-2 ring-offset-background',
                    )}
                  >
                    <img
                      src={[...post.image.variants].sort((a, b) => a.width - b.width)[0]?.url ?? post.image.url}
                      alt={post.image.alt?.trim() || post.title}
                      loading="lazy"
                      decoding="async"
                      className="size-24 shrink-0 rounded-xl bg-muted object-cover sm:size-28"
                    />
                    <div className="grid min-w-0 flex-1 content-start gap-1">
                      <h2 id={`pending-${post.id}-title`} className="truncate font-semibold">
                        {post.title}
                      </h2>
                      <p className="text-sm text-muted-foreground">
                        by {post.user.displayName?.trim() || post.user.username}
                        <VerifiedBadge person={post.user} className="ml-0.5 inline-block size-3.5 align-[-0.125em]" /> ·{' '}
                        <time dateTime={post.createdAt}>{formatFullDate(post.createdAt)}</time>
                      </p>
                      {post.description ? <p className="line-clamp-2 text-sm">{post.description}</p> : null}
                      <PendingHintChips hint={hints.get(post.id)} authorId={post.userId} />
                      <PostFilterHits postId={post.id} />
                      <div className="mt-1 flex flex-wrap gap-2">
                        <Button size="sm" className="h-11" disabled={approve.isPending} onClick={() => approve.mutate(post)} aria-label={`Approve ${post.title}`} aria-keyshortcuts="a">
                          <Check aria-hidden="true" />
                          Approve
                        </Button>
                        <Button size="sm" variant="outline" className="h-11" onClick={() => openReject(post)} aria-label={`Reject ${post.title}`} aria-keyshortcuts="r">
                          <X aria-hidden="true" />
                          Reject
                        </Button>
                      </div>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {data ? <Pager page={page} totalPages={totalPages} onPage={goTo} /> : null}
        </TabsContent>
        <TabsContent value="held">
          <HeldQueue />
        </TabsContent>
      </Tabs>
      <RejectDialog
        post={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(post) => {
          const next = nextAfter(post.id);
          setSelectedId(next);
          focusAfterDialog.current = next;
          settled();
        }}
        onCloseAutoFocus={(event) => {
          const next = focusAfterDialog.current;
          const before = focusBeforeDialog.current;
          focusAfterDialog.current = null;
          focusBeforeDialog.current = null;
          if (next !== null && cards.current.has(next)) {
            event.preventDefault();
            select(next);
          } else if (before?.isConnected) {
            event.preventDefault();
            before.focus();
          }
        }}
      />
    </div>
  );
}

// two tabs side by side on a phone: a long name wraps rather than overflowing
const TAB_CLASS = 'h-auto min-h-10 flex-wrap gap-x-1.5 whitespace-normal px-2 py-1 text-center leading-tight';

function CountChip({ children }: { children: number }) {
  return <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{children}</span>;
}

function Kbd({ children }: { children: string }) {
  return <kbd className="rounded border bg-muted px-1.5 font-mono text-[0.7rem] font-semibold text-foreground">{children}</kbd>;
}

function RejectDialog({
  post,
  onClose,
  onRejected,
  onCloseAutoFocus,
}: {
  post: PostDto | null;
  onClose: () => void;
  onRejected: (post: PostDto) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { permissions } = useAuth();
  // the reason templates are a reports holder's; a plate reviewer without them writes their own
  const templates = useTemplates(post !== null && permissions.includes('manage_reports')).data ?? [];
  const reject = useMutation<PostDto, ApiError, { post: PostDto; reason: string }>({
    mutationFn: ({ post: p, reason: r }) => rejectPost(p.id, r),
    onSuccess: (_answer, { post: p }) => {
      toast({ title: 'Plate rejected', description: `“${p.title}” was rejected.` });
      onRejected(p);
      onClose();
    },
    onError: (e) => toast({ variant: 'destructive', title: 'Error', description: `Failed to reject plate: ${e.message}` }),
  });
  return (
    <ActionDialog
      open={post !== null}
      onOpenChange={(open) => !open && onClose()}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Reject plate"
      description={post ? `Tell the cook why “${post.title}” can't be shown.` : null}
      withDays={false}
      templates={templates.filter((t) => t.kind === 'rejection')}
      reasonMax={500}
      submitLabel="Reject"
      destructive
      pending={reject.isPending}
      serverError={null}
      validate={(values) => {
        const parsed = RejectBody.safeParse({ reason: values.reason });
        return parsed.success ? null : fieldErrorsOf(parsed.error.issues);
      }}
      onSubmit={(values) => post && reject.mutate({ post, reason: values.reason.trim() })}
    />
  );
}
