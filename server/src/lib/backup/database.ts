// Dumping and restoring the database `npm start` uses (record 0044):
// - PGlite (DATA_DIR/db): PGlite's own `dumpDataDir('gzip')`, a gzipped tar of its data directory,
//   taken under the DATA_DIR lock, so a running server (which holds that lock) makes the backup
//   stop with a clear message instead of copying files the server is writing.
// - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, live; the table fingerprints of the
//   manifest are read in the very snapshot pg_dump dumps (`pg_export_snapshot`, `--snapshot`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../../config.js';
import { createDatabase, MIGRATIONS_FOLDER, PGLITE_EXTENSIONS, type Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import { DirectoryLockedError, lockDirectory, type DirectoryLock } from '../data-dir-lock.js';
import { fingerprintDatabase, type TableFingerprint } from './fingerprint.js';
import { PGLITE_ENTRY, POSTGRES_ENTRY, type Manifest } from './manifest.js';
import { BackupError } from './errors.js';

export { BackupError } from './errors.js';

type DatabaseInfo = Manifest['database'];

export interface DatabaseDump {
  info: DatabaseInfo;
  /** The dump, in a temporary file (the caller's folder). */
  file: string;
  /** Ends the hold on the database (the DATA_DIR lock, for PGlite): after the uploads are copied. */
  release(): Promise<void>;
}

export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'db');
}

// ---------------------------------------------------------------------------------------------
// Migration level

interface JournalEntry {
  tag: string;
  when: number;
}

export function journal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** How far the migrations went: drizzle's own table, matched to the journal's tags by time. */
async function migrationLevel(db: Db): Promise<DatabaseInfo['migrations']> {
  const exists = (await db.execute<{ found: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`)).rows[0]!;
  if (!exists.found) return { applied: 0, last: null };
  const row = (
    await db.execute<{ applied: number; last: string | number | null }>(
      sql`select count(*)::int as applied, max(created_at) as last from drizzle.__drizzle_migrations`,
    )
  ).rows[0]!;
  if (row.last === null) return { applied: Number(row.applied), last: null };
  const createdAt = Number(row.last);
  return { applied: Number(row.applied), last: { tag: journal().find((e) => e.when === createdAt)?.tag ?? null, createdAt } };
}

/** Refuses a backup from a newer Plates: this code would run on a schema it does not know. */
export function checkMigrationLevel(migrations: DatabaseInfo['migrations']): void {
  if (!migrations.last) return;
  const known = journal();
  if (!known.some((e) => e.when === migrations.last!.createdAt)) {
    const newest = known.at(-1);
    throw new BackupError(
      `the backup's database is at migration ${migrations.last.tag ?? `created ${migrations.last.createdAt}`}, which this version of Plates does not have (its newest is ${newest?.tag ?? 'none'}): restore it with the version that made it (or a newer one)`,
    );
  }
}

async function serverVersion(db: Db): Promise<string> {
  return (await db.execute<{ server_version: string }>(sql`show server_version`)).rows[0]!.server_version;
}

// ---------------------------------------------------------------------------------------------
// PGlite

function lockPglite(dir: string, action: string): DirectoryLock {
  try {
    return lockDirectory(dir);
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      throw new BackupError(
        `cannot ${action} the embedded database in ${dir} while it is in use: ${error.message}. Stop the server (or seed) that has it open first; nothing was written`,
      );
    }
    throw error;
  }
}

