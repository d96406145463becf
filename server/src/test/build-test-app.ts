import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app.js';
import { DEFAULT_RATE_LIMITS, parseConfig, type Config, type RateLimits } from '../config.js';
import { createDatabase, type DatabaseOptions } from '../db/client.js';
import type { PhotoAnalyzer } from '../modules/analysis/engine/types.js';
import { createTestDatabase } from './database.js';
import { startSmtpListener, type SmtpListener } from './smtp.js';

export interface TestApp {
  app: App;
  config: Config;
  smtp: SmtpListener;
  close(): Promise<void>;
}

/** Limits high enough that ordinary tests never meet them; rate-limit tests pass their own. */
const RELAXED_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginPerIp: 1000,
  loginFailuresPerAddress: 1000,
  loginBackoffAfter: 1000,
  registerPerIp: 1000,
  mailPerIp: 1000,
  mailPerAddress: 1000,
  uploadsPerUser: 1000,
  chatMessagesPerUser: 1000,
  chatRequestsPerUser: 1000,
  commentsPerUser: 1000,
  ratingsPerUser: 1000,
  followsPerUser: 1000,
  tapsPerUser: 1000,
};

/**
 * The real app over a fresh migrated database (in-memory PGlite, or a new database on the
 * DATABASE_URL server), mailing a real SMTP listener. Redis is used when REDIS_URL is set.
 */
export async function buildTestApp(
  options: {
    rateLimits?: Partial<RateLimits>;
    env?: Record<string, string>;
    webDistDir?: string;
    /** Serves this text as the web build's index.html (from a folder of the test's own). */
    webShell?: string;
    /** Receives the app's log lines (JSON) instead of standard output; set `env.LOG_LEVEL` to hear them. */
    logStream?: { write(line: string): void };
    /** The photo analysis engine: by default none (analysis off, no model loaded); tests of it pass a fake. */
    analyzer?: PhotoAnalyzer;
    /**
     * Pool settings (PostgreSQL only). `throughUrl`: connect through that server (PgBouncer) to
     * the test database; `replicaServerUrl`: a standby of DATABASE_URL's server, read from the test
     * database's copy there (record 0043).
     */
    database?: { throughUrl?: string; replicaServerUrl?: string } & Pick<
      DatabaseOptions,
      'pooler' | 'statementTimeoutMs' | 'poolSize' | 'replicaMaxLagMs' | 'replicaPollMs' | 'connectTimeoutMs'
    >;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plates-test-'));
  const shellDir = path.join(dataDir, 'web-shell');
  if (options.webShell !== undefined) {
    await mkdir(shellDir);
    await writeFile(path.join(shellDir, 'index.html'), options.webShell);
  }
  const testDb = await createTestDatabase();
  const smtp = await startSmtpListener();
  const config: Config = {
    ...parseConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:5000',
      SMTP_URL: smtp.url,
      REDIS_URL: process.env.REDIS_URL,
      ...options.env,
    }),
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    webDistDir: options.webDistDir ?? (options.webShell !== undefined ? shellDir : path.join(dataDir, 'no-web-build')),
  };
  const { throughUrl, replicaServerUrl, ...pool } = options.database ?? {};
  /** `server`'s host, port and credentials with the test database's name. */
  const onServer = (server: string | undefined) => {
    if (!server || !testDb.databaseUrl) return undefined;
    const url = new URL(server);
    url.pathname = new URL(testDb.databaseUrl).pathname;
    return url.toString();
  };
  const replicaUrl = onServer(replicaServerUrl);
  if (pool.replicaMaxLagMs !== undefined) config.replicaMaxLagMs = pool.replicaMaxLagMs;
  const database = await createDatabase({
    databaseUrl: onServer(throughUrl) ?? testDb.databaseUrl,
    pgliteSnapshot: testDb.pgliteSnapshot,
    statementTimeoutMs: config.statementTimeoutMs,
    ...pool,
    ...(replicaUrl ? { replicaUrl } : {}),
  });
  const app = await buildApp(config, {
    database,
    rateLimitNamespace: `test-${randomBytes(6).toString('hex')}`,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    analyzer: options.analyzer ?? false,
    analysisBusyRetryMs: 20,
    analysisBackfillWaitMs: 20,
  });
  return {
    app,
    config,
    smtp,
    async close() {
      await app.close();
      await database.close();
      await testDb.cleanup();
      await smtp.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
