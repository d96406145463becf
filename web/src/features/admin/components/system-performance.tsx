import type { RouteStats, SystemReport } from '@plates/common';
import { ArrowDown, ArrowUp, ArrowUpDown, Database, Gauge, HardDrive, Layers, Server, Snail, Zap } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { formatBytes, formatCount, formatMs, formatUptime } from '../lib/system-format';
import { EmptyState } from './query-states';
import { Facts, RouteName, Section, TableFrame, td, th } from './system-parts';

const SLOWEST = 5;

/** The Performance tab: latency per route, and the health of everything the service stands on. */
export function SystemPerformance({ report }: { report: SystemReport }) {
  const { traffic } = report;
  const slowest = [...traffic.routes].sort((a, b) => b.p95Ms - a.p95Ms).slice(0, SLOWEST);
  return (
    <div className="grid gap-4">
      <HealthCards report={report} />
      {traffic.routes.length === 0 ? (
        <EmptyState icon={Gauge}>No requests measured in the last hour yet.</EmptyState>
      ) : (
        <>
          <Section title="Slowest routes" icon={Snail} description="By 95th percentile over the last hour.">
            <ol className="grid gap-2">
              {slowest.map((r) => (
                <li key={`${r.method} ${r.route}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2">
                  <RouteName method={r.method} route={r.route} />
                  <span className="text-sm tabular-nums">
                    <span className="font-semibold">p95 {formatMs(r.p95Ms)}</span>
                    <span className="text-muted-foreground"> · p99 {formatMs(r.p99Ms)} · {formatCount(r.count)} requests</span>
                  </span>
                </li>
              ))}
            </ol>
          </Section>
          <Section
            title="Latency by route"
            icon={Zap}
            description="The server's own measurements over the last hour, every instance together; percentiles are read from log-scale buckets (within 19%)."
          >
            <RouteTable routes={traffic.routes} />
          </Section>
        </>
      )}
      <Instances report={report} />
    </div>
  );
}

type SortKey = 'route' | 'count' | 'p50Ms' | 'p95Ms' | 'p99Ms' | 'maxMs' | 'serverErrors';
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'route', label: 'Route' },
  { key: 'count', label: 'Requests' },
  { key: 'p50Ms', label: 'p50' },
  { key: 'p95Ms', label: 'p95' },
  { key: 'p99Ms', label: 'p99' },
  { key: 'maxMs', label: 'Max' },
  { key: 'serverErrors', label: '5xx' },
];

/** Every route with its percentiles; a column's heading sorts by it (again: the other way). */
export function RouteTable({ routes }: { routes: RouteStats[] }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'p95Ms', descending: true });
  const sorted = [...routes].sort((a, b) => {
    const order = sort.key === 'route' ? `${a.route} ${a.method}`.localeCompare(`${b.route} ${b.method}`) : a[sort.key] - b[sort.key];
    return sort.descending ? -order : order;
  });
  return (
    <TableFrame label="Latency by route">
      <thead>
        <tr>
          {COLUMNS.map((column) => {
            const active = sort.key === column.key;
            const Icon = active ? (sort.descending ? ArrowDown : ArrowUp) : ArrowUpDown;
            return (
              <th
                key={column.key}
                scope="col"
                className={cn(th, 'p-0', column.key !== 'route' && 'text-right')}
                aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
              >
                <button
                  type="button"
                  className={cn(
                    'inline-flex w-full items-center gap-1 px-3 py-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                    column.key !== 'route' && 'justify-end',
                    active && 'text-foreground',
                  )}
                  onClick={() => setSort(active ? { key: column.key, descending: !sort.descending } : { key: column.key, descending: column.key !== 'route' })}
                >
                  {column.label}
                  <Icon className="size-3.5" aria-hidden="true" />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {sorted.map((r) => (
          <tr key={`${r.method} ${r.route}`}>
            <th scope="row" className={cn(td, 'text-left font-normal')}>
              <RouteName method={r.method} route={r.route} />
            </th>
            <td className={cn(td, 'text-right')}>{formatCount(r.count)}</td>
            <td className={cn(td, 'text-right')}>{formatMs(r.p50Ms)}</td>
            <td className={cn(td, 'text-right font-semibold')}>{formatMs(r.p95Ms)}</td>
            <td className={cn(td, 'text-right')}>{formatMs(r.p99Ms)}</td>
            <td className={cn(td, 'text-right')}>{formatMs(r.maxMs)}</td>
            <td className={cn(td, 'text-right', r.serverErrors > 0 && 'font-semibold text-destructive')}>{formatCount(r.serverErrors)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

function Health({ ok, children }: { ok: boolean; children?: string }) {
  return <Badge variant={ok ? 'success' : 'warning'}>{children ?? (ok ? 'Healthy' : 'Unreachable')}</Badge>;
}

function HealthCards({ report }: { report: SystemReport }) {
  const { database, redis, uploads } = report;
  const self = report.instances.find((i) => i.self) ?? report.instances[0];
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Section title="Database" icon={Database}>
        <div>
          <Health ok={database.ok} />
        </div>
        <Facts
          items={[
            ['Engine', database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'],
            ['Round trip (select 1)', formatMs(database.latencyMs)],
            ['Size', formatBytes(database.sizeBytes)],
          ]}
        />
        {database.tables.length > 0 ? (
          <TableFrame label="Biggest tables">
            <thead>
              <tr>
                <th scope="col" className={th}>Table</th>
                <th scope="col" className={cn(th, 'text-right')}>Rows (est.)</th>
                <th scope="col" className={cn(th, 'text-right')}>Size</th>
              </tr>
            </thead>
            <tbody>
              {database.tables.map((t) => (
                <tr key={t.name}>
                  <th scope="row" className={cn(td, 'text-left font-mono text-xs font-normal')}>{t.name}</th>
                  <td className={cn(td, 'text-right')}>{t.rowEstimate === null ? '—' : formatCount(t.rowEstimate)}</td>
                  <td className={cn(td, 'text-right')}>{formatBytes(t.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        ) : null}
      </Section>
      <div className="grid content-start gap-4">
        <Section title="Redis" icon={Layers}>
          {redis ? (
            <>
              <div>
                <Health ok={redis.ok} />
              </div>
              <Facts
                items={[
                  ['Round trip (PING)', formatMs(redis.latencyMs)],
                  ['Memory used', formatBytes(redis.usedMemoryBytes)],
                ]}
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Not configured: one instance, with its state in memory.</p>
          )}
        </Section>
        <Section title="Uploads" icon={HardDrive}>
          {uploads.driver === 's3' ? (
            <p className="text-sm text-muted-foreground">Stored in S3: not measured here (listing the bucket costs requests).</p>
          ) : (
            <Facts
              items={[
                ['Storage used', formatBytes(uploads.bytes)],
                ['Files', uploads.files === null ? '—' : formatCount(uploads.files)],
              ]}
            />
          )}
        </Section>
        {self ? (
          <Section title="Service" icon={Server}>
            <Facts
              items={[
                ['Version', self.version],
                ['Uptime', formatUptime(self.uptimeSeconds)],
                ['Node.js', self.node],
                ['Memory (RSS)', formatBytes(self.rssBytes)],
              ]}
            />
          </Section>
        ) : null}
      </div>
    </div>
  );
}

function Instances({ report }: { report: SystemReport }) {
  const sockets = report.instances.reduce((n, i) => n + i.sockets, 0);
  return (
    <Section
      title={`Instances (${report.instances.length})`}
      icon={Server}
      description={`${formatCount(sockets)} realtime connections in all. Each instance counts its own sockets and runs its own background jobs.`}
    >
      <ul className="grid gap-3 md:grid-cols-2">
        {report.instances.map((instance) => {
          const running = instance.jobs.reduce((n, j) => n + j.running, 0);
          return (
            <li key={instance.id} className="grid gap-2 rounded-lg border p-3">
              <p className="flex flex-wrap items-center gap-2 font-mono text-xs">
                {instance.id}
                {instance.self ? <Badge variant="secondary">answering</Badge> : null}
              </p>
              <Facts
                items={[
                  ['Sockets', formatCount(instance.sockets)],
                  ['Requests (last hour)', formatCount(instance.requests)],
                  ['Uptime', formatUptime(instance.uptimeSeconds)],
                  ['Memory (RSS)', formatBytes(instance.rssBytes)],
                  ['Version', `${instance.version} · Node ${instance.node}`],
                  ['Jobs running', formatCount(running)],
                ]}
              />
              {instance.jobs.length > 0 ? (
                <TableFrame label={`Background jobs of ${instance.id}`}>
                  <thead>
                    <tr>
                      <th scope="col" className={th}>Job</th>
                      <th scope="col" className={cn(th, 'text-right')}>Queued</th>
                      <th scope="col" className={cn(th, 'text-right')}>Done</th>
                      <th scope="col" className={cn(th, 'text-right')}>Failed</th>
                    </tr>
                  </thead>
                  <tbody>
                    {instance.jobs.map((job) => (
                      <tr key={job.name}>
                        <th scope="row" className={cn(td, 'text-left font-mono text-xs font-normal')}>{job.name}</th>
                        <td className={cn(td, 'text-right')}>{formatCount(job.running)}</td>
                        <td className={cn(td, 'text-right')}>{formatCount(job.done)}</td>
                        <td className={cn(td, 'text-right', job.failed > 0 && 'font-semibold text-destructive')}>{formatCount(job.failed)}</td>
                      </tr>
                    ))}
                  </tbody>
                </TableFrame>
              ) : (
                <p className="text-sm text-muted-foreground">No background jobs have run yet.</p>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