/** The installed PGlite's version, from its package.json (found from its entry point). */
function pgliteVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const file = path.join(path.dirname(entry), '..', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function dumpPglite(config: Pick<Config, 'dataDir'>, workDir: string): Promise<DatabaseDump> {
  const dir = pgliteDir(config);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${dir} (DATA_DIR=${config.dataDir}): nothing to back up`);
  }
  // The lock first, so a running server is named before PGlite reads a byte; createDatabase would
  // take it itself, but its message speaks of starting a server.
  const probe = lockPglite(dir, 'back up');
  probe.release();
  let database;
  try {
    database = await createDatabase({ pgliteDir: dir });
  } catch (error) {
    if ((error as Error).message.includes('is in use')) throw new BackupError(`cannot back up: ${(error as Error).message}`);
    throw error;
  }
  try {
    const db = database.db;
    const client = (db as unknown as { $client: PGlite }).$client;
    const info: DatabaseInfo = {
      kind: 'pglite',
      entry: PGLITE_ENTRY,
      serverVersion: await serverVersion(db),
      dumpTool: `PGlite ${pgliteVersion()} dumpDataDir`,
      migrations: await migrationLevel(db),
      tables: await fingerprintDatabase(db),
    };
    const dump = await client.dumpDataDir('gzip');
    const file = path.join(workDir, 'pglite-datadir.tar.gz');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    // The database stays open (and DATA_DIR locked) until the uploads are copied too.
    return { info, file, release: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

export interface PgliteTarget {
  isEmpty(): boolean;
  wipe(): Promise<void>;
  restore(dump: Blob): Promise<TableFingerprint[]>;
  release(): void;
}

/** Takes the target's DATA_DIR lock for the whole restore. */
export async function openPgliteTarget(config: Pick<Config, 'dataDir'>): Promise<PgliteTarget> {
  const dir = pgliteDir(config);
  await mkdir(config.dataDir, { recursive: true });
  const lock = lockPglite(dir, 'restore into');
  const entries = async () => (await readdir(dir).catch(() => [] as string[]));
  let empty = (await entries()).length === 0;
  return {
    isEmpty: () => empty,
    async wipe() {
      await Promise.all((await entries()).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
      empty = true;
    },
    async restore(dump) {
      await mkdir(dir, { recursive: true });
      const client = new PGlite({ dataDir: dir, loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
      try {
        await client.waitReady;
        return await fingerprintDatabase(drizzlePglite({ client, schema }) as unknown as Db);
      } finally {
        await client.close();
      }
    },
    release: () => lock.release(),
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

/** The URL without its password (which goes to the tools through PGPASSWORD, not the command line). */
function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found on PATH: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `pg_dump (PostgreSQL) 15.20 (Debian …)` → { text: 'pg_dump (PostgreSQL) 15.20', major: 15 }. */
export async function toolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<{ text: string; major: number }> {
  const { stdout } = await run(tool, ['--version']);
  const match = /^(\S+ \(PostgreSQL\) (\d+)(?:\.\d+)*)/.exec(stdout.trim());
  if (!match) throw new BackupError(`cannot tell the version of ${tool} from "${stdout.trim()}"`);
  return { text: match[1]!, major: Number(match[2]) };
}

export function majorOf(version: string): number {
  return Number(/(\d+)/.exec(version)?.[1] ?? 0);
}

async function dumpPostgres(databaseUrl: string, workDir: string): Promise<DatabaseDump> {
  const tool = await toolVersion('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Invalid DATABASE_URL: cannot connect (${(error as Error).message})`);
  }
  try {
    const db = drizzleNodePg({ client, schema }) as unknown as Db;
    // One snapshot for the fingerprints and pg_dump: the manifest describes exactly what is dumped,
    // while the server goes on writing.
    await client.query('begin isolation level repeatable read read only');
    const version = await serverVersion(db);
    if (tool.major < majorOf(version)) {
      throw new BackupError(
        `${tool.text} cannot dump a PostgreSQL ${version} server (pg_dump must be the server's major version or newer): install postgresql-client-${majorOf(version)}`,
      );
    }
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const info: DatabaseInfo = {
      kind: 'postgres',
      entry: POSTGRES_ENTRY,
      serverVersion: version,
      dumpTool: tool.text,
      migrations: await migrationLevel(db),
      tables: await fingerprintDatabase(db),
    };
    const file = path.join(workDir, 'postgres.pgdump');
    const { dbname, env } = toolConnection(databaseUrl);
    const dumped = await run('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${file}`, `--dbname=${dbname}`], env);
    if (dumped.code !== 0) throw new BackupError(`pg_dump failed: ${dumped.stderr.trim()}`);
    await client.query('commit');
    return { info, file, release: async () => {} };
  } finally {
    await client.end();
  }
}

export interface PostgresTarget {
  isEmpty(): Promise<boolean>;
  wipe(): Promise<void>;
  restore(dumpFile: string): Promise<TableFingerprint[]>;
  release(): Promise<void>;
}

export async function openPostgresTarget(databaseUrl: string): Promise<PostgresTarget> {
  const database = await createDatabase({ databaseUrl }).catch((error: Error) => {
    throw new BackupError(`Invalid DATABASE_URL: ${error.message}`);
  });
  const db = database.db;
  try {
    await database.ping();
  } catch (error) {
    await database.close();
    throw new BackupError(`Invalid DATABASE_URL: cannot connect (${(error as Error).message})`);
  }
  const systemSchema = sql`(n.nspname in ('pg_catalog', 'information_schema') or n.nspname like 'pg\\_toast%' or n.nspname like 'pg\\_temp%')`;
  return {
    async isEmpty() {
      const row = (
        await db.execute<{ relations: number; schemas: number }>(sql`
          select
            (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and not ${systemSchema}
                and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')) as relations,
            (select count(*)::int from pg_namespace n where n.nspname <> 'public' and not ${systemSchema}) as schemas`)
      ).rows[0]!;
      return row.relations === 0 && row.schemas === 0;
    },
    async wipe() {
      const others = (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n;
      if (others > 0) {
        throw new BackupError(
          `${others} other connection(s) use the target database (a running server?): stop them before restore --force wipes it; nothing was written`,
        );
      }
      const schemas = (
        await db.execute<{ name: string }>(sql`select n.nspname as name from pg_namespace n where not ${systemSchema} order by 1`)
      ).rows.map((r) => r.name);
      const version = (await db.execute<{ n: number }>(sql`select current_setting('server_version_num')::int as n`)).rows[0]!.n;
      await db.transaction(async (tx) => {
        for (const name of schemas) await tx.execute(sql`drop schema ${sql.identifier(name)} cascade`);
        // The public schema as a new database has it: from PostgreSQL 15 owned by the database
        // owner and usable by everyone; before, owned by the bootstrap user and open to all.
        await tx.execute(sql`create schema public`);
        if (Number(version) >= 140000) await tx.execute(sql`alter schema public owner to pg_database_owner`);
        await tx.execute(sql`grant ${Number(version) >= 150000 ? sql`usage` : sql`all`} on schema public to public`);
      });
    },
    async restore(dumpFile) {
      const { dbname, env } = toolConnection(databaseUrl);
      const restored = await run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${dbname}`, dumpFile],
        env,
      );
      if (restored.code !== 0) throw new BackupError(`pg_restore failed (nothing restored, it runs in one transaction): ${restored.stderr.trim()}`);
      return fingerprintDatabase(db);
    },
    release: () => database.close(),
  };
}

export function dumpDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, workDir: string): Promise<DatabaseDump> {
  return config.databaseUrl ? dumpPostgres(config.databaseUrl, workDir) : dumpPglite(config, workDir);
}
