// Backup and restore of the embedded database (PGlite on disk under DATA_DIR), with the uploads in
// DATA_DIR/uploads and in an S3 bucket (s3rver): a round trip compares every table the catalogue
// lists (rows and a hash of their contents in primary-key order) and every file (name and sha256);
// a damaged archive and a non-empty target are refused before anything is written; a running
// server's DATA_DIR is refused. The PostgreSQL round trip is backup.pg.test.ts.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../config.js';
import { createDatabase, PGLITE_EXTENSIONS } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { lockDirectory } from '../data-dir-lock.js';
import { createS3Storage, type S3StorageOptions } from '../storage/index.js';
import { createBackup, restoreBackup, verifyArchive } from './backup.js';
import { bucketDigests, flipByte, localDigests, seedSmall, tarOffsets } from './backup.test-helpers.js';
import { checkMigrationLevel, journal } from './database.js';
import { compareFingerprints, fingerprintDatabase, type TableFingerprint } from './fingerprint.js';
import { MANIFEST_ENTRY, PGLITE_ENTRY } from './manifest.js';

let root: string;
let source: Config;
let archive: string;
let sourceTables: TableFingerprint[];
let sourceFiles: Map<string, string>;
/** The first test's restored site, with one row changed afterwards. */
let changedTarget: { config: Config; tables: TableFingerprint[] } | undefined;

/** The embedded database whatever the run's environment says (the CI's second pass sets DATABASE_URL). */
const embedded = (dataDir: string, s3?: S3StorageOptions): Config =>
  parseConfig({
    DATA_DIR: dataDir,
    ...(s3
      ? {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        }
      : {}),
  });

async function fingerprintOf(config: Config): Promise<TableFingerprint[]> {
  const database = await createDatabase({ pgliteDir: path.join(config.dataDir, 'db') });
  try {
    return await fingerprintDatabase(database.db);
  } finally {
    await database.close();
  }
}

