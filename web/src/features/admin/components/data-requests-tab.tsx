import { DATA_EXPORT_STATUS_LABELS, DATA_EXPORT_STATUS_TONES, DataExportStatus, type AdminDataExportDto } from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import type { ApiError } from '../../../lib/api';
import { formatFullDate } from '../../../lib/format-time';
import { adminKeys } from '../api/keys';
import { adminDataExportKeys, fetchDataExports, retryDataExport } from '../api/data-exports-api';
import { LoadError } from './page-states';
import { EmptyState, ListSkeleton } from './query-states';

function Time({ label, iso }: { label: string; iso: string | null }) {
  if (!iso) return null;
  return (
    <span>
      {label} <time dateTime={iso}>{formatFullDate(iso)}</time>
    </span>
  );
}

/** /admin/users, "Data requests": members' data exports, newest first, by status; a failed one can be queued again. */
export function DataRequestsTab() {
  const id = useId();
  const [status, setStatus] = useState<DataExportStatus | null>(null);
  const query = useInfiniteQuery({
    queryKey: adminDataExportKeys.list(status),
    queryFn: ({ pageParam }) => fetchDataExports(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const queryClient = useQueryClient();
  const retry = useMutation<unknown, ApiError, number>({
    mutationFn: retryDataExport,
    onSuccess: () => toast({ variant: 'success', title: 'Export queued again', description: 'The member gets the link by email once it is built.' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Could not retry', description: error.message }),
    onSettled: () => {
      for (const queryKey of [adminDataExportKeys.all, adminKeys.auditAll]) void queryClient.invalidateQueries({ queryKey });
    },
  });

  let body;
  if (query.isPending) body = <ListSkeleton label="Loading data requests" />;
  else if (query.isError) body = <LoadError what="data requests" error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const items = query.data.pages.flatMap((page) => page.exports);
    body =
      items.length === 0 ? (
        <EmptyState icon={Archive}>{status ? `No ${DATA_EXPORT_STATUS_LABELS[status].toLowerCase()} data requests.` : 'No member has asked for their data yet.'}</EmptyState>
      ) : (
        <>
          <ul aria-label="Data requests" className="grid divide-y overflow-hidden rounded-2xl border bg-card">
            {items.map((item) => (
              <DataRequestRow key={item.id} item={item} busy={retry.isPending && retry.variables === item.id} onRetry={() => retry.mutate(item.id)} />
            ))}
          </ul>
          <LoadMore pager={query} />
        </>
      );
  }
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select id={`${id}-status`} value={status ?? ''} onChange={(e) => setStatus(e.target.value ? DataExportStatus.parse(e.target.value) : null)}>
          <option value="">Any status</option>
          {DataExportStatus.options.map((s) => (
            <option key={s} value={s}>
              {DATA_EXPORT_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </div>
      {body}
    </div>
  );
}

function DataRequestRow({ item, busy, onRetry }: { item: AdminDataExportDto; busy: boolean; onRetry: () => void }) {
  const who = `@${item.member.username}`;
  return (
    <li aria-label={`Data request of ${who}`} className="grid gap-2 p-3 sm:p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-4">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{who}</span>
          <Badge variant={DATA_EXPORT_STATUS_TONES[item.status]}>{DATA_EXPORT_STATUS_LABELS[item.status]}</Badge>
          {item.attempts > 1 ? <span className="text-xs text-muted-foreground">{item.attempts} attempts</span> : null}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <Time label="Asked" iso={item.createdAt} />
          <Time label={item.status === 'failed' ? 'Failed' : 'Built'} iso={item.completedAt} />
          <Time label="Expires" iso={item.expiresAt} />
          {item.processedBy ? <span>Retried by @{item.processedBy.username}</span> : null}
        </p>
        {item.status === 'failed' && item.errorMessage ? <p className="break-words text-sm text-destructive">{item.errorMessage}</p> : null}
      </div>
      {item.status === 'failed' ? (
        <Button variant="outline" size="sm" className="h-11 justify-self-start" disabled={busy} onClick={onRetry} aria-label={`Retry the export of ${who}`}>
          <RotateCcw aria-hidden="true" />
          {busy ? 'Retrying...' : 'Retry'}
        </Button>
      ) : null}
    </li>
  );
}
