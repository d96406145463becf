// Acknowledged writes survive a careless operator on the embedded database: while a server takes
// sign-ups on DATA_DIR, a second `npm start` on the same DATA_DIR (on the same port, then on
// another) is refused without opening the database, the first server is killed -9, and the
// restarted server holds every account it ever answered 201 for. Before the DATA_DIR lock, the
// second start opened, migrated and wrote back its own copy of the files, and a restart after the
// crash lost most of the first server's writes.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/client.js';
import { users } from './db/schema/index.js';
import { freePort, startServer, type ServerProcess } from './scripts/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const running: ServerProcess[] = [];

/** Embedded database in `dataDir`, whatever the test run's own environment names. */
const embeddedEnv = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
  REGISTER_LIMIT_PER_IP: '100000',
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'plates-durability-'));
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Runs `main.ts` on `port` and answers how it ended. A start that is not refused within the time
 * (it serves instead) is killed and reported as such, so the test fails rather than hangs.
 */
async function secondStart(port: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...embeddedEnv(), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, stderr: stderr.trim() };
}

/** Signs up members one after another on `server` until `stop()`, remembering every 201. */
function signUps(server: ServerProcess, lanes = 3) {
  const acknowledged: string[] = [];
  let stopped = false;
  let n = 0;
  const lane = async (id: number) => {
    while (!stopped) {
      const username = `durable_${id}_${(n += 1)}`;
      const res = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, email: `${username}@example.test`, password: 'correct horse battery' }),
      }).catch(() => undefined);
      if (res?.status === 201) acknowledged.push(username);
      else if (res) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    }
  };
  const done = Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await done;
    },
  };
}

describe('a second start on the same DATA_DIR', () => {
  it('is refused before it opens the database, and a kill -9 and restart keep every acknowledged write', async () => {
    const first = await startServer(embeddedEnv());
    running.push(first);
    const writes = signUps(first);
    await until(() => writes.acknowledged.length >= 10);

    const samePort = await secondStart(Number(new URL(first.url).port));
    expect(samePort.code).toBe(1);
    expect(samePort.stderr).toBe(`Invalid PORT: ${new URL(first.url).port} is already in use`);

    const otherPort = await secondStart(await freePort());
    expect(otherPort.code).toBe(1);
    expect(otherPort.stderr).toBe(
      `Invalid DATA_DIR: the database in ${path.join(dataDir, 'db')} is in use: another Plates process (pid ${first.pid}` +
        otherPort.stderr.slice(otherPort.stderr.indexOf(' on ')),
    );
    expect(otherPort.stderr.split('\n')).toHaveLength(1);

    // The first server went on answering throughout; then it dies without a word.
    const before = writes.acknowledged.length;
    await until(() => writes.acknowledged.length >= before + 10);
    await first.kill();
    await writes.stop();
    const acknowledged = [...writes.acknowledged];

    // The kernel dropped the dead server's lock: a restart takes the folder over at once.
    const restarted = await startServer(embeddedEnv());
    running.push(restarted);
    const signIn = await fetch(`${restarted.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: acknowledged.at(-1), password: 'correct horse battery' }),
    });
    // The newest acknowledged account exists (unverified: 403 EMAIL_NOT_VERIFIED, not 401).
    expect(signIn.status).toBe(403);
    await restarted.stop();

    const database = await createDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const found = await database.db.select({ username: users.username }).from(users).where(inArray(users.username, acknowledged));
      const missing = acknowledged.filter((name) => !found.some((row) => row.username === name));
      expect(missing).toEqual([]);
      expect(found).toHaveLength(acknowledged.length);
    } finally {
      await database.close();
    }
  }, 180_000);
});

async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
