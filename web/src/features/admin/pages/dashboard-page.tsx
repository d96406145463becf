import {
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_METRIC_LABELS,
  DASHBOARD_METRICS,
  DASHBOARD_PERIODS,
  type DashboardMetric,
  type DashboardPeriod,
  type DashboardQueue,
  type PermissionName,
  type StatsQueue,
  type StatsResponse,
} from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, Clock, LayoutDashboard, Minus, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { dashboardKeys, fetchStats } from '../api/dashboard-api';
import { DailyBars } from '../components/daily-bars';
import { LoadError } from '../components/page-states';
import { ListSkeleton, PageHeading } from '../components/query-states';

/** Each queue's name, where it is worked, and the permission that page needs. */
const QUEUES: Record<DashboardQueue, { label: string; href: string; permission: PermissionName }> = {
  pending_posts: { label: 'Pending plates', href: '/admin/pending-posts', permission: 'review_posts' },
  reports: { label: 'Open reports', href: '/admin/reports', permission: 'manage_reports' },
  appeals: { label: 'Appeals', href: '/admin/reports?tab=appeals', permission: 'manage_appeals' },
  verification_requests: { label: 'Verification requests', href: '/admin/verification', permission: 'manage_verifications' },
};

const numbers = new Intl.NumberFormat('en');
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** `?days=` as one of the offered periods (anything else is the default). */
export function periodFrom(raw: string | null): DashboardPeriod {
  return DASHBOARD_PERIODS.find((days) => String(days) === raw) ?? DASHBOARD_DEFAULT_DAYS;
}

