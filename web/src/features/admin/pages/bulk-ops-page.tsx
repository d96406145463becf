import {
  BULK_ACTIONS,
  BULK_REASON_REQUIRED,
  type BulkAction,
  type BulkBatchDto,
  type BulkPreviewBody,
  type BulkPreviewResponse,
  type BulkRunResponse,
  type BulkTarget,
  type BulkUndoResponse,
} from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, History, Layers, Play, Undo2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LoadMore } from '../../../components/ui/load-more';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { bulkKeys, fetchBulkBatches, previewBulk, runBulk, undoBulk } from '../api/bulk-ops-api';
import { contentKeys } from '../api/content-api';
import { adminKeys } from '../api/keys';
import { NativeSelect } from '../components/native-select';
import { LoadError } from '../components/page-states';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';

const TARGET_LABEL: Record<BulkTarget, string> = { plates: 'Plates', comments: 'Comments', members: 'Members' };
const ACTION_LABEL: Record<BulkAction, string> = { approve: 'Approve', reject: 'Reject', remove: 'Remove', feature: 'Feature', suspend: 'Suspend' };
const NOUN: Record<BulkTarget, [string, string]> = { plates: ['plate', 'plates'], comments: ['comment', 'comments'], members: ['member', 'members'] };
const noun = (target: BulkTarget, n: number) => NOUN[target][n === 1 ? 0 : 1];

interface Form {
  target: BulkTarget;
  action: BulkAction;
  author: string;
  from: string;
  to: string;
  minReports: string;
  filterHit: '' | 'yes' | 'no';
  status: '' | 'pending' | 'approved' | 'rejected';
  reason: string;
  days: string;
}

const EMPTY: Form = { target: 'plates', action: 'approve', author: '', from: '', to: '', minReports: '', filterHit: '', status: '', reason: '', days: '' };

/** The request the form stands for (empty fields left out). */
function bodyOf(form: Form): BulkPreviewBody {
  const filter: BulkPreviewBody['filter'] = { target: form.target };
  if (form.author.trim()) filter.author = form.author.trim();
  if (form.from) filter.from = form.from;
  if (form.to) filter.to = form.to;
  if (form.minReports) filter.minReports = Number(form.minReports);
  if (form.filterHit) filter.filterHit = form.filterHit === 'yes';
  if (form.status && form.target === 'plates') filter.status = form.status;
  const body: BulkPreviewBody = { filter, action: form.action };
  if (form.reason.trim()) body.reason = form.reason.trim();
  if (form.action === 'suspend' && form.days) body.days = Number(form.days);
  return body;
}

