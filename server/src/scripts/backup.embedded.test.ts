// The commands themselves (`npm run backup`, `npm run restore`) on the embedded database: what they
// print, their exit codes, and a refusal as one line without a stack trace. The round trips with
// every table and file compared are server/src/lib/backup/*.test.ts.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_EXTENSIONS } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let root: string;
const key = `posts/${'cd'.repeat(32)}-640.webp`;

async function run(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    // The embedded database and local uploads, whatever the run's own environment names.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_ENDPOINT: '',
      S3_BUCKET: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'plates-backup-cli-'));
  // A migrated embedded database (the run's snapshot) and one upload.
  const { pgliteSnapshot } = await createTestDatabase();
  await mkdir(path.join(root, 'source/uploads/posts'), { recursive: true });
  const pglite = new PGlite({ dataDir: path.join(root, 'source/db'), loadDataDir: pgliteSnapshot!, extensions: PGLITE_EXTENSIONS });
  await pglite.close();
  await writeFile(path.join(root, 'source/uploads', key), 'not really a picture');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  it('print what they did, and a refusal in one line', async () => {
    const archive = path.join(root, 'site.tar.gz');
    const backup = await run('backup', ['--out', archive], path.join(root, 'source'));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^database: pglite [\d.]+, \d+ tables, \d+ rows, migration \d{4}_\w+ \(\d+ applied\)$/m);
    expect(backup.stdout).toMatch(/^uploads: 1 files, 0\.0 MB from local$/m);
    expect(backup.stdout).toMatch(new RegExp(`^wrote ${archive.replaceAll('.', '\\.')}: [\\d.]+ MB, 2 entries, in [\\d.]+ s$`, 'm'));

    const target = path.join(root, 'target');
    const restore = await run('restore', [archive], target);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^database: \d+ tables, \d+ rows, every table equal to the backup's; at migration \d{4}_\w+/m);
    expect(restore.stdout).toMatch(/^uploads: 1 files, 0\.0 MB$/m);
    expect(await readFile(path.join(target, 'uploads', key), 'utf8')).toBe('not really a picture');

    const again = await run('restore', [archive], target);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^restore refused: restore needs an empty target: .* Nothing was written; run again with --force/),
    ]);
  }, 120_000);
});
