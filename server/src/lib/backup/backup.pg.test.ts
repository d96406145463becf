// Backup and restore on PostgreSQL (CI's DATABASE_URL pass): pg_dump of a live database, pg_restore
// into an empty one, every table the catalogue lists and every file compared; writes going on during
// the backup do not make the manifest disagree with the dump; a damaged archive and a non-empty
// target are refused before anything is written. The embedded database: backup.embedded.test.ts.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createBackup, restoreBackup, verifyArchive } from './backup.js';
import { flipByte, localDigests, seedSmall, tarOffsets } from './backup.test-helpers.js';
import { journal } from './database.js';
import { fingerprintDatabase, type TableFingerprint } from './fingerprint.js';
import { POSTGRES_ENTRY } from './manifest.js';

let root: string;
let sourceDb: TestDatabase;
let targetDb: TestDatabase;
let source: Config;
let archive: string;
let sourceTables: TableFingerprint[];
let sourceFiles: Map<string, string>;

const onPostgres = (databaseUrl: string, dataDir: string): Config => parseConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });

async function fingerprintOf(databaseUrl: string): Promise<TableFingerprint[]> {
  const database = await createDatabase({ databaseUrl });
  try {
    return await fingerprintDatabase(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'plates-backup-pg-'));
  sourceDb = await createTestDatabase();
  targetDb = await createTestDatabase({ migrated: false });
  source = onPostgres(sourceDb.databaseUrl!, path.join(root, 'source'));
  const database = await createDatabase({ databaseUrl: sourceDb.databaseUrl });
  try {
    await seedSmall(database.db, source);
  } finally {
    await database.close();
  }
  sourceFiles = await localDigests(path.join(source.dataDir, 'uploads'));
});
afterAll(async () => {
  await sourceDb?.cleanup();
  await targetDb?.cleanup();
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('backs up a database that is being written to: the manifest describes exactly what was dumped', async () => {
    const database = await createDatabase({ databaseUrl: sourceDb.databaseUrl });
    let writes = 0;
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        writes += 1;
        await database.db.execute(sql`update users set bio = ${`write ${writes}`} where id = (select min(id) from users)`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    archive = path.join(root, 'source.tar');
    try {
      await createBackup(source, { out: archive });
    } finally {
      stop = true;
      await writer;
      await database.close();
    }
    expect(writes).toBeGreaterThan(3);
    sourceTables = await fingerprintOf(sourceDb.databaseUrl!);

    const manifest = await verifyArchive(archive);
    expect(manifest.database).toMatchObject({ kind: 'postgres', entry: POSTGRES_ENTRY });
    expect(manifest.database.dumpTool).toMatch(/^pg_dump \(PostgreSQL\) \d+/);
    expect(manifest.database.migrations.applied).toBe(journal().length);
    // Everything but the row that kept changing is as it is now.
    const changing = 'public.users';
    expect(manifest.database.tables.filter((t) => t.name !== changing)).toEqual(sourceTables.filter((t) => t.name !== changing));
    expect(manifest.uploads).toMatchObject({ storage: 'local', files: sourceFiles.size });
    expect(sourceFiles.size).toBeGreaterThanOrEqual(4);
  });

  it('restores into an empty database every table as it was in the dump, and every file', async () => {
    const target = onPostgres(targetDb.databaseUrl!, path.join(root, 'target'));
    const manifest = await verifyArchive(archive);
    // restoreBackup checks the restored tables against the manifest itself, and throws on a difference.
    const summary = await restoreBackup(target, archive);
    const restored = await fingerprintOf(targetDb.databaseUrl!);
    expect(restored).toEqual(manifest.database.tables);
    expect(summary.tables).toEqual(restored);
    expect(restored.filter((t) => t.rows > 0).length).toBeGreaterThan(20);
    expect(await localDigests(path.join(target.dataDir, 'uploads'))).toEqual(sourceFiles);

    // At the backup's migration level: a normal start's migrate() has nothing left to apply.
    const database = await createDatabase({ databaseUrl: targetDb.databaseUrl });
    try {
      await database.migrate();
      const { n } = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!;
      expect(n).toBe(journal().length);
    } finally {
      await database.close();
    }
    expect(await fingerprintOf(targetDb.databaseUrl!)).toEqual(manifest.database.tables);
  });

  it('refuses a damaged archive before writing, and a non-empty target unless --force', async () => {
    const empty = await createTestDatabase({ migrated: false });
    try {
      const target = onPostgres(empty.databaseUrl!, path.join(root, 'damaged-target'));
      const offsets = await tarOffsets(archive);
      const damaged = path.join(root, 'damaged.tar');
      await copyFile(archive, damaged);
      const { offset, size } = offsets.get(POSTGRES_ENTRY)!;
      await flipByte(damaged, offset + Math.floor(size / 2));
      await expect(restoreBackup(target, damaged)).rejects.toThrow(/database\/postgres\.pgdump does not match its sha256/);
      expect(await fingerprintOf(empty.databaseUrl!)).toEqual([]);
    } finally {
      await empty.cleanup();
    }

    const target = onPostgres(targetDb.databaseUrl!, path.join(root, 'target'));
    const before = await fingerprintOf(targetDb.databaseUrl!);
    await expect(restoreBackup(target, archive)).rejects.toThrow(
      /restore needs an empty target: the database of DATABASE_URL has tables and the uploads .* are not empty\. Nothing was written/,
    );
    expect(await fingerprintOf(targetDb.databaseUrl!)).toEqual(before);

    const forced = await restoreBackup(target, archive, { force: true });
    expect(forced.wiped).toEqual({ database: true, files: sourceFiles.size });
    expect(await fingerprintOf(targetDb.databaseUrl!)).toEqual(before);
  }, 90_000);
});
