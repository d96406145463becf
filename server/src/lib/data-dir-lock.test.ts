import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryLockedError, lockDirectory } from './data-dir-lock.js';

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'plates-lock-'));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Another process holding the lock on `dir` until it is killed. */
async function holderProcess(dir: string) {
  const module = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', `import { lockDirectory } from ${JSON.stringify(module)}; lockDirectory(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before locking`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('lockDirectory', () => {
  it('is exclusive within one process until released, and names the holder', async () => {
    const dir = path.join(parent, 'same-process');
    const lock = lockDirectory(dir);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(dir)).toThrow(`another Plates process (pid ${process.pid} on `);
    lock.release();
    lock.release();
    lockDirectory(dir).release();
  });

  it('refuses while another process holds it, and is taken over at once when that process is killed -9', async () => {
    const dir = path.join(parent, 'two-processes');
    const holder = await holderProcess(dir);
    try {
      expect(() => lockDirectory(dir)).toThrow(`another Plates process (pid ${holder.pid} on `);
    } finally {
      await holder.kill();
    }
    // The kernel dropped the dead holder's lock; the file still names it until the next holder writes.
    const lock = lockDirectory(dir);
    expect(JSON.parse(await readFile(lock.path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });
});
