import { SYSTEM_REFRESH_MS, SYSTEM_TABS, type SystemTab } from '@plates/common';
import { Activity } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSystemReport } from '../api/system-api';
import { DeadJobsCard } from '../components/dead-jobs-card';
import { LoadError } from '../components/page-states';
import { ListSkeleton, PageHeading } from '../components/query-states';
import { SystemAnalytics } from '../components/system-analytics';
import { SystemPerformance } from '../components/system-performance';

const TAB_LABELS: Record<SystemTab, string> = { analytics: 'Analytics', performance: 'Performance' };

/** The tab `?tab=` names, or Analytics. */
export function tabFrom(raw: string | null): SystemTab {
  return (SYSTEM_TABS as readonly string[]).includes(raw ?? '') ? (raw as SystemTab) : 'analytics';
}

/**
 * /admin/system (view_dashboard): the service as it measures itself over the last hour, in two
 * tabs (the tab is in the address: /admin/analytics and /admin/performance lead here), asked again
 * every 15 s while the page is visible.
 */
export default function SystemPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const report = useSystemReport();
  const updated = report.data ? new Date(report.data.generatedAt) : null;
  return (
    <div className="grid gap-4">
      <PageHeading icon={Activity} title="System">
        Requests, errors and latency from the server's own measurements over the last hour, and the health of its database, Redis
        and storage.{' '}
        {updated ? (
          <span aria-live="off">
            Updated {updated.toLocaleTimeString('en-GB')}; refreshes every {SYSTEM_REFRESH_MS / 1000} s.
          </span>
        ) : null}
      </PageHeading>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="grid w-full auto-cols-fr grid-flow-col sm:w-auto sm:min-w-80">
          {SYSTEM_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {SYSTEM_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {report.isPending ? (
              <ListSkeleton label="Loading system figures" />
            ) : report.isError ? (
              <LoadError what="system figures" error={report.error} onRetry={() => void report.refetch()} />
            ) : value === 'analytics' ? (
              <SystemAnalytics traffic={report.data.traffic} />
            ) : (
              <div className="grid gap-4">
                <SystemPerformance report={report.data} />
                <DeadJobsCard />
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
