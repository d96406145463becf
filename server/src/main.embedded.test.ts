import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/client.js';
import { users } from './db/schema/index.js';

const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** Starts the real entry point with `env` and answers its exit code and standard error. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'plates-main-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    // A server that starts when it should have refused is ended, not left listening.
    timeout: 20_000,
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr: stderr.trim() };
}

describe('start-up refuses a bad configuration with one line naming the variable', () => {
  it('a malformed PORT', async () => {
    const { code, stderr } = await start({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid PORT: /);
    expect(stderr.split('\n')).toHaveLength(1);
  });

  it('a malformed SMTP_URL', async () => {
    const { code, stderr } = await start({ SMTP_URL: 'mail.example.com' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid SMTP_URL: /);
  });

  it('an unreachable DATABASE_URL', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid DATABASE_URL: cannot connect/);
    expect(stderr.split('\n')).toHaveLength(1);
  });

  it('an ADMIN_USERNAME that someone registered with another email', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'plates-main-'));
    dirs.push(dataDir);
    const database = await createDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.migrate();
    await database.db.insert(users).values({ username: 'sysop', email: 'squatter@example.test', password: 'not-a-hash' });
    await database.close();

    const admin = { ADMIN_USERNAME: 'SysOp', ADMIN_EMAIL: 'operator@example.test', ADMIN_PASSWORD: 'operator-password' };
    const { code, stderr } = await start({ DATA_DIR: dataDir, ...admin });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'Invalid ADMIN_USERNAME: the account "sysop" exists with another email, so it is not made admin; ' +
        "choose another ADMIN_USERNAME, or set ADMIN_EMAIL to that account's email if it is yours",
    );
    // Two PGlite migrations (here and in the started server) of every migration: 8-25 s on a busy
    // two-core machine, measured, so more than the suite's 30 s default.
  }, 90_000);

  it('a PORT in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const { code, stderr } = await start({ PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toBe(`Invalid PORT: ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});
