// Once per test run, before any test file: one migrated database that every test file's database
// starts from (see database.ts). With DATABASE_URL, a template database on that server, copied
// by CREATE DATABASE … TEMPLATE; without, a dump of a migrated in-memory PGlite in a temporary
// file. Both are made from the migrations in this checkout, so they are never stale, and removed
// when the run ends.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.js';
import { quoteIdentifier, withAdminClient } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump (runs without DATABASE_URL). */
    pgliteSnapshot: string;
    /** Name of the migrated template database on the DATABASE_URL server. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `plates_tpl_${process.pid}_${randomBytes(6).toString('hex')}`;
    const identifier = quoteIdentifier(name);
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${identifier}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await createDatabase({ databaseUrl: url.toString() });
    try {
      await database.migrate();
    } finally {
      // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
      await database.close();
    }
    project.provide('templateDatabase', name);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${identifier} WITH (FORCE)`));
    };
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'plates-snapshot-'));
  const database = await createDatabase({});
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await writeFile(path.join(dir, 'migrated.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', path.join(dir, 'migrated.tar'));
  project.provide('templateDatabase', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
