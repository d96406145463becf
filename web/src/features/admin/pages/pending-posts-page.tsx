import { RejectBody, type PostDto } from '@plates/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { PageSpinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { adminKeys, approvePost, fetchPending, rejectPost } from '../api/admin-api';
import { LoadError, Pager } from '../components/page-states';

function pageFrom(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** /admin/pending-posts : plates waiting for approval, a page at a time. */
export default function PendingPostsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
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
      settled();
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Error', description: `Failed to approve plate: ${error.message}` }),
  });

  const goTo = (n: number) => setParams(n === 1 ? {} : { page: String(n) });
  const data = pending.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight">
          <ShieldCheck className="size-6 text-primary" aria-hidden="true" />
          Pending Plates
        </h1>
        <p className="text-sm text-muted-foreground">
          {data ? `${data.total} ${data.total === 1 ? 'plate is' : 'plates are'} waiting for approval.` : 'Plates waiting for approval.'}
        </p>
      </div>
      {pending.isPending ? (
        <PageSpinner label="Loading pending plates" />
      ) : pending.isError ? (
        <LoadError what="pending plates" error={pending.error} onRetry={() => void pending.refetch()} />
      ) : data!.posts.length === 0 ? (
        <p className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center font-medium">No plates are waiting for approval.</p>
      ) : (
        <ul className="grid gap-3" aria-busy={pending.isPlaceholderData}>
          {data!.posts.map((post) => (
            <li key={post.id} className="flex gap-3 rounded-2xl border bg-card p-3">
              <img
                src={[...post.image.variants].sort((a, b) => a.width - b.width)[0]?.url ?? post.image.url}
                alt={post.image.alt?.trim() || post.title}
                loading="lazy"
                decoding="async"
                className="size-24 shrink-0 rounded-xl bg-muted object-cover sm:size-28"
              />
              <div className="grid min-w-0 flex-1 content-start gap-1">
                <h2 className="truncate font-semibold">{post.title}</h2>
                <p className="text-sm text-muted-foreground">
                  by {post.user.displayName?.trim() || post.user.username} ·{' '}
                  <time dateTime={post.createdAt}>{formatFullDate(post.createdAt)}</time>
                </p>
                {post.description ? <p className="line-clamp-2 text-sm">{post.description}</p> : null}
                <div className="mt-1 flex flex-wrap gap-2">
                  <Button size="sm" className="h-11" disabled={approve.isPending} onClick={() => approve.mutate(post)} aria-label={`Approve ${post.title}`}>
                    <Check aria-hidden="true" />
                    Approve
                  </Button>
                  <Button size="sm" variant="outline" className="h-11" onClick={() => setRejecting(post)} aria-label={`Reject ${post.title}`}>
                    <X aria-hidden="true" />
                    Reject
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager page={page} totalPages={totalPages} onPage={goTo} /> : null}
      <RejectDialog post={rejecting} onClose={() => setRejecting(null)} onRejected={settled} />
    </div>
  );
}

function RejectDialog({ post, onClose, onRejected }: { post: PostDto | null; onClose: () => void; onRejected: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const reject = useMutation<PostDto, ApiError, { post: PostDto; reason: string }>({
    mutationFn: ({ post: p, reason: r }) => rejectPost(p.id, r),
    onSuccess: (_answer, { post: p }) => {
      toast({ title: 'Plate rejected', description: `“${p.title}” was rejected.` });
      setReason('');
      onRejected();
      onClose();
    },
    onError: (e) => toast({ variant: 'destructive', title: 'Error', description: `Failed to reject plate: ${e.message}` }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!post) return;
    const parsed = RejectBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'A reason is required');
      return;
    }
    reject.mutate({ post, reason: parsed.data.reason });
  };
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject plate</DialogTitle>
          <DialogDescription>{post ? `Tell the cook why “${post.title}” can't be shown.` : null}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Reject plate">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>Reason</Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={500}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
            />
            <FieldError id={`${id}-error`}>{error}</FieldError>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
