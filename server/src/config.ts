import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one reader of the environment (CONTRACT.md, "Configuration"). Everything else receives the
 * parsed `Config`. A bad value stops start-up with one line naming the variable.
 */

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const urlWithProtocols = (protocols: string[], example: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine((v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      }, `must be a URL like ${example}`)
      .optional(),
  );

const LIMIT_MESSAGE = 'must be a whole number from 1 to 100000';
const perIpLimit = z.preprocess(
  emptyAsUndefined,
  z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100_000, LIMIT_MESSAGE).optional(),
);

const DRAIN_MESSAGE = 'must be a whole number of milliseconds from 0 to 600000';
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

const Env = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(5000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().trim().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/db'),
  /** A streaming standby of DATABASE_URL's server answering the read-heavy routes (record 0043). */
  DATABASE_REPLICA_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:pass@replica:5432/db'),
  /** Reads go to the primary while the replica lags more than this. */
  DATABASE_REPLICA_MAX_LAG_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 600000' })
      .int('must be a whole number of milliseconds from 100 to 600000')
      .min(100, 'must be a whole number of milliseconds from 100 to 600000')
      .max(600_000, 'must be a whole number of milliseconds from 100 to 600000')
      .default(5000),
  ),
  /** Connections per pool; default 2 × cores + 1, at least 10 (db/client.ts `defaultPoolSize`). */
  DATABASE_POOL_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 1000' })
      .int('must be a whole number from 1 to 1000')
      .min(1, 'must be a whole number from 1 to 1000')
      .max(1000, 'must be a whole number from 1 to 1000')
      .optional(),
  ),
  /** Any statement running longer is cancelled and the request answered 503; 0 turns it off. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of milliseconds from 0 to 3600000' })
      .int('must be a whole number of milliseconds from 0 to 3600000')
      .min(0, 'must be a whole number of milliseconds from 0 to 3600000')
      .max(3_600_000, 'must be a whole number of milliseconds from 0 to 3600000')
      .default(30_000),
  ),
  /** What DATABASE_URL points at: the server itself (unset) or PgBouncer in transaction mode. */
  DATABASE_POOLER: z.preprocess(
    emptyAsUndefined,
    z.enum(['none', 'pgbouncer-transaction'], { error: 'must be none or pgbouncer-transaction' }).default('none'),
  ),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://host:6379'),
  /** Prefix of every Redis key and channel, so that several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
      .default('plates'),
  ),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587'),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'https://plates.example'),
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://s3.example.com'),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Sign-ups allowed per IP address an hour; raised by test rigs that register many members from one address. */
  REGISTER_LIMIT_PER_IP: perIpLimit,
  /**
   * Sign-in attempts (right or wrong, any accounts) allowed per IP address in 15 minutes; raised by
   * test rigs likewise. Failures per account are limited apart (RateLimits.loginFailuresPerAddress).
   */
  LOGIN_LIMIT_PER_IP: perIpLimit,
  /**
   * Proxies whose X-Forwarded-For is believed: a comma-separated list of addresses, CIDR ranges or
   * the names loopback, linklocal, uniquelocal. Unset: the socket's address is the client's.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => v.split(',').every((part) => isTrustedProxyEntry(part.trim())),
        'must be a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
      )
      .optional(),
  ),
  /** On SIGTERM: how long readiness answers 503 while this instance still serves, so a proxy stops sending it work. */
  DRAIN_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: DRAIN_MESSAGE }).int(DRAIN_MESSAGE).min(0, DRAIN_MESSAGE).max(600_000, DRAIN_MESSAGE).default(0),
  ),
  /** On SIGTERM: how long in-flight requests and jobs may take to finish before the process gives up (exit 1). */
  DRAIN_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: DRAIN_MESSAGE }).int(DRAIN_MESSAGE).min(0, DRAIN_MESSAGE).max(600_000, DRAIN_MESSAGE).default(10_000),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

