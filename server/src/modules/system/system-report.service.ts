import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { DatabaseHealth, InstanceReport, RedisHealth, SystemReport, UploadsUsage } from '@plates/common';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { cachedFor, directoryUsage } from './disk-usage.js';
import type { InstanceRegistry, InstanceSnapshot } from './instance-registry.js';
import { requestsIn, trafficReport, type RequestMetrics } from './request-metrics.js';
import type { SystemRepository } from './system.repository.js';

/** The server package's version, read once. */
export const SERVER_VERSION: string = (() => {
  const json = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof json.version === 'string' ? json.version : 'unknown';
})();

/** Uploads are measured at most this often (a walk over every file). */
const UPLOADS_TTL_MS = 60_000;
const BIGGEST_TABLES = 8;

/** This process's snapshot: what it is, what it holds open and runs, and its request window. */
export function processSnapshot(deps: {
  id: string;
  startedAt: number;
  metrics: RequestMetrics;
  sockets: () => number;
  jobs: Pick<Jobs, 'stats'>;
  now?: () => number;
}): () => InstanceSnapshot {
  const now = deps.now ?? Date.now;
  return () => {
    const memory = process.memoryUsage();
    const at = now();
    return {
      id: deps.id,
      version: SERVER_VERSION,
      node: process.version,
      startedAt: deps.startedAt,
      uptimeSeconds: Math.max(0, Math.round((at - deps.startedAt) / 1000)),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      sockets: deps.sockets(),
      jobs: deps.jobs.stats(),
      window: deps.metrics.window(),
      at,
    };
  };
}

export function createSystemReportService(deps: {
  repo: SystemRepository;
  database: Pick<Database, 'kind' | 'ping'>;
  redis?: Redis | undefined;
  registry: Pick<InstanceRegistry, 'all'>;
  /** Local uploads are measured under `dir`; S3's are not (listing a bucket costs requests and money). */
  uploads: { driver: 'local'; dir: string } | { driver: 's3' };
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const uploadsDir = deps.uploads.driver === 'local' ? deps.uploads.dir : undefined;
  const measureUploads = uploadsDir ? cachedFor(UPLOADS_TTL_MS, () => directoryUsage(uploadsDir), now) : undefined;

  async function database(): Promise<DatabaseHealth> {
    const started = performance.now();
    try {
      await deps.database.ping();
    } catch {
      return { kind: deps.database.kind, ok: false, latencyMs: null, sizeBytes: null, tables: [] };
    }
    const latencyMs = round(performance.now() - started);
    const [sizeBytes, tables] = await Promise.all([
      deps.repo.databaseBytes().catch(() => null),
      deps.repo.biggestTables(BIGGEST_TABLES).catch(() => []),
    ]);
    return {
      kind: deps.database.kind,
      ok: true,
      latencyMs,
      sizeBytes,
      tables: tables.map((t) => ({ name: t.name, rowEstimate: t.rows >= 0 ? Math.round(t.rows) : null, bytes: t.bytes })),
    };
  }

  async function redis(): Promise<RedisHealth | null> {
    if (!deps.redis) return null;
    const started = performance.now();
    try {
      await deps.redis.ping();
      const latencyMs = round(performance.now() - started);
      const info = await deps.redis.info('memory');
      const used = /^used_memory:(\d+)/m.exec(info);
      return { ok: true, latencyMs, usedMemoryBytes: used ? Number(used[1]) : null };
    } catch {
      return { ok: false, latencyMs: null, usedMemoryBytes: null };
    }
  }

  async function uploads(): Promise<UploadsUsage> {
    if (!measureUploads) return { driver: 's3', bytes: null, files: null, measuredAt: null };
    const measured = measureUploads();
    try {
      const { bytes, files } = await measured.value;
      return { driver: 'local', bytes, files, measuredAt: new Date(measured.at).toISOString() };
    } catch {
      return { driver: 'local', bytes: null, files: null, measuredAt: null };
    }
  }

  return {
    async report(): Promise<SystemReport> {
      const [{ self, others }, db, cache, stored] = await Promise.all([deps.registry.all(), database(), redis(), uploads()]);
      const snapshots = [self, ...others];
      const at = now();
      return {
        generatedAt: new Date(at).toISOString(),
        traffic: trafficReport(
          snapshots.map((s) => s.window),
          at,
        ),
        instances: snapshots.map((s): InstanceReport => ({
          id: s.id,
          self: s === self,
          version: s.version,
          node: s.node,
          startedAt: new Date(s.startedAt).toISOString(),
          uptimeSeconds: s.uptimeSeconds,
          rssBytes: s.rssBytes,
          heapUsedBytes: s.heapUsedBytes,
          sockets: s.sockets,
          jobs: s.jobs,
          requests: requestsIn(s.window),
          reportedAt: new Date(s.at).toISOString(),
        })),
        database: db,
        redis: cache,
        uploads: stored,
      };
    },
  };
}

export type SystemReportService = ReturnType<typeof createSystemReportService>;

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
