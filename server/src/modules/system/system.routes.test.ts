import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // a route that fails unexpectedly, to see what a client is told
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret detail at /srv/db password=hunter2');
  });
});
afterAll(async () => {
  await t?.close();
});

describe('system endpoints', () => {
  it('GET /api/health answers ok once migrated', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/stats/community counts real members', async () => {
    await makeUser(t.app);
    await makeUser(t.app, { emailVerified: false });
    const res = await t.app.inject('/api/stats/community');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ posts: 0, users: 1, ratings: 0 });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'The requested resource was not found.' });
  });

  it('answers an unexpected failure without detail and logs it', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Server error. Our team has been notified.' });
    expect(res.body).not.toMatch(/hunter2|secret|\.ts/);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets pages open sockets to their own origin only', async () => {
    const csp = String((await t.app.inject('/api/health')).headers['content-security-policy']);
    const connect = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '));
    // Bare `ws:` / `wss:` would allow a socket to any host (a script injected somewhere could leak to it).
    expect(connect).toBe("connect-src 'self' ws://localhost:5000");
  });

  it('serves /api/docs over plain http without asking the browser to upgrade to https', async () => {
    const page = await t.app.inject('/api/docs/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const secure = await buildTestApp({ env: { APP_URL: 'https://plates.example' } });
    try {
      const https = await secure.app.inject('/api/docs/');
      expect(String(https.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const api = String((await secure.app.inject('/api/health')).headers['content-security-policy']);
      expect(api).toContain("connect-src 'self' wss://plates.example");
    } finally {
      await secure.close();
    }
  });

  it('publishes the OpenAPI document from the same schemas at /api/docs', async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/register', '/api/user', '/api/health']));
    expect(json.paths['/api/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
  });
});
