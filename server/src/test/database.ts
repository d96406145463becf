// A fresh database for one test file, already migrated unless asked otherwise. With DATABASE_URL set
// (CI runs the server tests again against a real PostgreSQL), a uniquely named database is created
// on that server (a copy of the run's migrated template, see global-setup.ts) and dropped by
// cleanup(); without it the caller gets an in-memory PGlite started from the run's migrated
// snapshot. Creating and migrating a database per file cost a second or more each, twice per CI.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  /** Connection string of the new database; undefined means "use an in-memory PGlite". */
  databaseUrl?: string;
  /** For an in-memory PGlite: the migrated data directory to start from (pass to createDatabase). */
  pgliteSnapshot?: Blob;
  /** Drops the database (close your own connections first; any left over are terminated). */
  cleanup(): Promise<void>;
}

let snapshot: Promise<Blob> | undefined;

/**
 * `migrated: false` gives an empty database, for the tests of the migrations themselves.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (!migrated) return { cleanup: async () => {} };
    snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
    return { pgliteSnapshot: await snapshot, cleanup: async () => {} };
  }

  // Generated here from the pid and random hex only, so it is a safe identifier; still quoted.
  const name = `plates_t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const identifier = quoteIdentifier(name);
  const template = migrated ? ` TEMPLATE ${quoteIdentifier(inject('templateDatabase'))}` : '';
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${identifier}${template}`));

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  return {
    databaseUrl: url.toString(),
    async cleanup() {
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${identifier} WITH (FORCE)`),
      );
    },
  };
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // Failures reach the caller through the rejected query; the event must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/** drizzle-kit's list of the committed migrations (server/src/db/migrations/meta/_journal.json). */
export function migrationJournal(): { entries: { idx: number; tag: string }[] } {
  const file = fileURLToPath(new URL('../db/migrations/meta/_journal.json', import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as { entries: { idx: number; tag: string }[] };
}
