// createDatabase beyond the happy path: unreachable servers and PGlite on disk. The PostgreSQL-only
// cases live in client.pg.test.ts, which runs when DATABASE_URL is set (CI's second pass).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client.js';
import { categories, systemSettings } from './schema/index.js';

describe('createDatabase', () => {
  it('rejects from ping() and migrate() when the server cannot be reached', async () => {
    // Port 1 on localhost: connection refused at once.
    const database = await createDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/plates' });
    expect(database.kind).toBe('postgres');
    await expect(database.ping()).rejects.toThrow();
    await expect(database.migrate()).rejects.toThrow();
    await database.close();
  });

  it('keeps a PGlite database in pgliteDir across restarts', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'plates-pglite-'));
    const dataDir = path.join(parent, 'nested', 'db');
    try {
      const first = await createDatabase({ pgliteDir: dataDir });
      expect(first.kind).toBe('pglite');
      await first.migrate();
      await first.db
        .update(systemSettings)
        .set({ value: 'true' })
        .where(sql`${systemSettings.key} = 'maintenance_mode'`);
      await first.close();

      const second = await createDatabase({ pgliteDir: dataDir });
      await second.migrate();
      const [setting] = await second.db.select({ value: systemSettings.value }).from(systemSettings);
      expect(setting?.value).toBe('true');
      const [cats] = await second.db.select({ n: count() }).from(categories);
      expect(cats?.n).toBe(16);
      await second.close();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('opens a PGlite folder in one process at a time, and frees it on close', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'plates-pglite-'));
    const dataDir = path.join(parent, 'db');
    try {
      const first = await createDatabase({ pgliteDir: dataDir });
      await first.migrate();
      await expect(createDatabase({ pgliteDir: dataDir })).rejects.toThrow(
        new RegExp(`^Invalid DATA_DIR: the database in ${escape(dataDir)} is in use: another Plates process \\(pid ${process.pid} on `),
      );
      await first.close();
      const second = await createDatabase({ pgliteDir: dataDir });
      await second.ping();
      await second.close();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
