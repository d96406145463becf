import {
  DASHBOARD_METRICS,
  DASHBOARD_QUEUES,
  type DashboardMetric,
  type DashboardPeriod,
  type StatsDay,
  type StatsResponse,
} from '@plates/common';
import type { DashboardRepository } from './dashboard.repository.js';

const DAY_MS = 86_400_000;

/** `date`'s UTC day as `YYYY-MM-DD`. */
function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export interface DashboardServiceDeps {
  repo: DashboardRepository;
  now?: () => Date;
}

/**
 * The admin dashboard: the last `days` UTC days (today included, so far) day by day with zeros
 * where nothing happened, each metric's total beside the `days` UTC days before them, and how long
 * the oldest item of each moderation queue has waited.
 */
export function createDashboardService(deps: DashboardServiceDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async stats(days: DashboardPeriod): Promise<StatsResponse> {
      const at = now();
      const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      const start = new Date(today - (days - 1) * DAY_MS); // first day of the period
      const end = new Date(today + DAY_MS); // the end of today
      const previousStart = new Date(start.getTime() - days * DAY_MS);

      const [counts, active, queues] = await Promise.all([
        repo.dailyCounts(previousStart, end),
        repo.activeMembers(previousStart, start, end),
        repo.queues(),
      ]);

      const dates = Array.from({ length: days }, (_, i) => dayKey(new Date(start.getTime() + i * DAY_MS)));
      const byDay = new Map<string, StatsDay>(
        dates.map((date) => [date, { date, ...(Object.fromEntries(DASHBOARD_METRICS.map((m) => [m, 0])) as Record<DashboardMetric, number>) }]),
      );
      const totals = new Map<DashboardMetric, { current: number; previous: number }>(DASHBOARD_METRICS.map((m) => [m, { current: 0, previous: 0 }]));
      const firstDay = dayKey(start);
      for (const row of counts) {
        const total = totals.get(row.metric);
        if (!total) continue;
        if (row.day < firstDay) {
          total.previous += row.n;
          continue;
        }
        total.current += row.n;
        const bucket = byDay.get(row.day);
        if (bucket) bucket[row.metric] += row.n;
      }
      for (const row of active.daily) {
        const bucket = byDay.get(row.day);
        if (bucket) bucket.activeMembers = row.n;
      }
      totals.set('activeMembers', { current: active.current, previous: active.previous });

      return {
        days,
        from: firstDay,
        to: dayKey(new Date(today)),
        generatedAt: at.toISOString(),
        series: dates.map((date) => byDay.get(date)!),
        totals: DASHBOARD_METRICS.map((metric) => ({ metric, ...totals.get(metric)! })),
        queues: DASHBOARD_QUEUES.map((queue) => {
          const { count, oldestAt } = queues[queue];
          return {
            queue,
            count,
            oldestAt: oldestAt?.toISOString() ?? null,
            oldestAgeSeconds: oldestAt ? Math.max(0, Math.floor((at.getTime() - oldestAt.getTime()) / 1000)) : null,
          };
        }),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
