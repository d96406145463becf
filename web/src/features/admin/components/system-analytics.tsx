import type { TrafficReport } from '@plates/common';
import { Activity, BarChart3, ListOrdered, PieChart } from 'lucide-react';
import { formatClockTime } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { formatCount, formatPercent } from '../lib/system-format';
import { EmptyState } from './query-states';
import { RouteName, Section, Stat, TableFrame, td, th } from './system-parts';

const TOP_ROUTES = 10;

/** The Analytics tab: how much is asked of the service and how much of it fails. */
export function SystemAnalytics({ traffic }: { traffic: TrafficReport }) {
  if (traffic.total === 0) {
    return <EmptyState icon={Activity}>No requests measured in the last hour yet.</EmptyState>;
  }
  const minutes = traffic.perMinute;
  // the current minute is still filling: the rate is read from the last full one
  const lastFull = minutes.at(-2) ?? minutes.at(-1)!;
  const perMinute = traffic.total / traffic.windowMinutes;
  const mix = traffic.statusMix;
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Requests (last hour)" value={formatCount(traffic.total)} hint={`${perMinute.toFixed(1)} a minute on average`} />
        <Stat label="Request rate" value={`${formatCount(lastFull.count)}/min`} hint={`In the minute from ${formatClockTime(lastFull.minute)}`} />
        <Stat label="Error rate (5xx)" value={formatPercent(traffic.errorRate)} hint={`${formatCount(mix.serverError)} server errors`} tone={traffic.errorRate > 0.01 ? 'bad' : undefined} />
        <Stat label="Client errors (4xx)" value={formatPercent(traffic.clientErrorRate)} hint={`${formatCount(mix.clientError)} refused or not found`} />
      </div>
      <Section title="Requests per minute" icon={BarChart3} description="Every instance together, the last 60 minutes; server errors in red.">
        <MinuteBars minutes={minutes} />
      </Section>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section title="Top routes by volume" icon={ListOrdered}>
          <TableFrame label="Top routes by volume">
            <thead>
              <tr>
                <th scope="col" className={th}>Route</th>
                <th scope="col" className={cn(th, 'text-right')}>Requests</th>
                <th scope="col" className={cn(th, 'text-right')}>Share</th>
                <th scope="col" className={cn(th, 'text-right')}>4xx</th>
                <th scope="col" className={cn(th, 'text-right')}>5xx</th>
              </tr>
            </thead>
            <tbody>
              {traffic.routes.slice(0, TOP_ROUTES).map((r) => (
                <tr key={`${r.method} ${r.route}`}>
                  <th scope="row" className={cn(td, 'text-left font-normal')}>
                    <RouteName method={r.method} route={r.route} />
                  </th>
                  <td className={cn(td, 'text-right')}>{formatCount(r.count)}</td>
                  <td className={cn(td, 'text-right')}>{formatPercent(r.count / traffic.total)}</td>
                  <td className={cn(td, 'text-right')}>{formatCount(r.clientErrors)}</td>
                  <td className={cn(td, 'text-right', r.serverErrors > 0 && 'font-semibold text-destructive')}>{formatCount(r.serverErrors)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        </Section>
        <Section title="Status mix" icon={PieChart}>
          <ul className="grid gap-3">
            {(
              [
                ['Success (1xx, 2xx)', mix.success, 'bg-success'],
                ['Redirects (3xx)', mix.redirect, 'bg-primary'],
                ['Client errors (4xx)', mix.clientError, 'bg-warning'],
                ['Server errors (5xx)', mix.serverError, 'bg-destructive'],
              ] as const
            ).map(([label, count, colour]) => (
              <li key={label} className="grid gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span>{label}</span>
                  <span className="font-medium tabular-nums">
                    {formatCount(count)} · {formatPercent(count / traffic.total)}
                  </span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className={cn('h-full rounded-full', colour)} style={{ width: `${(count / traffic.total) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  );
}

/** A bar per minute (plain boxes, no charting library), described in words for screen readers. */
function MinuteBars({ minutes }: { minutes: TrafficReport['perMinute'] }) {
  const peak = minutes.reduce((best, m) => (m.count > best.count ? m : best), minutes[0]!);
  const max = Math.max(1, peak.count);
  const description = `Busiest minute: ${formatCount(peak.count)} requests from ${formatClockTime(peak.minute)}.`;
  return (
    <div className="grid gap-2">
      <div role="img" aria-label={`Requests per minute over the last hour. ${description}`} className="flex h-28 items-end gap-px">
        {minutes.map((m) => (
          <div key={m.minute} className="relative flex h-full flex-1 flex-col justify-end" title={`${formatClockTime(m.minute)}: ${m.count} requests, ${m.serverErrors} server errors`}>
            <div className="w-full rounded-t-sm bg-primary/70" style={{ height: `${(m.count / max) * 100}%` }}>
              {m.serverErrors > 0 ? <div className="w-full rounded-t-sm bg-destructive" style={{ height: `${(m.serverErrors / Math.max(1, m.count)) * 100}%` }} /> : null}
            </div>
          </div>
        ))}
      </div>
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{formatClockTime(minutes[0]!.minute)}</span>
        <span>now</span>
      </div>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
