// `npm run restore -- FILE [--force]`: puts a backup back into the database and uploads `npm start`
// uses (same environment variables), which must be empty unless --force wipes them first. The
// archive is checked in full before anything is written. Record 0044.
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.js';
import { BackupError, restoreBackup, totalRows } from '../lib/backup/backup.js';

const USAGE = 'usage: npm run restore -- FILE [--force]   (--force wipes a non-empty database and uploads first)';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = parseConfig(process.env);
  const summary = await restoreBackup(config, positionals[0]!, { force: values.force, log: (line) => console.log(line) });
  const { manifest } = summary;
  if (summary.wiped.database || summary.wiped.files > 0) {
    console.log(`wiped first: ${summary.wiped.database ? 'the database' : 'no database'}, ${summary.wiped.files} files`);
  }
  console.log(
    `database: ${summary.tables.length} tables, ${totalRows(summary.tables)} rows, every table equal to the backup's; at migration ${manifest.database.migrations.last?.tag ?? 'none'} (the next start applies any newer ones)`,
  );
  console.log(`uploads: ${summary.files} files, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`restored ${manifest.createdAt}'s backup in ${(summary.ms / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  const badOption = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (badOption) console.error(`${(error as Error).message}\n${USAGE}`);
  else if (error instanceof BackupError || error instanceof ConfigError) console.error(`restore refused: ${error.message}`);
  else console.error(error);
  process.exit(badOption ? 2 : 1);
});
