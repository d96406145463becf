import { useQuery } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useAuth } from '../../auth';
import { userKeys } from '../api/keys';
import { dataExportLinkUrl, fetchDataExportByLink } from '../api/users-api';
import { LatestExport } from '../components/data-export-section';

/**
 * /data-export/:token : where the "your data is ready" mail leads. Signed-out members are sent to
 * Sign In and brought back (RequireAuth); the owner sees the export as Settings shows it and
 * downloads it through the link; anyone else is told the link is not theirs.
 */
export default function DataExportPage() {
  const { token = '' } = useParams();
  const { user } = useAuth();
  // Under the exports' key, so a delete here refreshes it as it does Settings.
  const query = useQuery({ queryKey: [...userKeys.dataExports, 'link', token], queryFn: () => fetchDataExportByLink(token), retry: false });
  const settings = user ? `/profile/${user.id}?tab=settings` : '/';
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight">
        <Archive className="size-6 text-primary" aria-hidden="true" />
        Your data export
      </h1>
      {query.isPending ? (
        <PageSpinner label="Loading your data export" />
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <div role="alert" className="grid gap-1 rounded-2xl border border-destructive/40 bg-destructive/5 px-5 py-6">
            <p className="font-semibold">This link is not for this account</p>
            <p className="text-sm">
              It belongs to another account, or it no longer exists. You are signed in as @{user?.username}: sign in as the account that asked
              for the data, or ask for a new export in Settings.
            </p>
          </div>
        ) : (
          <ErrorPanel variant="card" message={`Could not load your data export: ${query.error.message}`} onRetry={() => void query.refetch()} />
        )
      ) : (
        // On a card, as in Settings (the status badge's colours are made for it).
        <section aria-label="Your export" className="rounded-2xl border bg-card p-4 sm:p-5">
          <LatestExport item={query.data} downloadHref={dataExportLinkUrl(token)} />
        </section>
      )}
      <p className="text-sm text-muted-foreground">
        Your exports, and a new one when you need it, are in{' '}
        <Link to={settings} className="font-medium text-primary underline underline-offset-2">
          Settings
        </Link>
        .
      </p>
    </div>
  );
}