function fresh(name: string): string {
  return path.join(root, `${name}-${Math.random().toString(16).slice(2, 8)}`);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'plates-backup-test-'));
  source = embedded(path.join(root, 'source'));
  // The run's migrated snapshot written into the source's DATA_DIR (initdb on disk and the
  // migrations would cost 8-10 s here); migrate() then has nothing to do.
  const { pgliteSnapshot } = await createTestDatabase();
  await mkdir(source.dataDir, { recursive: true });
  const loaded = new PGlite({ dataDir: path.join(source.dataDir, 'db'), loadDataDir: pgliteSnapshot!, extensions: PGLITE_EXTENSIONS });
  await loaded.close();
  const database = await createDatabase({ pgliteDir: path.join(source.dataDir, 'db') });
  try {
    await database.migrate();
    await seedSmall(database.db, source);
    sourceTables = await fingerprintDatabase(database.db);
  } finally {
    await database.close();
  }
  sourceFiles = await localDigests(path.join(source.dataDir, 'uploads'));
  archive = path.join(root, 'source.tar');
  await createBackup(source, { out: archive });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore on the embedded database with local uploads', () => {
  it('restores every table and every file of the source into a fresh DATA_DIR', async () => {
    // The seed touched a good part of the schema, and the photos went through the media pipeline.
    expect(sourceTables.filter((t) => t.rows > 0).length).toBeGreaterThan(20);
    expect(sourceTables.map((t) => t.name)).toContain('drizzle.__drizzle_migrations');
    expect(sourceFiles.size).toBeGreaterThanOrEqual(4);

    const manifest = await verifyArchive(archive);
    expect(manifest.database).toMatchObject({ kind: 'pglite', entry: PGLITE_ENTRY });
    expect(manifest.database.tables).toEqual(sourceTables);
    expect(manifest.database.migrations).toEqual({ applied: journal().length, last: { tag: journal().at(-1)!.tag, createdAt: journal().at(-1)!.when } });
    expect(manifest.uploads).toMatchObject({ storage: 'local', files: sourceFiles.size });
    expect(manifest.entries).toHaveLength(sourceFiles.size + 1);

    const target = embedded(fresh('target'));
    const summary = await restoreBackup(target, archive);
    expect(summary.files).toBe(sourceFiles.size);

    const restored = await fingerprintOf(target);
    expect(compareFingerprints(sourceTables, restored)).toEqual([]);
    expect(restored).toEqual(sourceTables);
    expect(await localDigests(path.join(target.dataDir, 'uploads'))).toEqual(sourceFiles);

    // The restored database is at the backup's migration level: a normal start's migrate() has
    // nothing to apply and the ids go on from where they were.
    const database = await createDatabase({ pgliteDir: path.join(target.dataDir, 'db') });
    try {
      await database.migrate();
      const { n } = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!;
      expect(n).toBe(journal().length);
      const { id, max } = (
        await database.db.execute<{ id: number; max: number }>(
          sql`select nextval('categories_id_seq')::int as id, (select max(id) from categories)::int as max`,
        )
      ).rows[0]!;
      expect(id).toBeGreaterThan(max);
      // The comparison can fail: one changed row shows.
      await database.db.execute(sql`update users set bio = 'changed after the restore' where id = (select min(id) from users)`);
      changedTarget = { config: target, tables: await fingerprintDatabase(database.db) };
      expect(compareFingerprints(sourceTables, changedTarget.tables)).toEqual(['public.users: same 6 rows but different contents']);
    } finally {
      await database.close();
    }
  }, 90_000);

  it('refuses a target that is not empty, unless --force wipes it first', async () => {
    // The site the first test restored and then changed.
    const { config: target, tables: changed } = changedTarget!;

    await expect(restoreBackup(target, archive)).rejects.toThrow(/restore needs an empty target: .*db is not empty and the uploads .* are not empty\. Nothing was written; run again with --force/);
    expect(await fingerprintOf(target)).toEqual(changed);

    const summary = await restoreBackup(target, archive, { force: true });
    expect(summary.wiped).toEqual({ database: true, files: sourceFiles.size });
    expect(await fingerprintOf(target)).toEqual(sourceTables);
    expect(await localDigests(path.join(target.dataDir, 'uploads'))).toEqual(sourceFiles);
  }, 90_000);

  it('refuses an archive with one byte changed before writing anything', async () => {
    const offsets = await tarOffsets(archive);
    const upload = [...offsets.keys()].find((name) => name.startsWith('uploads/'))!;
    const damaged = [
      { entry: PGLITE_ENTRY, message: /database\/pglite-datadir\.tar\.gz does not match its sha256/ },
      { entry: upload, message: new RegExp(`${upload.replaceAll('.', '\\.')} does not match its sha256`) },
      { entry: MANIFEST_ENTRY, message: /the manifest does not match its sha256/ },
    ];
    for (const { entry, message } of damaged) {
      const copy = path.join(root, `damaged-${path.basename(entry)}.tar`);
      await copyFile(archive, copy);
      const { offset, size } = offsets.get(entry)!;
      await flipByte(copy, offset + Math.floor(size / 2));
      const target = embedded(fresh('damaged'));
      await expect(restoreBackup(target, copy)).rejects.toThrow(message);
      // Not even the folders were made.
      expect(existsSync(target.dataDir)).toBe(false);
    }

    // A byte in a tar header breaks its checksum; a cut archive cannot be read to its end.
    const headerCopy = path.join(root, 'damaged-header.tar');
    await copyFile(archive, headerCopy);
    await flipByte(headerCopy, offsets.get(upload)!.offset - 512 + 3);
    await expect(verifyArchive(headerCopy)).rejects.toThrow(/cannot be read|does not match|unexpected entry/);
    const cut = path.join(root, 'cut.tar');
    await writeFile(cut, (await readFile(archive)).subarray(0, offsets.get(upload)!.offset + 100));
    const target = embedded(fresh('cut'));
    await expect(restoreBackup(target, cut)).rejects.toThrow(/cut\.tar: the archive cannot be read: Unexpected end of data/);
    expect(existsSync(target.dataDir)).toBe(false);
  });

  it('refuses to back up or restore into a DATA_DIR a running server holds', async () => {
    const lock = lockDirectory(path.join(source.dataDir, 'db'));
    const out = path.join(root, 'while-running.tar');
    try {
      await expect(createBackup(source, { out })).rejects.toThrow(
        /cannot back up the embedded database in .* while it is in use: another Plates process \(pid \d+.*\) has it open\. Stop the server/,
      );
      await expect(restoreBackup(source, archive, { force: true })).rejects.toThrow(/cannot restore into the embedded database .* while it is in use/);
    } finally {
      lock.release();
    }
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.partial`)).toBe(false);
    expect(await fingerprintOf(source)).toEqual(sourceTables);
  });

  it('refuses a backup from a newer Plates and a backup of the other database', async () => {
    expect(() => checkMigrationLevel({ applied: 99, last: { tag: '0099_future', createdAt: 4_102_444_800_000 } })).toThrow(
      /at migration 0099_future, which this version of Plates does not have/,
    );
    const onPostgres = { ...embedded(fresh('pg')), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(onPostgres, archive)).rejects.toThrow(
      /this backup holds the embedded database \(PGlite\), the target is PostgreSQL .*not supported; nothing was written/,
    );
  });
});

describe('backup and restore with the uploads in S3', () => {
  let server: S3rver;
  let s3Dir: string;
  let options: S3StorageOptions;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'plates-backup-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      // s3rver checks bucket-level requests (ListObjectsV2 on `/<bucket>/`) against the path without
      // its trailing slash, so the SDK's correct signature for a listing never matches there (object
      // requests do); AWS, MinIO and the rest accept it.
      allowMismatchedSignatures: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'plates-source' }, { name: 'plates-target' }],
    });
    const { port } = await server.run();
    options = { endpoint: `http://127.0.0.1:${port}`, bucket: 'plates-source', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  });
  afterAll(async () => {
    await server?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  it('backs up the bucket and restores it into an empty one, object for object', async () => {
    // The source's files, put in the source bucket as the S3 storage stores them.
    const bucket = createS3Storage(options);
    const uploads = path.join(source.dataDir, 'uploads');
    for (const key of sourceFiles.keys()) {
      await bucket.put(key, await readFile(path.join(uploads, key)), 'image/webp');
    }
    expect(await bucketDigests(bucket.client, 'plates-source')).toEqual(sourceFiles);

    const s3Archive = path.join(root, 's3.tar.gz');
    const backup = await createBackup(embedded(source.dataDir, options), { out: s3Archive });
    expect(backup.manifest.uploads).toMatchObject({ storage: 's3', files: sourceFiles.size });

    const targetOptions = { ...options, bucket: 'plates-target' };
    const target = embedded(fresh('s3-target'), targetOptions);
    await restoreBackup(target, s3Archive);
    expect(await fingerprintOf(target)).toEqual(sourceTables);
    expect(await bucketDigests(bucket.client, 'plates-target')).toEqual(sourceFiles);
    // Nothing went to the local folder.
    expect(await readdir(target.dataDir)).not.toContain('uploads');

    // Not empty now: refused, then wiped and restored with --force.
    const again = embedded(fresh('s3-again'), targetOptions);
    await expect(restoreBackup(again, s3Archive)).rejects.toThrow(/the uploads \(bucket plates-target at .*\) are not empty/);
    const forced = await restoreBackup(again, s3Archive, { force: true });
    expect(forced.wiped).toEqual({ database: false, files: sourceFiles.size });
    expect(await bucketDigests(bucket.client, 'plates-target')).toEqual(sourceFiles);
  }, 90_000);
});
