// Servers some PostgreSQL tests start beside DATABASE_URL's (record 0043): a streaming standby made
// with pg_basebackup, and Debian's PgBouncer in transaction mode. Each lives in a temporary folder
// owned by the `postgres` OS user (PostgreSQL refuses to run as root) on a port of its own, and is
// stopped and deleted by `stop()`. When the machine lacks what they need, `…Missing()` says what,
// and the test file skips loudly; with PLATES_REQUIRE_OUTSIDE_SERVERS=1 (CI) it fails instead.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { withAdminClient } from './database.js';

const run = promisify(execFile);

export interface OutsideServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: replace the database name. */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** Why the outside servers cannot be started here, or undefined when they can. */
export async function outsideServersMissing(binaries: string[]): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return 'DATABASE_URL is not set';
  const host = new URL(serverUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') return `DATABASE_URL is not on this machine (${host})`;
  if (userInfo().uid !== 0) return 'not running as root (the servers are started as the postgres OS user through runuser)';
  if (!existsSync('/usr/sbin/runuser')) return 'runuser is missing';
  const bin = await serverBinDir(serverUrl).catch(() => undefined);
  if (!bin) return 'the PostgreSQL server binaries of DATABASE_URL\'s version are missing';
  for (const name of binaries) {
    const file = name === 'pgbouncer' ? '/usr/sbin/pgbouncer' : path.join(bin, name);
    if (!existsSync(file)) return `${file} is missing (apt-get install -y ${name === 'pgbouncer' ? 'pgbouncer' : 'postgresql'})`;
  }
  if (binaries.includes('pg_basebackup')) {
    // A physical replication connection, as pg_basebackup and the standby make.
    const client = new pg.Client({ connectionString: serverUrl, replication: 'true' } as pg.ClientConfig);
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('IDENTIFY_SYSTEM');
    } catch (error) {
      return `the server refuses replication connections (wal_level replica, max_wal_senders > 0 and a pg_hba.conf line "host replication all 127.0.0.1/32 trust" are needed): ${(error as Error).message}`;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

/** Throws (CI) or warns and answers true (anywhere else) when the servers cannot be started. */
export function skipLoudly(reason: string | undefined, what: string): boolean {
  if (!reason) return false;
  const message = `${what}: SKIPPED, ${reason}`;
  if (process.env.PLATES_REQUIRE_OUTSIDE_SERVERS === '1') throw new Error(`${message} (PLATES_REQUIRE_OUTSIDE_SERVERS=1)`);
  console.warn(`\n*** ${message} ***\n`);
  return true;
}

async function serverBinDir(serverUrl: string): Promise<string> {
  const version = await withAdminClient(serverUrl, (c) => c.query<{ v: string }>("select current_setting('server_version_num') as v"));
  const major = Math.floor(Number(version.rows[0]!.v) / 10000);
  return `/usr/lib/postgresql/${major}/bin`;
}

async function postgresOwnedDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  await chmod(dir, 0o700);
  return dir;
}

const asPostgres = (file: string, args: string[], timeout = 120_000) => run('runuser', ['-u', 'postgres', '--', file, ...args], { timeout });

/**
 * A hot standby of DATABASE_URL's cluster on `port`, streaming from it (pg_basebackup -R -X stream).
 * Databases created on the primary afterwards appear on it once replayed.
 */
export async function startStandby(port: number): Promise<OutsideServer> {
  const serverUrl = new URL(process.env.DATABASE_URL!);
  const bin = await serverBinDir(serverUrl.toString());
  const dir = await postgresOwnedDir('plates-replica-standby-');
  const data = path.join(dir, 'data');
  const stop = async () => {
    await asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], 30_000).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await asPostgres(path.join(bin, 'pg_basebackup'), [
      '-h', serverUrl.hostname, '-p', serverUrl.port || '5432', '-U', decodeURIComponent(serverUrl.username) || 'postgres',
      '-D', data, '-R', '-X', 'stream', '-c', 'fast',
    ]);
    // Debian keeps the configuration outside the data directory: the standby gets its own, small
    // one, with the settings a hot standby must not have lower than its primary.
    const atLeastPrimary = await withAdminClient(serverUrl.toString(), (c) =>
      c.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('max_connections', 'max_worker_processes', 'max_wal_senders', 'max_prepared_transactions', 'max_locks_per_transaction')`,
      ),
    );
    const conf = [
      ...atLeastPrimary.rows.map((r) => `${r.name} = ${Number(r.setting)}`),
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      'hot_standby_feedback = on',
      'shared_buffers = 32MB',
      'fsync = off',
    ].join('\n');
    await writeFile(path.join(data, 'postgresql.conf'), `${conf}\n`);
    await writeFile(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    await writeFile(path.join(data, 'pg_ident.conf'), '');
    await asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = await readFile(path.join(dir, 'log'), 'utf8').catch(() => '');
    await stop();
    throw new Error(`the standby did not start: ${(error as Error).message}\n${log.slice(-2000)}`, { cause: error });
  }
  const url = new URL(serverUrl.toString());
  url.port = String(port);
  return { url: url.toString(), port, dir, stop };
}

/**
 * Debian's PgBouncer in transaction mode on `port` in front of DATABASE_URL's server, any database
 * name, trust authentication, at most `serverConnections` server connections per database.
 * `connectQuery` runs on each server connection it opens (the statement timeout behind a pooler).
 */
export async function startPgbouncer(
  port: number,
  options: { serverConnections: number; connectQuery?: string },
): Promise<OutsideServer> {
  const serverUrl = new URL(process.env.DATABASE_URL!);
  const dir = await postgresOwnedDir('plates-replica-pgbouncer-');
  const user = decodeURIComponent(serverUrl.username) || 'postgres';
  const connectQuery = options.connectQuery ? ` connect_query='${options.connectQuery.replaceAll("'", "''")}'` : '';
  const ini = [
    '[databases]',
    `* = host=${serverUrl.hostname} port=${serverUrl.port || '5432'} user=${user}${connectQuery}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    `unix_socket_dir = ${dir}`,
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    'pool_mode = transaction',
    `default_pool_size = ${options.serverConnections}`,
    `max_db_connections = ${options.serverConnections}`,
    'max_client_conn = 500',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    'admin_users = postgres',
  ].join('\n');
  await writeFile(path.join(dir, 'pgbouncer.ini'), `${ini}\n`);
  await writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  await run('chown', ['-R', 'postgres:postgres', dir]);
  const stop = async () => {
    const pid = await readFile(path.join(dir, 'pgbouncer.pid'), 'utf8').catch(() => undefined);
    if (pid) {
      try {
        process.kill(Number(pid.trim()), 'SIGINT');
      } catch {
        // already gone
      }
      for (let i = 0; i < 50 && existsSync(path.join(dir, 'pgbouncer.pid')); i += 1) await new Promise((r) => setTimeout(r, 100));
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await asPostgres('/usr/sbin/pgbouncer', ['-d', path.join(dir, 'pgbouncer.ini')], 30_000);
    const url = new URL(serverUrl.toString());
    url.port = String(port);
    url.pathname = '/postgres';
    // Up once it answers a query through to the server.
    for (let attempt = 0; ; attempt += 1) {
      const client = new pg.Client({ connectionString: url.toString() });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return { url: url.toString(), port, dir, stop };
  } catch (error) {
    await stop();
    throw new Error(`pgbouncer did not start: ${(error as Error).message}`, { cause: error });
  }
}
