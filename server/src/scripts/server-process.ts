// Real Plates server processes (`node --import tsx server/src/main.ts`, or the compiled
// `server/dist/main.js` after `npm run build -w server`), for the multi-instance tests, the drain
// test and the realtime benchmark: each on its own loopback port (or the one asked for), sharing
// whatever database and Redis the caller's environment names. Readiness is `GET /api/health` answering 200.
import { spawn, type ChildProcess } from 'node:child_process';
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
