import { DATA_EXPORT_STATUS_LABELS, DATA_EXPORT_STATUS_TONES, DATA_EXPORT_TTL_DAYS, type DataExportDto } from '@plates/common';
import { Archive, Download, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormError } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { formatFullDate, formatShortDate } from '../../../lib/format-time';
import { dataExportDownloadUrl } from '../api/users-api';
import { useDeleteDataExport, useMyDataExports, useRequestDataExport } from '../hooks/use-data-exports';

const note = 'flex items-start gap-3 rounded-xl border px-4 py-4 text-sm';
const dateOf = (iso: string) => formatShortDate(new Date(iso));

function megabytes(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Settings, "Your data": ask for a copy of your data, follow it being built, download or delete it. */
export function DataExportSection() {
  const query = useMyDataExports();
  const ask = useRequestDataExport();
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" label="" />
        Loading your data exports
      </p>
    );
  }
  if (query.isError) {
    return <ErrorPanel variant="inline" message={`Could not load your data exports: ${query.error.message}`} onRetry={() => void query.refetch()} />;
  }
  const { exports, canRequest } = query.data;
  const latest = exports[0];
  return (
    <div className="grid gap-4">
      {latest ? <LatestExport item={latest} /> : <p className="text-sm text-muted-foreground">You have not asked for your data yet.</p>}
      <FormError>{ask.error ? ask.error.message : null}</FormError>
      {canRequest ? (
        <div>
          <Button variant={latest?.status === 'ready' ? 'outline' : 'default'} disabled={ask.isPending} onClick={() => ask.mutate()}>
            {latest?.status === 'failed' ? <RotateCcw aria-hidden="true" /> : <Archive aria-hidden="true" />}
            {ask.isPending ? 'Asking...' : latest?.status === 'failed' ? 'Try again' : 'Request my data'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One export as its owner sees it: waiting or building, ready to download or delete, or over.
 * `downloadHref`: the mail link's page downloads through the link's own address.
 */
export function LatestExport({ item, downloadHref = dataExportDownloadUrl(item.id) }: { item: DataExportDto; downloadHref?: string }) {
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteDataExport();
  const asked = (
    <time dateTime={item.createdAt} title={formatFullDate(item.createdAt)}>
      {dateOf(item.createdAt)}
    </time>
  );
  const status = <Badge variant={DATA_EXPORT_STATUS_TONES[item.status]}>{DATA_EXPORT_STATUS_LABELS[item.status]}</Badge>;
  if (item.status === 'pending' || item.status === 'processing') {
    return (
      <div className={note} role="status">
        <Spinner className="size-5 shrink-0" label="" />
        <p>
          {status} Your export asked {asked} is {item.status === 'pending' ? 'waiting to be built' : 'being built'}. We will email you a link when it is ready;
          you can leave this page.
        </p>
      </div>
    );
  }
  if (item.status === 'ready') {
    return (
      <div className="grid gap-3 rounded-xl border px-4 py-4 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
        <p>
          {status} Your export asked {asked} ({megabytes(item.sizeBytes)}) can be downloaded until{' '}
          {item.expiresAt ? (
            <time dateTime={item.expiresAt} title={formatFullDate(item.expiresAt)}>
              {dateOf(item.expiresAt)}
            </time>
          ) : null}
          . Then it is deleted.
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={buttonVariants()} href={downloadHref} download>
            <Download aria-hidden="true" />
            Download
          </a>
          <Button variant="outline" disabled={remove.isPending} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Delete this export?"
          description="The file and its download link stop working at once. You can ask for a new export later."
          confirmLabel="Delete export"
          destructive
          onConfirm={() => remove.mutate(item.id)}
        />
      </div>
    );
  }
  return (
    <p className={note}>
      <span>
        {status}{' '}
        {item.status === 'failed'
          ? `${item.errorMessage ?? ''} You can try again.`
          : item.status === 'expired'
            ? `Your last export expired ${DATA_EXPORT_TTL_DAYS} days after it was ready and was deleted.`
            : 'You deleted your last export.'}{' '}
        Asked {asked}.
      </span>
    </p>
  );
}
