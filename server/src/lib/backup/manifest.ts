// The manifest of a backup archive (record 0044): what it holds and how to check it. Written as
// `manifest.json` after every other entry (the hashes are known only once the entries are
// written), followed by `manifest.json.sha256`, the hash of the manifest's own bytes.
import { z } from 'zod';
import { isSafeKey } from '../storage/index.js';

export const FORMAT = 'plates-backup';
export const FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_HASH_ENTRY = 'manifest.json.sha256';
export const UPLOADS_PREFIX = 'uploads/';
/** PGlite's own dump of its data directory (`dumpDataDir('gzip')`): a gzipped tar. */
export const PGLITE_ENTRY = 'database/pglite-datadir.tar.gz';
/** `pg_dump --format=custom` of DATABASE_URL. */
export const POSTGRES_ENTRY = 'database/postgres.pgdump';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const ManifestEntry = z.object({
  name: z.string().min(1),
  size: z.number().int().min(0),
  sha256: Sha256,
});
export type ManifestEntry = z.infer<typeof ManifestEntry>;

export const Manifest = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    entry: z.enum([PGLITE_ENTRY, POSTGRES_ENTRY]),
    /** `server_version` of the database dumped. */
    serverVersion: z.string(),
    /** What made the dump: `PGlite 0.5.16 dumpDataDir` or `pg_dump (PostgreSQL) 15.20`. */
    dumpTool: z.string(),
    migrations: z.object({
      applied: z.number().int().min(0),
      /** The last applied migration: its tag from the journal and drizzle's `created_at` (the journal's `when`). */
      last: z.object({ tag: z.string().nullable(), createdAt: z.number() }).nullable(),
    }),
    tables: z.array(z.object({ name: z.string(), rows: z.number().int().min(0), hash: z.string() })),
  }),
  uploads: z.object({
    storage: z.enum(['local', 's3']),
    files: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  entries: z.array(ManifestEntry),
});
export type Manifest = z.infer<typeof Manifest>;

/** True for the names a backup may hold; anything else (`../x`, `/etc/passwd`, stray files) is refused. */
export function isAllowedEntryName(name: string): boolean {
  if (name === MANIFEST_ENTRY || name === MANIFEST_HASH_ENTRY || name === PGLITE_ENTRY || name === POSTGRES_ENTRY) return true;
  return name.startsWith(UPLOADS_PREFIX) && isSafeKey(name.slice(UPLOADS_PREFIX.length));
}
