// `npm run backup -- [--out FILE]`: one archive of the database and the uploads `npm start` uses
// (same environment variables). Record 0044.
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.js';
import { BackupError, createBackup, defaultBackupName, totalRows } from '../lib/backup/backup.js';

const USAGE = 'usage: npm run backup -- [--out FILE]   (FILE ending in .gz is gzipped; default ./plates-backup-<time>.tar)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const config = parseConfig(process.env);
  const out = values.out ?? defaultBackupName(new Date());
  const summary = await createBackup(config, { out, log: (line) => console.log(line) });
  const { manifest } = summary;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `database: ${manifest.database.kind} ${manifest.database.serverVersion}, ${manifest.database.tables.length} tables, ${totalRows(manifest.database.tables)} rows, migration ${manifest.database.migrations.last?.tag ?? 'none'} (${manifest.database.migrations.applied} applied)`,
  );
  console.log(`uploads: ${manifest.uploads.files} files, ${mb(manifest.uploads.bytes)} from ${manifest.uploads.storage}`);
  if (summary.skipped.length > 0) {
    console.log(`skipped ${summary.skipped.length} names in the uploads that are not uploads: ${summary.skipped.slice(0, 5).join(', ')}`);
  }
  console.log(`wrote ${summary.file}: ${mb(summary.bytes)}, ${manifest.entries.length} entries, in ${(summary.ms / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  const badOption = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (badOption) console.error(`${(error as Error).message}\n${USAGE}`);
  else if (error instanceof BackupError || error instanceof ConfigError) console.error(`backup refused: ${error.message}`);
  else console.error(error);
  process.exit(badOption ? 2 : 1);
});