/** "23 h 10 min left" until `until`. */
export function timeLeft(until: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((Date.parse(until) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}

/** /admin/bulk-ops (run_bulk_ops): choose items by filter, preview, run as one batch, undo within 24 hours. */
export default function BulkOpsPage() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [previewed, setPreviewed] = useState<{ key: string; answer: BulkPreviewResponse } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const body = bodyOf(form);
  const key = JSON.stringify(body);
  const current = previewed?.key === key ? previewed.answer : null;
  const reasonNeeded = BULK_REASON_REQUIRED.includes(form.action);

  const set = <K extends keyof Form>(field: K, value: Form[K]) =>
    setForm((f) => {
      const next = { ...f, [field]: value };
      if (field === 'target') next.action = BULK_ACTIONS[value as BulkTarget][0]!;
      return next;
    });

  const preview = useMutation<BulkPreviewResponse, ApiError, BulkPreviewBody>({
    mutationFn: previewBulk,
    onSuccess: (answer, sent) => setPreviewed({ key: JSON.stringify(sent), answer }),
  });

  const refresh = () => {
    for (const queryKey of [bulkKeys.batches, adminKeys.pendingAll, adminKeys.membersAll, adminKeys.auditAll, contentKeys.featuredAll]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  const run = useMutation<BulkRunResponse, ApiError, number>({
    mutationFn: (expectedCount) => runBulk({ ...body, expectedCount }),
    onSuccess: (answer) => {
      setPreviewed(null);
      refresh();
      toast({
        variant: 'success',
        title: answer.message,
        description: `${ACTION_LABEL[answer.batch.action]}: ${answer.batch.affected} ${noun(answer.batch.target, answer.batch.affected)}. You can undo it for 24 hours.`,
      });
    },
    onError: (error) => {
      if (error.status === 409) setPreviewed(null);
      toast({ variant: 'destructive', title: 'Error', description: error.message });
    },
  });

  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    preview.mutate(body);
  };

  const runnable = current !== null && current.total > 0 && current.total <= current.cap && (!reasonNeeded || form.reason.trim() !== '');

  return (
    <div className="grid gap-4">
      <PageHeading icon={Layers} title="Bulk Operations">
        Choose plates, comments or members by filter, preview what would change, then run it as one batch. A batch can be undone for 24 hours.
      </PageHeading>

      <form onSubmit={onPreview} aria-labelledby="bulk-select-title" className="grid gap-4 rounded-2xl border bg-card p-4">
        <h2 id="bulk-select-title" className="font-semibold">
          Select
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Items">
            <NativeSelect value={form.target} onChange={(e) => set('target', e.target.value as BulkTarget)}>
              {(Object.keys(TARGET_LABEL) as BulkTarget[]).map((t) => (
                <option key={t} value={t}>
                  {TARGET_LABEL[t]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Action">
            <NativeSelect value={form.action} onChange={(e) => set('action', e.target.value as BulkAction)}>
              {BULK_ACTIONS[form.target].map((a) => (
                <option key={a} value={a}>
                  {ACTION_LABEL[a]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={form.target === 'members' ? 'Username' : 'Author (username)'}>
            <Input value={form.author} onChange={(e) => set('author', e.target.value)} autoComplete="off" maxLength={50} />
          </FormField>
          {form.target === 'plates' ? (
            <FormField label="Approval status">
              <NativeSelect value={form.status} onChange={(e) => set('status', e.target.value as Form['status'])}>
                <option value="">Any</option>
                <option value="pending">Pending</option>
                <option value="approved">Approved</option>
                <option value="rejected">Rejected</option>
              </NativeSelect>
            </FormField>
          ) : null}
          <FormField label={form.target === 'members' ? 'Joined from (UTC day)' : 'Created from (UTC day)'}>
            <Input type="date" value={form.from} onChange={(e) => set('from', e.target.value)} />
          </FormField>
          <FormField label="To (UTC day)">
            <Input type="date" value={form.to} onChange={(e) => set('to', e.target.value)} />
          </FormField>
          <FormField label="Reports at least">
            <Input type="number" inputMode="numeric" min={1} value={form.minReports} onChange={(e) => set('minReports', e.target.value)} />
          </FormField>
          <FormField label="Content-filter hit">
            <NativeSelect value={form.filterHit} onChange={(e) => set('filterHit', e.target.value as Form['filterHit'])}>
              <option value="">Either</option>
              <option value="yes">Matched a filter</option>
              <option value="no">No filter match</option>
            </NativeSelect>
          </FormField>
          <FormField label={reasonNeeded ? 'Reason (the members are told)' : 'Reason (optional)'} className="sm:col-span-2">
            <Input value={form.reason} onChange={(e) => set('reason', e.target.value)} maxLength={1000} />
          </FormField>
          {form.action === 'suspend' ? (
            <FormField label="Days (empty: until lifted)">
              <Input type="number" inputMode="numeric" min={1} max={3650} value={form.days} onChange={(e) => set('days', e.target.value)} />
            </FormField>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="outline" disabled={preview.isPending}>
            <Eye aria-hidden="true" />
            {preview.isPending ? 'Previewing...' : 'Preview'}
          </Button>
          {current && current.total > 0 ? (
            <Button type="button" disabled={!runnable || run.isPending} onClick={() => setConfirming(true)}>
              <Play aria-hidden="true" />
              {run.isPending ? 'Running...' : `Run on ${current.total}`}
            </Button>
          ) : null}
        </div>
        {preview.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {preview.error.message}
          </p>
        ) : null}
        {current ? <PreviewResult answer={current} target={form.target} reasonMissing={reasonNeeded && form.reason.trim() === ''} /> : null}
      </form>

      <Batches />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${ACTION_LABEL[form.action]} ${current?.total ?? 0} ${noun(form.target, current?.total ?? 0)}?`}
        description="They change at once and their owners are told. You can undo the batch for 24 hours."
        confirmLabel={`Run on ${current?.total ?? 0}`}
        destructive={form.action !== 'approve' && form.action !== 'feature'}
        onConfirm={() => {
          setConfirming(false);
          if (current) run.mutate(current.total);
        }}
      />
    </div>
  );
}

function PreviewResult({ answer, target, reasonMissing }: { answer: BulkPreviewResponse; target: BulkTarget; reasonMissing: boolean }) {
  return (
    <section aria-label="Preview" className="grid gap-2">
      <p role="status" className="font-medium">
        {answer.total === 0
          ? 'No item matches this filter.'
          : `${answer.total.toLocaleString()} ${noun(target, answer.total)} would change${answer.total > answer.sample.length ? `; the first ${answer.sample.length}:` : ':'}`}
      </p>
      {answer.total > answer.cap ? (
        <p className="text-sm font-medium text-destructive">A batch holds at most {answer.cap} items: narrow the filter.</p>
      ) : null}
      {reasonMissing && answer.total > 0 ? <p className="text-sm text-muted-foreground">Give a reason to run this action.</p> : null}
      {answer.sample.length > 0 ? (
        <ul aria-label="Sample" className="grid gap-2">
          {answer.sample.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border px-3 py-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-medium">{item.label}</span> <span className="text-muted-foreground">by @{item.owner.username}</span>
              </span>
              <span className="flex flex-wrap items-center gap-1.5">
                {item.reports > 0 ? <Badge variant="outline">{item.reports} reports</Badge> : null}
                {item.filterHits > 0 ? <Badge variant="outline">filter hit</Badge> : null}
                <span>
                  {item.current} → <span className="font-semibold">{item.becomes}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Batches() {
  const queryClient = useQueryClient();
  const [undoing, setUndoing] = useState<BulkBatchDto | null>(null);
  const batches = useInfiniteQuery({
    queryKey: bulkKeys.batches,
    queryFn: ({ pageParam }) => fetchBulkBatches(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const undo = useMutation<BulkUndoResponse, ApiError, number>({
    mutationFn: undoBulk,
    onSuccess: (answer) => {
      for (const queryKey of [bulkKeys.batches, adminKeys.pendingAll, adminKeys.membersAll, adminKeys.auditAll, contentKeys.featuredAll]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      const skipped = answer.skipped.length;
      toast({
        variant: 'success',
        title: answer.message,
        description: `${answer.batch.restored ?? 0} put back${skipped > 0 ? `; ${skipped} skipped (changed since): ${answer.skipped.map((s) => s.label).join(', ')}` : '.'}`,
      });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: bulkKeys.batches });
      toast({ variant: 'destructive', title: 'Error', description: error.message });
    },
  });

  return (
    <section aria-labelledby="bulk-history-title" className="grid gap-3">
      <h2 id="bulk-history-title" className="flex items-center gap-2 font-semibold">
        <History className="size-5 text-primary" aria-hidden="true" />
        Batches
      </h2>
      {batches.isPending ? (
        <ListSkeleton label="Loading batches..." rows={2} />
      ) : batches.isError ? (
        <LoadError what="batches" error={batches.error} onRetry={() => void batches.refetch()} />
      ) : batches.data.pages[0]!.batches.length === 0 ? (
        <EmptyState icon={Layers}>No batch has run yet.</EmptyState>
      ) : (
        <>
          <ul aria-label="Batches" className="grid gap-2">
            {batches.data.pages
              .flatMap((p) => p.batches)
              .map((batch) => (
                <BatchRow key={batch.id} batch={batch} busy={undo.isPending && undo.variables === batch.id} onUndo={() => setUndoing(batch)} />
              ))}
          </ul>
          <LoadMore pager={batches} />
        </>
      )}
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => (open ? undefined : setUndoing(null))}
        title={undoing ? `Undo: ${ACTION_LABEL[undoing.action].toLowerCase()} ${undoing.affected} ${noun(undoing.target, undoing.affected)}?` : 'Undo'}
        description="Every item goes back to how it was before the batch; items someone changed since are left as they are. The owners are told."
        confirmLabel="Undo batch"
        onConfirm={() => {
          if (undoing) undo.mutate(undoing.id);
          setUndoing(null);
        }}
      />
    </section>
  );
}

function BatchRow({ batch, busy, onUndo }: { batch: BulkBatchDto; busy: boolean; onUndo: () => void }) {
  const what = `${ACTION_LABEL[batch.action]} ${batch.affected} ${noun(batch.target, batch.affected)}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border bg-card p-4" aria-label={what}>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium">
          {what}
          {batch.days ? ` for ${batch.days} days` : ''}
        </p>
        <p className="text-sm text-muted-foreground">
          {batch.admin ? `@${batch.admin.username}` : 'A deleted admin'} · {formatFullDate(batch.createdAt)}
          {batch.reason ? ` · ${batch.reason}` : ''}
        </p>
        {batch.undoneAt ? (
          <p className="text-sm">
            Undone {formatFullDate(batch.undoneAt)}
            {batch.undoneBy ? ` by @${batch.undoneBy.username}` : ''}: {batch.restored ?? 0} put back
            {batch.skipped ? `, ${batch.skipped} skipped (changed since)` : ''}.
          </p>
        ) : null}
      </div>
      {batch.canUndo && batch.undoUntil ? (
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">{timeLeft(batch.undoUntil)}</span>
          <Button variant="outline" onClick={onUndo} disabled={busy}>
            <Undo2 aria-hidden="true" />
            {busy ? 'Undoing...' : 'Undo'}
          </Button>
        </div>
      ) : batch.undoneAt ? (
        <Badge variant="secondary">Undone</Badge>
      ) : (
        <Badge variant="outline">Undo window closed</Badge>
      )}
    </li>
  );
}