/** A UTC day (`YYYY-MM-DD`) as "15 Jun". */
function dayLabel(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`));
}

/** How long something has waited, in its largest whole unit. */
export function formatAge(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return 'under a minute';
  if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return unit(Math.floor(seconds / 3600), 'hour');
  return unit(Math.floor(seconds / 86_400), 'day');
}

/** A period's total against the one before: the change in per cent, or why there is none. */
export function describeChange(current: number, previous: number, days: number): { text: string; direction: 'up' | 'down' | 'flat' } {
  const before = `the previous ${days} days`;
  if (current === previous) return { text: `Same as ${before}`, direction: 'flat' };
  if (previous === 0) return { text: `Up from none in ${before}`, direction: 'up' };
  const percent = Math.round(((current - previous) / previous) * 100);
  const direction = current > previous ? 'up' : 'down';
  return { text: `${direction === 'up' ? '+' : '−'}${Math.abs(percent)}% on ${before} (${numbers.format(previous)})`, direction };
}

/** /admin : the dashboard (view_dashboard): the last 7, 30 or 90 days at a glance, and the queues. */
export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const days = periodFrom(params.get('days'));
  const stats = useQuery({ queryKey: dashboardKeys.stats(days), queryFn: () => fetchStats(days), staleTime: 60_000 });
  return (
    <div className="grid gap-5">
      <PageHeading
        icon={LayoutDashboard}
        title="Dashboard"
        actions={<PeriodSwitcher days={days} onChange={(next) => setParams(next === DASHBOARD_DEFAULT_DAYS ? {} : { days: String(next) }, { replace: true })} />}
      >
        What members did each day (UTC) and how long the oldest item in each queue has waited.
      </PageHeading>
      {stats.isPending ? (
        <ListSkeleton label="Loading the dashboard" rows={4} />
      ) : stats.isError ? (
        <LoadError what="the dashboard" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <Figures stats={stats.data} />
      )}
    </div>
  );
}

function PeriodSwitcher({ days, onChange }: { days: DashboardPeriod; onChange: (days: DashboardPeriod) => void }) {
  return (
    <div role="group" aria-label="Period" className="flex rounded-full border bg-card p-1">
      {DASHBOARD_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          onClick={() => onChange(period)}
          className={cn(
            'min-h-9 rounded-full px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            period === days && 'bg-primary text-primary-foreground hover:text-primary-foreground',
          )}
        >
          {period} days
        </button>
      ))}
    </div>
  );
}

function Figures({ stats }: { stats: StatsResponse }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const dates = stats.series.map((day) => day.date);
  const range = `${dayLabel(stats.from)} to ${dayLabel(stats.to)}`;
  return (
    <>
      <section aria-labelledby={`${tableId}-queues`} className="grid gap-3">
        <h2 id={`${tableId}-queues`} className="font-display text-lg font-semibold">
          Waiting for a moderator
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {stats.queues.map((queue) => (
            <QueueCard key={queue.queue} queue={queue} />
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${tableId}-activity`} className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${tableId}-activity`} className="font-display text-lg font-semibold">
            Activity, {range}
          </h2>
          <Button variant="outline" size="sm" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
            <Table2 aria-hidden="true" />
            {showTable ? 'Hide table' : 'Show as table'}
          </Button>
        </div>
        {stats.totals.every((total) => total.current === 0) ? (
          <p className="rounded-xl border border-dashed bg-card px-4 py-3 text-sm text-muted-foreground">Nothing happened in these {stats.days} days yet.</p>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {stats.totals.map((total) => (
            <MetricCard
              key={total.metric}
              metric={total.metric}
              current={total.current}
              previous={total.previous}
              today={stats.series.at(-1)?.[total.metric] ?? 0}
              values={stats.series.map((day) => day[total.metric])}
              dates={dates}
              days={stats.days}
              range={range}
            />
          ))}
        </ul>
        <FiguresTable id={tableId} stats={stats} visible={showTable} />
      </section>
    </>
  );
}

function QueueCard({ queue }: { queue: StatsQueue }) {
  const { permissions } = useAuth();
  const { label, href, permission } = QUEUES[queue.queue];
  const waiting = queue.oldestAgeSeconds === null ? 'Nothing waiting' : `Oldest waiting ${formatAge(queue.oldestAgeSeconds)}`;
  const body = (
    <>
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <span className="font-display text-2xl font-bold tabular-nums">{numbers.format(queue.count)}</span>
      <span className="flex items-center gap-1.5 text-sm">
        <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
        {waiting}
      </span>
    </>
  );
  const box = 'grid gap-1 rounded-xl border bg-card p-4';
  return (
    <li>
      {permissions.includes(permission) ? (
        <Link to={href} className={cn(box, 'transition-colors hover:border-primary/50 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring')}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

function MetricCard(props: {
  metric: DashboardMetric;
  current: number;
  previous: number;
  today: number;
  values: number[];
  dates: string[];
  days: number;
  range: string;
}) {
  const { metric, current, previous, today, values, dates, days, range } = props;
  const label = DASHBOARD_METRIC_LABELS[metric];
  const change = describeChange(current, previous, days);
  const Arrow = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : Minus;
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <span className="text-xs text-muted-foreground">
          Today <span className="font-semibold tabular-nums text-foreground">{numbers.format(today)}</span>
        </span>
      </div>
      <p className="font-display text-2xl font-bold tabular-nums">{numbers.format(current)}</p>
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <Arrow className="size-3.5 shrink-0" aria-hidden="true" />
        {change.text}
      </p>
      <DailyBars values={values} dates={dates} label={`${label} per day, ${range}; the table has each day's figure`} />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{dayLabel(dates[0] ?? '')}</span>
        <span>{dayLabel(dates.at(-1) ?? '')}</span>
      </div>
    </li>
  );
}

/** The charts' figures day by day, for screen readers always, on screen when asked for. */
function FiguresTable({ id, stats, visible }: { id: string; stats: StatsResponse; visible: boolean }) {
  return (
    <div id={id} className={visible ? 'overflow-x-auto rounded-xl border bg-card' : 'sr-only'}>
      <table className="w-full text-sm">
        <caption className="sr-only">Daily figures, UTC days, newest first</caption>
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="px-3 py-2 font-medium">
              Day
            </th>
            {DASHBOARD_METRICS.map((metric) => (
              <th key={metric} scope="col" className="px-3 py-2 text-right font-medium">
                {DASHBOARD_METRIC_LABELS[metric]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...stats.series].reverse().map((day) => (
            <tr key={day.date} className="border-b last:border-0">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-normal">
                {dayLabel(day.date)}
              </th>
              {DASHBOARD_METRICS.map((metric) => (
                <td key={metric} className="px-3 py-1.5 text-right tabular-nums">
                  {numbers.format(day[metric])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {(['current', 'previous'] as const).map((period) => (
            <tr key={period} className="border-t font-medium">
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left">
                {period === 'current' ? 'This period' : `Previous ${stats.days} days`}
              </th>
              {stats.totals.map((total) => (
                <td key={total.metric} className="px-3 py-1.5 text-right tabular-nums">
                  {numbers.format(total[period])}
                </td>
              ))}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
