import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { clientIpFrom } from '../../lib/request-meta.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

// Liveness, readiness and the first step of a drain (record 0042), and client addresses behind a
// proxy named in TRUST_PROXY. The drain of a real process is in drain.embedded.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' } });
  t.app.get('/api/test/ip', async (request) => ({ ip: request.ip }));
});
afterAll(async () => {
  await t?.close();
});

const ipOf = async (remoteAddress: string, forwardedFor?: string) =>
  (
    await t.app.inject({
      url: '/api/test/ip',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
  ).json<{ ip: string }>().ip;

describe('client addresses behind a proxy', () => {
  it('believes X-Forwarded-For from a proxy in TRUST_PROXY only', async () => {
    expect(await ipOf('10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf('192.168.4.4', '203.0.113.8')).toBe('203.0.113.8');
    // A client that sends the header itself straight to the app, or through an unknown hop, is not believed.
    expect(await ipOf('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
    // Through the trusted proxy, a forged first entry is ignored: the proxy's own entry counts.
    expect(await ipOf('10.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads the Socket.IO handshake by the same rule', () => {
    const request = (remoteAddress: string, forwardedFor: string) =>
      ({ socket: { remoteAddress }, connection: { remoteAddress }, headers: { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;
    expect(clientIpFrom(['10.0.0.1'])(request('10.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIpFrom(['10.0.0.1'])(request('198.51.100.9', '203.0.113.7'))).toBe('198.51.100.9');
    expect(clientIpFrom([])(request('10.0.0.1', '203.0.113.7'))).toBe('10.0.0.1');
  });
});

describe('health endpoints', () => {
  it('answers liveness and readiness with 200 while the database answers', async () => {
    for (const url of ['/api/health/live', '/api/health/ready', '/api/health']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      if (url !== '/api/health') expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  // Last: the app stays draining.
  it('answers readiness 503 once draining, while liveness and /api/health stay 200', async () => {
    t.app.startDraining(1000);
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: MESSAGES.shuttingDown, code: 'SERVICE_UNAVAILABLE' });
    expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});
