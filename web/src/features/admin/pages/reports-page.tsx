import { ErrorPanel } from '../../../components/ui/error-panel';
import type { ReportStatus } from '@plates/common';
import { FileText, Flag, Inbox, Scale } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAuth } from '../../auth';
import type { AppealStatus } from '../api/keys';
import { AppealCard } from '../components/appeal-card';
import { EmptyState, ListSkeleton, PageHeading } from '../components/query-states';
import { ReportGroupCard } from '../components/report-group-card';
import { TemplatesDialog } from '../components/templates-dialog';
import { useAppeals, useReports } from '../hooks/use-moderation';

const QUEUES: { value: ReportStatus; label: string; empty: string }[] = [
  { value: 'pending', label: 'Pending', empty: 'No reports are waiting. The community is behaving.' },
  { value: 'resolved', label: 'Resolved', empty: 'No resolved reports yet.' },
  { value: 'dismissed', label: 'Dismissed', empty: 'No dismissed reports yet.' },
];

const APPEAL_STATUSES: { value: AppealStatus; label: string; empty: string }[] = [
  { value: 'pending', label: 'Waiting for a decision', empty: 'No appeals are waiting.' },
  { value: 'approved', label: 'Approved', empty: 'No approved appeals yet.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected appeals yet.' },
];

type Tab = ReportStatus | 'appeals';

/** /admin/reports : the reports queue by target (pending, resolved, dismissed) and, for those who may, appeals. */
export default function ReportsPage() {
  const { permissions } = useAuth();
  const canAppeals = permissions.includes('manage_appeals');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = asked === 'appeals' && canAppeals ? 'appeals' : QUEUES.some((q) => q.value === asked) ? (asked as ReportStatus) : 'pending';
  const [templatesOpen, setTemplatesOpen] = useState(false);
  return (
    <div className="grid gap-4">
      <PageHeading
        icon={Flag}
        title="Reports"
        actions={
          <Button variant="outline" onClick={() => setTemplatesOpen(true)}>
            <FileText aria-hidden="true" />
            Templates
          </Button>
        }
      >
        Every report of one plate or profile is one item; an action closes them all and tells each reporter.
      </PageHeading>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'pending' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="grid w-full auto-cols-fr grid-flow-col">
          {QUEUES.map((q) => (
            <TabsTrigger key={q.value} value={q.value}>
              {q.label}
            </TabsTrigger>
          ))}
          {canAppeals ? <TabsTrigger value="appeals">Appeals</TabsTrigger> : null}
        </TabsList>
        {QUEUES.map((q) => (
          <TabsContent key={q.value} value={q.value}>
            <ReportQueue status={q.value} empty={q.empty} />
          </TabsContent>
        ))}
        {canAppeals ? (
          <TabsContent value="appeals">
            <AppealsQueue />
          </TabsContent>
        ) : null}
      </Tabs>
      <TemplatesDialog open={templatesOpen} onOpenChange={setTemplatesOpen} />
    </div>
  );
}

function ReportQueue({ status, empty }: { status: ReportStatus; empty: string }) {
  const reports = useReports(status);
  if (reports.isPending) return <ListSkeleton label="Loading reports" />;
  if (reports.isError) return <ErrorPanel variant="card" message={`Error loading reports: ${reports.error.message}`} onRetry={() => void reports.refetch()} />;
  if (reports.data.groups.length === 0) return <EmptyState icon={Inbox}>{empty}</EmptyState>;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {reports.data.total === 1 ? '1 reported target' : `${reports.data.total} reported targets`}
        {status === 'pending' ? ', oldest first.' : ', newest first.'}
      </p>
      {reports.data.groups.map((group) => (
        <ReportGroupCard key={group.id} group={group} />
      ))}
    </div>
  );
}

function AppealsQueue() {
  const id = useId();
  const [status, setStatus] = useState<AppealStatus>('pending');
  const appeals = useAppeals(status);
  const spec = APPEAL_STATUSES.find((s) => s.value === status)!;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={`${id}-status`}>Show</Label>
        <Select id={`${id}-status`} className="w-auto" value={status} onChange={(e) => setStatus(e.target.value as AppealStatus)}>
          {APPEAL_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
      {appeals.isPending ? (
        <ListSkeleton label="Loading appeals" />
      ) : appeals.isError ? (
        <ErrorPanel variant="card" message={`Error loading appeals: ${appeals.error.message}`} onRetry={() => void appeals.refetch()} />
      ) : appeals.data.appeals.length === 0 ? (
        <EmptyState icon={Scale}>{spec.empty}</EmptyState>
      ) : (
        appeals.data.appeals.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)
      )}
    </div>
  );
}
