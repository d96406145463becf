// docs/licences.md lists every production dependency from package-lock.json (issue 18): it must be
// regenerated (`npm run licences`) whenever the lock changes, or this fails.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = path.join(root, 'scripts', 'licences.mjs');

describe('docs/licences.md', () => {
  it('is what package-lock.json gives today', () => {
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('is found stale when the lock gains a production package, and flags a licence that is not permissive', () => {
    // A copy of the repository's two files in a scratch folder, with one package added to the lock.
    const scratch = mkdtempSync(path.join(tmpdir(), 'plates-licences-'));
    try {
      for (const dir of ['scripts', 'docs']) spawnSync('mkdir', ['-p', path.join(scratch, dir)]);
      copyFileSync(script, path.join(scratch, 'scripts', 'licences.mjs'));
      copyFileSync(path.join(root, 'docs', 'licences.md'), path.join(scratch, 'docs', 'licences.md'));
      const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
      lock.packages['node_modules/copyleft-thing'] = { version: '1.0.0', license: 'GPL-3.0-only' };
      writeFileSync(path.join(scratch, 'package-lock.json'), JSON.stringify(lock));
      const check = spawnSync(process.execPath, [path.join(scratch, 'scripts', 'licences.mjs'), '--check'], { encoding: 'utf8' });
      expect(check.status).toBe(1);
      expect(check.stderr).toMatch(/npm run licences/);
      spawnSync(process.execPath, [path.join(scratch, 'scripts', 'licences.mjs')], { encoding: 'utf8' });
      const written = readFileSync(path.join(scratch, 'docs', 'licences.md'), 'utf8');
      expect(written).toMatch(/\| GPL-3\.0-only \| 1 \| \*\*no: see below\*\* \|/);
      expect(written).toMatch(/- \*\*GPL-3\.0-only\*\*: copyleft-thing@1\.0\.0/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
