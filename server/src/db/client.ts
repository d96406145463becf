// The database handle: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise the
// embedded PGlite (on disk under DATA_DIR, or in memory for tests). Both drivers give the same
// Drizzle API, typed as `Db`, so repositories never know which one they run on.
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { trackCommits } from '../lib/after-commit.js';
import { DirectoryLockedError, lockDirectory, type DirectoryLock } from '../lib/data-dir-lock.js';
import { createReadReplica, RoutingPool, type ReadReplica, type ReplicaState } from './replica.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * What `db.execute(sql)` answers with either driver: node-postgres' QueryResult and PGlite's
 * Results both carry `rows`. Narrower than drizzle's bare PgQueryResultHKT (whose result is
 * `unknown`), so raw queries read `(await db.execute<{ n: number }>(sql)).rows` without casts.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this['row']>;
}
export interface QueryRows<TRow> {
  rows: TRow[];
}

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<QueryResultHKT, Schema>;

/** The handle inside `db.transaction(async (tx) => ...)`; repositories accept `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations that have not run yet. Safe to call again. */
  migrate(): Promise<void>;
  /** `select 1`; rejects when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The read replica and its routing (record 0043); only with `replicaUrl`. */
  replica?: ReadReplica;
}

/**
 * `pgbouncer-transaction`: the connection string points at PgBouncer in transaction mode (older than
 * 1.21), where consecutive statements of one client may run on different server connections: no
 * statement is sent named (a name prepared on one server connection is unknown on the next), and
 * no `statement_timeout` startup parameter is sent (PgBouncer refuses the connection); record 0043.
 */
export type Pooler = 'pgbouncer-transaction';

/**
 * Connections per pool when DATABASE_POOL_SIZE is unset: PostgreSQL's rule of thumb of twice the
 * cores plus one (the database on a machine like this one), and never fewer than 10, since a
 * transaction holds its connection while the same request may still read through the pool.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(10, 2 * cores + 1);
}

export interface DatabaseOptions {
  /** `postgres://...`: use that server. Unset: embedded PGlite. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (created when missing). Unset: in memory. */
  pgliteDir?: string;
  /**
   * A PGlite data directory dumped by `dumpDataDir()` to start from instead of an empty one
   * (in memory only): the tests start each database from one migrated snapshot, since creating
   * and migrating a PGlite database costs a second or more.
   */
  pgliteSnapshot?: Blob;
  /**
   * Called when an idle pooled connection fails (server restart, network drop). The pool drops the
   * connection and opens a new one on the next query; without a listener the error would crash
   * the process. Defaults to a one-line warning.
   */
  onPoolError?: (error: Error) => void;
  /** Connections per pool (the primary's, and the replica's); default `defaultPoolSize()`. */
  poolSize?: number;
  /** How long a query waits for a pooled connection before failing (10 s; answered 503). */
  connectTimeoutMs?: number;
  /** Cancels any statement running longer (SQLSTATE 57014); 0 or unset: never. */
  statementTimeoutMs?: number;
  pooler?: Pooler;
  /** `postgres://...` of a streaming standby that answers the read-heavy routes (record 0043). */
  replicaUrl?: string;
  /** Reads go to the primary while the replica lags more than this (5000 ms). */
  replicaMaxLagMs?: number;
  /** How often the replica's replay position is polled (100 ms). */
  replicaPollMs?: number;
  /** Told when the replica starts or stops being used (and why). */
  onReplicaChange?: (state: ReplicaState) => void;
  /** `application_name` of the connections (seen in pg_stat_activity); the replica's gets `:replica`. */
  applicationName?: string;
}

/** The pool settings of the configuration (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_POOLER, DATABASE_REPLICA_URL). */
export function poolSettings(
  config: Pick<Config, 'databasePoolSize' | 'statementTimeoutMs' | 'databasePooler' | 'databaseReplicaUrl'>,
): Pick<DatabaseOptions, 'poolSize' | 'statementTimeoutMs' | 'pooler' | 'replicaUrl'> {
  return {
    statementTimeoutMs: config.statementTimeoutMs,
    ...(config.databasePoolSize !== undefined ? { poolSize: config.databasePoolSize } : {}),
    ...(config.databasePooler ? { pooler: config.databasePooler } : {}),
    ...(config.databaseReplicaUrl ? { replicaUrl: config.databaseReplicaUrl } : {}),
  };
}

/** Folder of drizzle-kit's output, found from this module so the working directory does not matter. */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the advisory lock held while migrating PostgreSQL, so that instances starting together
 * against one database apply each migration once (drizzle's migrator takes no lock itself).
 * Any constant works; this one spells "plates" in ASCII.
 */
const MIGRATION_LOCK_KEY = 0x706c61746573;

/**
 * The contrib extensions every PGlite instance loads: search needs pg_trgm and unaccent (migration
 * 0002_search), photo analysis cube (0026_analysis); PGlite ships them as contrib bundles. Exported
 * for the backup's restore, which opens PGlite from a dump itself (lib/backup).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent, cube };

/** Folder of drizzle-kit's output (for the backup's migration level). */
export const MIGRATIONS_FOLDER = migrationsFolder;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return createPostgres(options.databaseUrl, options);
  if (options.replicaUrl) throw new Error('a read replica needs DATABASE_URL: the embedded database has none');
  return createPglite(options.pgliteDir, options.pgliteSnapshot);
}

