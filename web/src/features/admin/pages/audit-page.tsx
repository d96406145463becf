import { ErrorPanel } from '../../../components/ui/error-panel';
import { ScrollText, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { AuditFilter } from '../api/keys';
import { AuditRow, TARGET_TYPES } from '../components/audit-row';
import { EmptyState, ListSkeleton, PageHeading, Pager, pageFrom } from '../components/query-states';
import { useAuditLog } from '../hooks/use-audit';

/** What the server writes to the log (free text is allowed too: the filter matches the exact name). */
const KNOWN_ACTIONS = [
  'post_approved',
  'post_rejected',
  'post_featured',
  'featured_updated',
  'post_unfeatured',
  'community_content_created',
  'community_content_updated',
  'community_content_restored',
  'report_dismiss',
  'report_warn',
  'report_remove_content',
  'report_restrict',
  'report_suspend',
  'user_warn',
  'user_restrict',
  'user_suspend',
  'user_unsuspend',
  'user_sign_out',
  'user_verify',
  'user_unverify',
  'verification_approved',
  'verification_declined',
  'verification_revoked',
  'appeal_approved',
  'appeal_rejected',
  'role_granted',
  'role_revoked',
  'template_created',
  'template_updated',
  'template_deleted',
  'email_template_updated',
  'email_template_reverted',
  'announcement_emailed',
  'job_retried',
  'job_discarded',
];

function idFrom(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
}

function filterFrom(params: URLSearchParams): AuditFilter {
  return {
    action: params.get('action')?.trim() || undefined,
    adminId: idFrom(params.get('adminId')),
    targetType: params.get('targetType')?.trim() || undefined,
    targetId: idFrom(params.get('targetId')),
    page: pageFrom(params.get('page')),
  };
}

function paramsOf(filter: AuditFilter): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['action', 'adminId', 'targetType', 'targetId'] as const) {
    if (filter[key] !== undefined) out.set(key, String(filter[key]));
  }
  if (filter.page > 1) out.set('page', String(filter.page));
  return out;
}

/** /admin/audit : the append-only log of every admin action, newest first, 50 a page. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const log = useAuditLog(filter);
  const data = log.data;
  const filtered = Boolean(filter.action || filter.adminId || filter.targetType || filter.targetId);
  return (
    <div className="grid gap-4">
      <PageHeading icon={ScrollText} title="Audit Log">
        Every change made in the admin area, who made it and why. Nothing here can be edited or removed.
      </PageHeading>
      <Filters key={params.toString()} filter={filter} onApply={(next) => setParams(paramsOf({ ...next, page: 1 }))} />
      {log.isPending ? (
        <ListSkeleton label="Loading the audit log" rows={5} />
      ) : log.isError ? (
        <ErrorPanel variant="card" message={`Error loading the audit log: ${log.error.message}`} onRetry={() => void log.refetch()} />
      ) : data!.entries.length === 0 ? (
        <EmptyState icon={ScrollText}>{filtered ? 'No entries match these filters.' : 'Nothing has been logged yet.'}</EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data!.total === 1 ? '1 entry' : `${data!.total} entries`}, newest first
          </p>
          <ol aria-label="Audit entries" aria-busy={log.isPlaceholderData} className="grid divide-y overflow-hidden rounded-2xl border bg-card">
            {data!.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
        </>
      )}
      {data ? <Pager page={filter.page} totalPages={Math.max(1, data.totalPages)} onPage={(page) => setParams(paramsOf({ ...filter, page }))} /> : null}
    </div>
  );
}

function Filters({ filter, onApply }: { filter: AuditFilter; onApply: (filter: AuditFilter) => void }) {
  const id = useId();
  const [action, setAction] = useState(filter.action ?? '');
  const [adminId, setAdminId] = useState(filter.adminId ? String(filter.adminId) : '');
  const [targetType, setTargetType] = useState(filter.targetType ?? '');
  const [targetId, setTargetId] = useState(filter.targetId ? String(filter.targetId) : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      action: action.trim() || undefined,
      adminId: idFrom(adminId),
      targetType: targetType || undefined,
      targetId: idFrom(targetId),
      page: 1,
    });
  };
  return (
    <form aria-label="Filter the log" onSubmit={submit} className="grid grid-cols-2 gap-3 rounded-2xl border bg-card p-3 sm:p-4 lg:grid-cols-[minmax(0,1.6fr)_6.5rem_8.5rem_6.5rem_auto] lg:items-end">
      <div className="col-span-2 grid gap-2 lg:col-span-1">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <Input id={`${id}-action`} list={`${id}-actions`} placeholder="report_warn" value={action} onChange={(e) => setAction(e.target.value)} maxLength={64} />
        <datalist id={`${id}-actions`}>
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-admin`}>Admin id</Label>
        <Input id={`${id}-admin`} type="number" inputMode="numeric" min={1} value={adminId} onChange={(e) => setAdminId(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>Target type</Label>
        <Select id={`${id}-type`} value={targetType} onChange={(e) => setTargetType(e.target.value)}>
          <option value="">Any</option>
          {Object.entries(TARGET_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-target`}>Target id</Label>
        <Input id={`${id}-target`} type="number" inputMode="numeric" min={1} value={targetId} onChange={(e) => setTargetId(e.target.value)} />
      </div>
      <div className="flex items-end gap-2 lg:col-span-1">
        <Button type="submit" className="flex-1 lg:flex-none">
          <SlidersHorizontal aria-hidden="true" />
          Filter
        </Button>
        <Button variant="outline" onClick={() => onApply({ page: 1 })}>
          Clear
        </Button>
      </div>
    </form>
  );
}

