// Graceful drain (record 0042) on a real server process: SIGTERM while a request is still being
// sent finishes that request, readiness answers 503 (liveness 200) during the notice period, the
// connected socket is told `server_draining`, new connections are refused once the listener
// closes, and the process exits 0. Runs on the embedded database (DATA_DIR), like main.embedded.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { startServer, type ServerProcess } from './scripts/server-process.js';
import { connected, nextEvent, type ClientSocket } from './test/sockets.js';

const ADMIN = { ADMIN_USERNAME: 'drainer', ADMIN_EMAIL: 'drainer@example.test', ADMIN_PASSWORD: 'drain-password' };
const NOTICE_MS = 1500;

let dataDir: string;
let server: ServerProcess;
let socket: ClientSocket | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'plates-drain-'));
  server = await startServer({ ...ADMIN, DATA_DIR: dataDir, DRAIN_DELAY_MS: String(NOTICE_MS), DRAIN_TIMEOUT_MS: '10000' }, { readyMs: 90_000 });
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sign-in whose body is sent in two halves: the request is in flight until `finish` is called. */
function slowSignIn(url: string): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD });
  const req = httpRequest(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    agent: false,
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res: IncomingMessage) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), answer };
}

describe('SIGTERM on a real server process', () => {
  it('drains: readiness 503, sockets told to reconnect, the request in flight answered, exit 0', async () => {
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    const signIn = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    socket = await connected(server.url, token);
    const told = nextEvent(socket, 'server_draining', 5_000);

    const slow = slowSignIn(server.url);
    await sleep(200); // the headers are in: the request is in flight
    server.signal('SIGTERM');

    expect(await told).toEqual({ reconnectWithinMs: NOTICE_MS });
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: MESSAGES.shuttingDown, code: 'SERVICE_UNAVAILABLE' });
    // The contract's health endpoint and liveness are unchanged while the notice runs.
    expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    await sleep(NOTICE_MS + 500);
    // The listener is closed: a new connection is refused, the process is still finishing.
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
    expect(await Promise.race([server.exited.then(() => 'exited'), sleep(50).then(() => 'running')])).toBe('running');

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token: expect.any(String) });
    expect(await server.exited).toBe(0);
  }, 60_000);
});
