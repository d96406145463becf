// `npm run backup` and `npm run restore` (record 0044): one archive holding the database dump,
// every uploaded file and a manifest that lets the restore check everything before it writes.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.js';
import { ArchiveError, createArchiveWriter, hashStream, readArchive, type ArchiveEntry } from './archive.js';
import {
  BackupError,
  checkMigrationLevel,
  dumpDatabase,
  majorOf,
  openPgliteTarget,
  openPostgresTarget,
  toolVersion,
} from './database.js';
import { compareFingerprints, type TableFingerprint } from './fingerprint.js';
import {
  FORMAT,
  FORMAT_VERSION,
  isAllowedEntryName,
  Manifest,
  MANIFEST_ENTRY,
  MANIFEST_HASH_ENTRY,
  UPLOADS_PREFIX,
  type ManifestEntry,
} from './manifest.js';
import { createUploadStore } from './uploads.js';

export { BackupError } from './database.js';

type BackupConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 's3'>;

export interface BackupSummary {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
  /** Names in the uploads that are not uploads (temporary files, strays): not backed up. */
  skipped: string[];
}

/** The version of the root package.json, for the manifest. */
function appVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

export function defaultBackupName(now: Date): string {
  return `plates-backup-${now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z')}.tar`;
}

export async function createBackup(
  config: BackupConfig,
  options: { out: string; log?: (line: string) => void; now?: () => Date },
): Promise<BackupSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another --out, or remove it first`);
  if (existsSync(`${out}.partial`)) {
    throw new BackupError(`${out}.partial exists (a backup to the same file is running, or one stopped half-way): remove it first`);
  }
  if (!existsSync(path.dirname(out))) throw new BackupError(`the folder of --out does not exist: ${path.dirname(out)}`);

  const workDir = await mkdtemp(path.join(tmpdir(), 'plates-backup-'));
  let dump;
  try {
    log(`dumping the ${config.databaseUrl ? 'PostgreSQL' : 'embedded (PGlite)'} database`);
    dump = await dumpDatabase(config, workDir);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }

  const writer = createArchiveWriter(out);
  const entries: ManifestEntry[] = [];
  const skipped: string[] = [];
  let files = 0;
  let uploadBytes = 0;
  try {
    const { size } = await stat(dump.file);
    entries.push(await writer.add(dump.info.entry, size, createReadStream(dump.file)));
    await rm(dump.file, { force: true });

    const uploads = createUploadStore(config);
    log(`copying the uploads from ${uploads.where}`);
    for await (const file of uploads.list((name) => skipped.push(name))) {
      entries.push(await writer.add(`${UPLOADS_PREFIX}${file.key}`, file.size, await uploads.open(file.key)));
      files += 1;
      uploadBytes += file.size;
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: dump.info,
      uploads: { storage: uploads.storage, files, bytes: uploadBytes },
      entries,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writer.add(MANIFEST_ENTRY, manifestBytes.length, Readable.from([manifestBytes]));
    const manifestHash = Buffer.from(`${createHash('sha256').update(manifestBytes).digest('hex')}\n`);
    await writer.add(MANIFEST_HASH_ENTRY, manifestHash.length, Readable.from([manifestHash]));
    const bytes = await writer.finish();
    return { file: out, bytes, ms: performance.now() - started, manifest, skipped };
  } catch (error) {
    await writer.abort();
    throw error instanceof ArchiveError ? new BackupError(error.message) : error;
  } finally {
    await dump.release();
    await rm(workDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

async function readAll(stream: AsyncIterable<Uint8Array>, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new BackupError(`${name} is larger than ${limit} bytes: not a Plates backup`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once, hashing every entry, and answers its manifest once every entry
 * matches it (name, size, sha256), none is missing, none is extra or repeated, and the manifest
 * matches its own hash. Nothing is written.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | undefined;
  let manifestHash: string | undefined;
  try {
    for await (const entry of readArchive(file)) {
      if (!isAllowedEntryName(entry.name)) throw new BackupError(`the archive holds an unexpected entry ${JSON.stringify(entry.name)}: not a Plates backup`);
      if (seen.has(entry.name)) throw new BackupError(`the archive holds ${entry.name} twice`);
      if (entry.name === MANIFEST_ENTRY) {
        manifestBytes = await readAll(entry.stream, MAX_MANIFEST_BYTES, entry.name);
        seen.set(entry.name, { size: manifestBytes.length, sha256: createHash('sha256').update(manifestBytes).digest('hex') });
      } else if (entry.name === MANIFEST_HASH_ENTRY) {
        manifestHash = (await readAll(entry.stream, 1024, entry.name)).toString('utf8').trim();
        seen.set(entry.name, { size: 0, sha256: '' });
      } else {
        seen.set(entry.name, await hashStream(entry.stream));
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw new BackupError(`${file}: ${error.message}`);
    throw error;
  }
  if (!manifestBytes || !manifestHash) throw new BackupError(`${file} has no manifest: not a Plates backup, or cut short`);
  if (seen.get(MANIFEST_ENTRY)!.sha256 !== manifestHash) throw new BackupError(`${file}: the manifest does not match its sha256: the archive is damaged`);

  let manifest: Manifest;
  try {
    const parsed = Manifest.safeParse(JSON.parse(manifestBytes.toString('utf8')));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    manifest = parsed.data;
  } catch (error) {
    throw new BackupError(`${file}: the manifest cannot be read (${(error as Error).message})`);
  }
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new BackupError(`${file} is backup format ${manifest.formatVersion}; this version of Plates reads format ${FORMAT_VERSION} and older`);
  }

  const problems: string[] = [];
  const listed = new Set<string>();
  for (const want of manifest.entries) {
    listed.add(want.name);
    const got = seen.get(want.name);
    if (!got) problems.push(`${want.name} is missing`);
    else if (got.size !== want.size) problems.push(`${want.name} has ${got.size} bytes, the manifest says ${want.size}`);
    else if (got.sha256 !== want.sha256) problems.push(`${want.name} does not match its sha256`);
  }
  for (const name of seen.keys()) {
    if (name !== MANIFEST_ENTRY && name !== MANIFEST_HASH_ENTRY && !listed.has(name)) problems.push(`${name} is not in the manifest`);
  }
  if (!listed.has(manifest.database.entry)) problems.push(`the database dump ${manifest.database.entry} is not in the manifest`);
  const uploadEntries = manifest.entries.filter((e) => e.name.startsWith(UPLOADS_PREFIX)).length;
  if (uploadEntries !== manifest.uploads.files) problems.push(`the manifest lists ${uploadEntries} files but counts ${manifest.uploads.files}`);
  if (problems.length > 0) {
    const more = problems.length > 5 ? ` (and ${problems.length - 5} more)` : '';
    throw new BackupError(`${file} is damaged, nothing was written: ${problems.slice(0, 5).join('; ')}${more}`);
  }
  return manifest;
}

export interface RestoreSummary {
  ms: number;
  manifest: Manifest;
  tables: TableFingerprint[];
  files: number;
  bytes: number;
  /** Files and the database removed first by --force. */
  wiped: { database: boolean; files: number };
}

export async function restoreBackup(
  config: BackupConfig,
  file: string,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<RestoreSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const archive = path.resolve(file);

  log(`checking ${archive}`);
  const manifest = await verifyArchive(archive);
  log(`  ${manifest.entries.length} entries match the manifest (backup of ${manifest.createdAt}, Plates ${manifest.appVersion})`);

  const targetKind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    const name = (kind: string) => (kind === 'pglite' ? 'the embedded database (PGlite)' : 'PostgreSQL');
    throw new BackupError(
      `this backup holds ${name(manifest.database.kind)}, the target is ${name(targetKind)} (${config.databaseUrl ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}): restoring across the two is not supported; nothing was written`,
    );
  }
  checkMigrationLevel(manifest.database.migrations);
  if (manifest.database.kind === 'postgres') {
    const restoreTool = await toolVersion('pg_restore');
    if (restoreTool.major < majorOf(manifest.database.dumpTool.replace(/^pg_dump \(PostgreSQL\) /, ''))) {
      throw new BackupError(`${restoreTool.text} cannot read a dump made by ${manifest.database.dumpTool}: install that client version or newer; nothing was written`);
    }
  }

  const uploads = createUploadStore(config);
  const pglite = targetKind === 'pglite' ? await openPgliteTarget(config) : undefined;
  let postgres;
  try {
    postgres = config.databaseUrl ? await openPostgresTarget(config.databaseUrl) : undefined;
  } catch (error) {
    pglite?.release();
    throw error;
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'plates-restore-'));
  try {
    const databaseEmpty = pglite ? pglite.isEmpty() : await postgres!.isEmpty();
    const uploadsEmpty = await uploads.isEmpty();
    const wiped = { database: false, files: 0 };
    if (!databaseEmpty || !uploadsEmpty) {
      const full = [
        ...(databaseEmpty ? [] : [config.databaseUrl ? 'the database of DATABASE_URL has tables' : `${path.join(config.dataDir, 'db')} is not empty`]),
        ...(uploadsEmpty ? [] : [`the uploads (${uploads.where}) are not empty`]),
      ];
      if (!options.force) {
        throw new BackupError(`restore needs an empty target: ${full.join(' and ')}. Nothing was written; run again with --force to wipe them first`);
      }
      log(`--force: wiping ${full.join(' and ')}`);
      if (!databaseEmpty) {
        await (pglite ? pglite.wipe() : postgres!.wipe());
        wiped.database = true;
      }
      if (!uploadsEmpty) wiped.files = await uploads.wipe();
    }

    let tables: TableFingerprint[] | undefined;
    let files = 0;
    let bytes = 0;
    const listed = new Map(manifest.entries.map((e) => [e.name, e]));
    for await (const entry of readArchive(archive)) {
      const want = listed.get(entry.name);
      if (!want) continue; // the manifest and its hash
      if (entry.name === manifest.database.entry) {
        log(`restoring the database (${manifest.database.tables.length} tables, ${rows(manifest.database.tables)} rows)`);
        tables = await restoreDatabaseEntry(entry, want, workDir, pglite, postgres);
        log(`copying ${manifest.uploads.files} files to ${uploads.where}`);
      } else {
        const key = entry.name.slice(UPLOADS_PREFIX.length);
        const checked = checkedStream(entry.stream, want);
        await uploads.write(key, entry.size, checked);
        files += 1;
        bytes += entry.size;
      }
    }
    if (!tables) throw new BackupError('the database dump went missing between the check and the restore');

    const problems = compareFingerprints(manifest.database.tables, tables);
    if (problems.length > 0) throw new BackupError(`the restored database differs from the backup: ${problems.slice(0, 5).join('; ')}`);
    if (files !== manifest.uploads.files) throw new BackupError(`${files} files restored, the backup has ${manifest.uploads.files}`);
    return { ms: performance.now() - started, manifest, tables, files, bytes, wiped };
  } finally {
    pglite?.release();
    await postgres?.release();
    await rm(workDir, { recursive: true, force: true });
  }
}

function rows(tables: TableFingerprint[]): number {
  return tables.reduce((sum, t) => sum + t.rows, 0);
}

/** The entry's bytes, failing at the end if they differ from what the check pass hashed. */
async function* checkedStream(stream: AsyncIterable<Uint8Array>, want: ManifestEntry): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256');
  for await (const chunk of stream) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest('hex') !== want.sha256) throw new BackupError(`${want.name} changed on disk during the restore`);
}

async function restoreDatabaseEntry(
  entry: ArchiveEntry,
  want: ManifestEntry,
  workDir: string,
  pglite: Awaited<ReturnType<typeof openPgliteTarget>> | undefined,
  postgres: Awaited<ReturnType<typeof openPostgresTarget>> | undefined,
): Promise<TableFingerprint[]> {
  if (pglite) {
    // PGlite loads its dump from memory: the dump's size (gzipped), not the uploads', is held.
    const chunks: Uint8Array[] = [];
    for await (const chunk of checkedStream(entry.stream, want)) chunks.push(chunk);
    return pglite.restore(new Blob(chunks as Uint8Array<ArrayBuffer>[], { type: 'application/x-gzip' }));
  }
  const dumpFile = path.join(workDir, 'postgres.pgdump');
  await pipeline(Readable.from(checkedStream(entry.stream, want)), createWriteStream(dumpFile, { mode: 0o600 }));
  return postgres!.restore(dumpFile);
}

export function totalRows(tables: TableFingerprint[]): number {
  return rows(tables);
}
