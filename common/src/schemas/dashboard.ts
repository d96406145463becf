import { z } from 'zod';

/**
 * The admin dashboard (issue 16, `GET /api/admin/stats`): daily figures of the last 7, 30 or 90
 * days in UTC, each period's totals beside the previous period of the same length, and the age of
 * the oldest item in each moderation queue. Decision record 0028.
 */

/** The periods the dashboard offers, in days; anything else is refused. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_DEFAULT_DAYS: DashboardPeriod = 30;

export const DASHBOARD_MESSAGES = {
  badDays: 'Days must be 7, 30 or 90.',
} as const;

/** The daily figures, in the order the dashboard shows them, with their labels. */
export const DASHBOARD_METRICS = [
  'signUps',
  'activeMembers',
  'platesPosted',
  'platesApproved',
  'ratings',
  'comments',
  'chatMessages',
  'reportsOpened',
  'reportsResolved',
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

export const DASHBOARD_METRIC_LABELS: Record<DashboardMetric, string> = {
  signUps: 'Sign-ups',
  activeMembers: 'Active members',
  platesPosted: 'Plates posted',
  platesApproved: 'Plates approved',
  ratings: 'Ratings',
  comments: 'Comments',
  chatMessages: 'Chat messages',
  reportsOpened: 'Reports opened',
  reportsResolved: 'Reports resolved',
};

/** The moderation queues whose oldest item the dashboard shows. */
export const DASHBOARD_QUEUES = ['pending_posts', 'reports', 'appeals', 'verification_requests'] as const;
export type DashboardQueue = (typeof DASHBOARD_QUEUES)[number];

export const StatsQuery = z.object({
  days: z
    .enum(DASHBOARD_PERIODS.map(String) as ['7', '30', '90'], { error: DASHBOARD_MESSAGES.badDays })
    .default(String(DASHBOARD_DEFAULT_DAYS) as '30')
    .transform((days) => Number(days) as DashboardPeriod),
});
export type StatsQuery = z.input<typeof StatsQuery>;

const Count = z.number().int().nonnegative();
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One UTC day's figures. */
export const StatsDay = z.object({ date: Day, ...Object.fromEntries(DASHBOARD_METRICS.map((m) => [m, Count])) } as {
  date: typeof Day;
} & Record<DashboardMetric, typeof Count>);
export type StatsDay = z.infer<typeof StatsDay>;

/** A figure over the whole period and over the period of the same length just before it. */
export const StatsTotal = z.object({ metric: z.enum(DASHBOARD_METRICS), current: Count, previous: Count });
export type StatsTotal = z.infer<typeof StatsTotal>;

export const StatsQueue = z.object({
  queue: z.enum(DASHBOARD_QUEUES),
  /** Items waiting now. */
  count: Count,
  /** When the oldest waiting item entered the queue; null when the queue is empty. */
  oldestAt: z.string().nullable(),
  /** Its age in seconds at `generatedAt`; null when the queue is empty. */
  oldestAgeSeconds: Count.nullable(),
});
export type StatsQueue = z.infer<typeof StatsQueue>;

export const StatsResponse = z.object({
  days: z.number().int(),
  /** First and last day of the period (UTC dates, the last is today). */
  from: Day,
  to: Day,
  generatedAt: z.string(),
  /** One entry per day, oldest first, days without activity as zeros. */
  series: z.array(StatsDay),
  /** In DASHBOARD_METRICS order. Active members are distinct members over the period, not a sum of days. */
  totals: z.array(StatsTotal),
  queues: z.array(StatsQueue),
});
export type StatsResponse = z.infer<typeof StatsResponse>;
