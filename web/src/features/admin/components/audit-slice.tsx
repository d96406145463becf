import { Link } from 'react-router';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { useAuditLog } from '../hooks/use-audit';
import { AuditRow } from './audit-row';
import { ListSkeleton } from './query-states';

/**
 * The audit log's slice about one target (a member, a plate, a comment): the newest 50 entries,
 * and a link to the whole log filtered to it. For holders of view_audit_log.
 */
export function AuditSlice({ targetType, targetId }: { targetType: string; targetId: number }) {
  const audit = useAuditLog({ targetType, targetId, page: 1 });
  if (audit.isPending) return <ListSkeleton label="Loading the audit log" />;
  if (audit.isError) return <ErrorPanel variant="compact" message={`Error loading the audit log: ${audit.error.message}`} onRetry={() => void audit.refetch()} />;
  const { entries, total } = audit.data;
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nothing has been done here yet.</p>;
  return (
    <div className="grid gap-2">
      <ul className="divide-y rounded-xl border" aria-label="Audit entries">
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {total > entries.length ? (
        <Link to={`/admin/audit?targetType=${encodeURIComponent(targetType)}&targetId=${targetId}`} className="text-sm font-medium text-primary hover:underline">
          All {total} entries in the audit log
        </Link>
      ) : null}
    </div>
  );
}