/**
 * Statements sent named, so PostgreSQL parses and plans each once per connection and then only
 * binds and runs it: the name is a hash of the text, so one text is one prepared statement and two
 * texts never share a name. Only texts sent a second time are named, and at most `MAX_NAMED` of
 * them (a text built with a variable number of parameters, an `IN` list of each length, would
 * otherwise grow every connection's statement cache without end); the rest go unnamed, as before.
 * Texts longer than `MAX_TEXT` (bulk inserts) are never named, and at most `MAX_SEEN` texts seen
 * once are remembered, so this bookkeeping stays a few megabytes at most.
 */
const MAX_NAMED = 400;
const MAX_SEEN = 1000;
const MAX_TEXT = 8192;
const seen = new Set<string>();
const names = new Map<string, string>();

/** Forgets every text seen and named: for a test that counts what one connection prepares. */
export function resetStatementNames(): void {
  seen.clear();
  names.clear();
}

function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED || text.length > MAX_TEXT) return undefined;
  if (!seen.has(text)) {
    if (seen.size < MAX_SEEN) seen.add(text);
    return undefined;
  }
  seen.delete(text);
  const name = `p_${createHash('sha1').update(text).digest('base64url')}`;
  names.set(text, name);
  return name;
}

class NamingClient extends pg.Client {
  // pg's query() is overloaded; the config object form is what Drizzle sends.
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && (config as { name?: string }).name)) {
      const name = statementName((config as { text: string }).text);
      if (name) args[0] = { ...(config as object), name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * Behind PgBouncer in transaction mode: every statement unnamed, Drizzle's prepared ones included
 * (they still save building the SQL text; PostgreSQL plans each execution). The Parse, Bind and
 * Execute of one unnamed statement leave in one message batch, so they reach one server connection.
 */
class UnnamedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...rest } = config as { name?: string };
      args[0] = rest;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

function poolOptions(url: string, options: DatabaseOptions, suffix = ''): pg.PoolConfig {
  const timeout = options.statementTimeoutMs ?? 0;
  return {
    Client: options.pooler === 'pgbouncer-transaction' ? UnnamedClient : NamingClient,
    connectionString: url,
    max: options.poolSize ?? defaultPoolSize(),
    // An unreachable host fails within this time instead of hanging start-up.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    // A startup parameter: no round trip. PgBouncer refuses unknown startup parameters; behind it
    // the timeout is set where it opens its server connections (record 0043).
    ...(timeout > 0 && options.pooler !== 'pgbouncer-transaction' ? { statement_timeout: timeout } : {}),
    application_name: `${options.applicationName ?? 'plates'}${suffix}`,
  };
}

function createPostgres(databaseUrl: string, options: DatabaseOptions): Database {
  const onPoolError = options.onPoolError ?? ((error: Error) => console.warn(`database: idle connection error: ${error.message}`));
  const pool = new RoutingPool(poolOptions(databaseUrl, options));
  pool.on('error', onPoolError);
  let replica: ReadReplica | undefined;
  if (options.replicaUrl) {
    const replicaPool = new pg.Pool(poolOptions(options.replicaUrl, options, ':replica'));
    replicaPool.on('error', onPoolError);
    replica = createReadReplica(pool, {
      replicaPool,
      maxLagMs: options.replicaMaxLagMs ?? 5000,
      pollMs: options.replicaPollMs ?? 100,
      ...(options.onReplicaChange ? { onStateChange: options.onReplicaChange } : {}),
    });
  }
  // trackCommits: `afterCommit(tx, fn)` runs fn once the transaction has committed (lib/after-commit).
  const db = trackCommits(drizzleNodePg({ client: pool, schema }));

  return {
    db,
    kind: 'postgres',
    async migrate() {
      // drizzle's migrator, in one transaction behind a transaction-level advisory lock, so that
      // instances starting together apply each migration once; a session-level lock would stay
      // with PgBouncer's server connection after ours closed (record 0043).
      const migrations = readMigrationFiles({ migrationsFolder });
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
        // A migration may build an index for longer than requests may wait.
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`create schema if not exists drizzle`);
        await tx.execute(
          sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
        );
        const last = await tx.execute<{ created_at: string | null }>(
          sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
        );
        const lastAt = Number(last.rows[0]?.created_at ?? -1);
        for (const migration of migrations) {
          if (migration.folderMillis <= lastAt) continue;
          for (const statement of migration.sql) await tx.execute(sql.raw(statement));
          await tx.execute(
            sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
          );
        }
      });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await replica?.close();
      await pool.end();
    },
    ...(replica ? { replica } : {}),
  };
}

async function createPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    // One process at a time on these files, taken before PGlite reads a byte (lib/data-dir-lock).
    try {
      lock = lockDirectory(dataDir);
    } catch (error) {
      if (error instanceof DirectoryLockedError) {
        throw new Error(`Invalid DATA_DIR: the database in ${dataDir} is in use: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
  let client: PGlite;
  try {
    if (dataDir && snapshot) throw new Error('a PGlite snapshot is loaded in memory only, not into pgliteDir');
    client = new PGlite({ dataDir, ...(snapshot ? { loadDataDir: snapshot } : {}), extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = trackCommits(drizzlePglite({ client, schema }));

  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        // Only once PGlite has written its last page back.
        lock?.release();
      }
    },
  };
}
