import { z } from 'zod';

/**
 * `GET /api/admin/system` (issue 16, /admin/system): how the running service is doing, from its
 * own measurements over the last hour (every instance's, merged), and the health and size of what
 * it stands on. Nothing secret: no addresses, no credentials.
 */

/** Tabs of /admin/system; /admin/analytics and /admin/performance lead to theirs. */
export const SYSTEM_TABS = ['analytics', 'performance'] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number];

/** How often the page asks again while it is visible. */
export const SYSTEM_REFRESH_MS = 15_000;

const Ms = z.number().nonnegative();
const Count = z.number().int().nonnegative();

/** One route pattern (never the raw address) over the window, on every instance together. */
export const RouteStats = z.object({
  method: z.string(),
  /** The route's pattern as registered (`/api/posts/:id`), or `(unmatched)` for a 404 without a route. */
  route: z.string(),
  count: Count,
  clientErrors: Count,
  serverErrors: Count,
  meanMs: Ms,
  maxMs: Ms,
  /** From a log-scale histogram: the upper bound of the bucket holding the percentile (at most maxMs). */
  p50Ms: Ms,
  p95Ms: Ms,
  p99Ms: Ms,
});
export type RouteStats = z.infer<typeof RouteStats>;

export const MinuteStats = z.object({
  /** The minute's start (ISO). */
  minute: z.string(),
  count: Count,
  clientErrors: Count,
  serverErrors: Count,
});
export type MinuteStats = z.infer<typeof MinuteStats>;

export const TrafficReport = z.object({
  windowMinutes: z.number().int().positive(),
  total: Count,
  /** Requests answered 1xx/2xx, 3xx, 4xx and 5xx. */
  statusMix: z.object({ success: Count, redirect: Count, clientError: Count, serverError: Count }),
  /** Share of requests answered 5xx (0..1); 0 when there were none. */
  errorRate: z.number().min(0).max(1),
  clientErrorRate: z.number().min(0).max(1),
  /** Every minute of the window, oldest first (empty minutes as zeros). */
  perMinute: z.array(MinuteStats),
  /** Every route seen in the window, busiest first. */
  routes: z.array(RouteStats),
});
export type TrafficReport = z.infer<typeof TrafficReport>;

export const JobDepth = z.object({
  name: z.string(),
  /** Running now (the runner starts work at once, so in flight is its queue). */
  running: Count,
  /** Finished and failed since the instance started. */
  done: Count,
  failed: Count,
});
export type JobDepth = z.infer<typeof JobDepth>;

export const InstanceReport = z.object({
  id: z.string(),
  /** The instance answering this request. */
  self: z.boolean(),
  version: z.string(),
  node: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  rssBytes: Count,
  heapUsedBytes: Count,
  /** Socket.IO connections open on this instance. */
  sockets: Count,
  jobs: z.array(JobDepth),
  /** Requests this instance answered in the window. */
  requests: Count,
  /** When its figures were taken (another instance's are up to a few seconds old). */
  reportedAt: z.string(),
});
export type InstanceReport = z.infer<typeof InstanceReport>;

export const TableSize = z.object({
  name: z.string(),
  /** The planner's estimate; null before the table was first analysed. */
  rowEstimate: Count.nullable(),
  bytes: Count,
});
export type TableSize = z.infer<typeof TableSize>;

export const DatabaseHealth = z.object({
  kind: z.enum(['postgres', 'pglite']),
  ok: z.boolean(),
  /** `select 1`, round trip. */
  latencyMs: Ms.nullable(),
  sizeBytes: Count.nullable(),
  /** The biggest tables, by size on disk with their indexes. */
  tables: z.array(TableSize),
});
export type DatabaseHealth = z.infer<typeof DatabaseHealth>;

export const RedisHealth = z.object({
  ok: z.boolean(),
  latencyMs: Ms.nullable(),
  usedMemoryBytes: Count.nullable(),
});
export type RedisHealth = z.infer<typeof RedisHealth>;

export const UploadsUsage = z.object({
  driver: z.enum(['local', 's3']),
  /** Null when not measured (S3: the bucket is not listed). */
  bytes: Count.nullable(),
  files: Count.nullable(),
  measuredAt: z.string().nullable(),
});
export type UploadsUsage = z.infer<typeof UploadsUsage>;

export const SystemReport = z.object({
  generatedAt: z.string(),
  traffic: TrafficReport,
  instances: z.array(InstanceReport),
  database: DatabaseHealth,
  /** Null when the service runs without Redis (one instance). */
  redis: RedisHealth.nullable(),
  uploads: UploadsUsage,
});
export type SystemReport = z.infer<typeof SystemReport>;

/** A job that failed on every attempt (the dead-letter list of /admin/system, record 0041). */
export const DeadJobDto = z.object({
  id: z.string(),
  kind: z.string(),
  /** What the job was about (ids, a template's name), never a secret or a mail's body. */
  summary: z.string(),
  error: z.string(),
  attempts: Count,
  failedAt: z.string(),
});
export type DeadJobDto = z.infer<typeof DeadJobDto>;

export const DeadJobsResponse = z.object({
  /** Where jobs wait: Redis (BullMQ, shared by every instance) or this process. */
  backend: z.enum(['redis', 'memory']),
  /** Newest first, at most 100. */
  jobs: z.array(DeadJobDto),
});
export type DeadJobsResponse = z.infer<typeof DeadJobsResponse>;

export const DeadJobParams = z.object({ id: z.string().min(1).max(100) });
export type DeadJobParams = z.infer<typeof DeadJobParams>;

export const DeadJobActionResponse = z.object({ id: z.string(), action: z.enum(['retried', 'discarded']) });
export type DeadJobActionResponse = z.infer<typeof DeadJobActionResponse>;

export const JOB_MESSAGES = {
  notFound: 'That job is no longer on the dead-letter list.',
  rateLimited: 'Too many job actions. Please wait a moment and try again.',
} as const;
