// Real Plates server processes (`node --import tsx server/src/main.ts`, or the compiled
// `server/dist/main.js` after `npm run build -w server`), for the multi-instance tests, the drain
// test and the realtime benchmark: each on its own loopback port (or the one asked for), sharing
// whatever database and Redis the caller's environment names. Readiness is `GET /api/health` answering 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'server/src/main.ts');
const COMPILED_MAIN = path.join(ROOT, 'server/dist/main.js');

export interface ServerProcess {
  /** `http://127.0.0.1:{port}` */
  url: string;
  pid: number;
  port: number;
  /** SIGTERM and wait for a clean exit (the server closes its sockets and withdraws its presence). */
  stop(): Promise<void>;
  /** Sends `signal` and answers at once; `exited` tells how it ended. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when a signal ended it) once the process is gone. */
  exited: Promise<number | null>;
  /** SIGKILL: the instance dies without a word, as a crashed machine would. */
  kill(): Promise<void>;
  /** What the process wrote so far (stdout and stderr), for failure messages. */
  output(): string;
}

/** A port nobody listens on right now (the kernel's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a server with `env` on top of this process's environment (PORT and HOST are chosen here)
 * and resolves once it is healthy; rejects with its output if it exits or is not ready in time.
 */
export async function startServer(
  env: Record<string, string>,
  options: { readyMs?: number; port?: number; compiled?: boolean } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = options.compiled ? ['--enable-source-maps', COMPILED_MAIN] : ['--import', 'tsx', MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + (options.readyMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server on port ${port} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on port ${port} was not healthy within ${options.readyMs ?? 60_000} ms:\n${log}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const end = async (child: ChildProcess, signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return {
    url,
    pid: child.pid ?? 0,
    port,
    exited,
    signal: (signal) => void child.kill(signal),
    stop: () => end(child, 'SIGTERM'),
    kill: () => end(child, 'SIGKILL'),
    output: () => log,
  };
}

/** The resident memory of process `pid` in MB (Linux: /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** Clock ticks a second in /proc/PID/stat (Linux's USER_HZ: 100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) in ms that each of processes `pids` has used so far; a process gone is left out. */
export async function cpuMsByPid(pids: number[]): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces: utime is the
      // 14th field of the line, stime the 15th (11th and 12th after the name).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // gone
    }
  }
  return used;
}

/** CPU ms processes used between two `cpuMsByPid` readings: only those alive at both count. */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, end] of after) {
    const start = before.get(pid);
    if (start !== undefined) ms += end - start;
  }
  return ms;
}

/** Ids of the running processes whose command name is `name` (PostgreSQL's backends, redis-server). */
export async function pidsNamed(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if ((await readFile(`/proc/${entry}/comm`, 'utf8')).trim() === name) pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return pids;
}

/**
 * PostgreSQL's processes that work for database `name`: its backends (their command line names the
 * database) and the server's WAL writer, checkpointer and background writer. Other databases'
 * backends on the same server (other work on the machine) are left out.
 */
export async function postgresProcessesOf(name: string): Promise<number[]> {
  const pids: number[] = [];
  for (const pid of await pidsNamed('postgres')) {
    try {
      const title = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (title.includes(` ${name} `) || /: (walwriter|checkpointer|background writer)/.test(title)) pids.push(pid);
    } catch {
      // gone
    }
  }
  return pids;
}

/** PostgreSQL's processes working for `DATABASE_URL`'s database; none with the embedded one (it runs inside the server). */
export async function postgresPids(): Promise<number[]> {
  const url = process.env.DATABASE_URL;
  if (!url) return [];
  return postgresProcessesOf(decodeURIComponent(new URL(url).pathname.slice(1)));
}