/** How many attempts each sensitive action allows, per window. */
export interface RateLimits {
  /** Sign-in attempts per IP address and window, whatever the account (credential stuffing). */
  loginPerIp: number;
  /**
   * Failed sign-ins per account and address (or per account and known device) and window; a
   * successful sign-in from there clears them. Strangers' failures elsewhere never count here.
   */
  loginFailuresPerAddress: number;
  loginWindowMs: number;
  /**
   * Failed sign-ins on one account, from anywhere, before an unknown device on an unknown address
   * must wait: 1, 2, 4, … × loginBackoffBaseMs per further failure, at most loginBackoffMaxMs. A
   * known device or address with the right password is never held back.
   */
  loginBackoffAfter: number;
  loginBackoffBaseMs: number;
  loginBackoffMaxMs: number;
  /** How long an account's failures are counted for the back-off (from the first one). */
  loginFailureMemoryMs: number;
  registerPerIp: number;
  registerWindowMs: number;
  mailPerIp: number;
  mailPerAddress: number;
  mailWindowMs: number;
  /** Reports a signed-in user may file per window. */
  reportsPerUser: number;
  reportWindowMs: number;
  uploadsPerUser: number;
  uploadWindowMs: number;
  /** Chat messages a signed-in user may send per window. */
  chatMessagesPerUser: number;
  chatMessageWindowMs: number;
  /** Chat requests a signed-in user may send per window (each to a different person: spam). */
  chatRequestsPerUser: number;
  chatRequestWindowMs: number;
  /** Comments (through the rate call) and replies a signed-in user may write per window, together. */
  commentsPerUser: number;
  commentWindowMs: number;
  /** Star ratings (a re-rating too) a signed-in user may give per window. */
  ratingsPerUser: number;
  ratingWindowMs: number;
  /** Follows, unfollows and cancelled follow requests a signed-in user may make per window, together. */
  followsPerUser: number;
  followWindowMs: number;
  /**
   * Other repeatable taps per signed-in user and window, together: hearts on comments and replies,
   * saves, blocks and unblocks, answers to follow requests, reactions in chat.
   */
  tapsPerUser: number;
  tapWindowMs: number;
  /** Changes one staff member may make in the admin area per window (a queue cleared fast still fits). */
  adminWritesPerUser: number;
  adminWriteWindowMs: number;
  /** Photos a signed-in member may have analysed per window (the upload dialog; record 0038). */
  analysesPerUser: number;
  analysisWindowMs: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: 30,
  loginFailuresPerAddress: 10,
  loginWindowMs: 15 * 60_000,
  loginBackoffAfter: 5,
  loginBackoffBaseMs: 1000,
  loginBackoffMaxMs: 15 * 60_000,
  loginFailureMemoryMs: 24 * 60 * 60_000,
  registerPerIp: 10,
  registerWindowMs: 60 * 60_000,
  mailPerIp: 10,
  mailPerAddress: 3,
  mailWindowMs: 60 * 60_000,
  reportsPerUser: 20,
  reportWindowMs: 60 * 60_000,
  uploadsPerUser: 30,
  uploadWindowMs: 60 * 60_000,
  chatMessagesPerUser: 60,
  chatMessageWindowMs: 60_000,
  chatRequestsPerUser: 20,
  chatRequestWindowMs: 60 * 60_000,
  commentsPerUser: 30,
  commentWindowMs: 10 * 60_000,
  ratingsPerUser: 60,
  ratingWindowMs: 10 * 60_000,
  followsPerUser: 100,
  followWindowMs: 10 * 60_000,
  tapsPerUser: 300,
  tapWindowMs: 10 * 60_000,
  adminWritesPerUser: 300,
  adminWriteWindowMs: 10 * 60_000,
  analysesPerUser: 60,
  analysisWindowMs: 10 * 60_000,
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The read replica's connection string (needs databaseUrl). */
  databaseReplicaUrl: string | undefined;
  /** Reads go to the primary while the replica lags more than this (ms). */
  replicaMaxLagMs: number;
  /** Connections per pool; undefined: the default from the cores. */
  databasePoolSize: number | undefined;
  /** Statement timeout in ms; 0: none. */
  statementTimeoutMs: number;
  /** PgBouncer in transaction mode in front of the database (statements unnamed). */
  databasePooler: 'pgbouncer-transaction' | undefined;
  redisUrl: string | undefined;
  /** Prefix of Redis keys and channels (rate limits, presence, the Socket.IO adapter). */
  redisPrefix: string;
  smtpUrl: string | undefined;
  appUrl: string;
  admin: { username: string; email: string; password: string } | undefined;
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none, the socket's address counts. */
  trustProxy: string[];
  /** Graceful drain on SIGTERM (record 0042). */
  drain: { delayMs: number; timeoutMs: number };
  rateLimits: RateLimits;
  /** Folder of the built web app; not served when it does not exist. */
  webDistDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ALL_OR_NONE = {
  admin: ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'],
  s3: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
} as const;

/** Parses the environment once. Throws a `ConfigError` whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'bad value'} (got "${env[variable] ?? ''}")`);
  }
  const e = parsed.data;
  for (const names of Object.values(ALL_OR_NONE)) {
    const set = names.filter((n) => e[n] !== undefined);
    if (set.length > 0 && set.length < names.length) {
      const missing = names.filter((n) => e[n] === undefined);
      throw new ConfigError(`Invalid ${missing[0]}: ${names.join(', ')} must be set together (missing ${missing.join(', ')})`);
    }
  }
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < 8) {
    throw new ConfigError('Invalid ADMIN_PASSWORD: must be at least 8 characters');
  }
  if (e.ADMIN_EMAIL !== undefined && !z.email().safeParse(e.ADMIN_EMAIL).success) {
    throw new ConfigError(`Invalid ADMIN_EMAIL: must be an email address (got "${e.ADMIN_EMAIL}")`);
  }
  if (e.DATABASE_REPLICA_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError('Invalid DATABASE_REPLICA_URL: needs DATABASE_URL (the embedded database has no replica)');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePooler: e.DATABASE_POOLER === 'none' ? undefined : e.DATABASE_POOLER,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    appUrl,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((part) => part.trim()) : [],
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      registerPerIp: e.REGISTER_LIMIT_PER_IP ?? DEFAULT_RATE_LIMITS.registerPerIp,
      loginPerIp: e.LOGIN_LIMIT_PER_IP ?? DEFAULT_RATE_LIMITS.loginPerIp,
    },
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
