// A client that goes away in the middle of its request body (a cancelled upload, a closed tab) is a
// note in the log, not an error report: the hostile tester's aborted uploads filled the error log.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { makeUser, signIn } from '../test/factories.js';

let t: TestApp;
let token: string;
const lines: Array<{ level: number; msg: string }> = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as (typeof lines)[number]) },
  });
  token = (await signIn(t.app, (await makeUser(t.app)).username)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

/** Sends the head of a request and a part of its body, then closes the connection. */
async function abandon(contentType: string, partialBody: string): Promise<void> {
  const { port } = t.app.server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/posts HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: 100000\r\n\r\n${partialBody}`,
  );
  await until(() => lines.slice(seen).some((l) => l.msg === 'incoming request'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

let seen = 0;

describe('a client that closes the connection mid-request', () => {
  it('is logged as a note, never as an error', async () => {
    seen = lines.length;
    await abandon(
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    );
    // Whichever comes: the note, or an error report (as before the fix).
    await until(() => lines.slice(seen).some((l) => l.level >= 50 || l.msg.startsWith('client closed')));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = lines.slice(seen);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
    expect(logged.map((l) => l.msg)).toContain('client closed the connection before its request was read');
  });

  it('still reports a real failure as an error', async () => {
    seen = lines.length;
    t.app.log.error('a real failure');
    expect(lines.slice(seen).filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['a real failure']);
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for the log: ${JSON.stringify(lines.slice(seen))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
