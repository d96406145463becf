// /admin/system's answer: view_dashboard only, the shape the page reads, the requests this instance
// answered (by route pattern), and the health of the database, Redis and the uploads folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemReport } from '@plates/common';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let viewer: Awaited<ReturnType<typeof makeSignedInUser>>;
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  // two files in the uploads folder before it is first measured (it is measured once a minute)
  const dir = path.join(t.config.dataDir, 'uploads', 'ab');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'one.jpg'), Buffer.alloc(1000));
  await writeFile(path.join(t.config.dataDir, 'uploads', 'two.webp'), Buffer.alloc(234));
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  viewer = await makeSignedInUser(t.app);
  await grantRole(t.app, viewer.user.id, 'moderator', { permissions: ['view_dashboard'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
});
afterAll(async () => t?.close());

async function report(headers = admin.headers): Promise<SystemReport> {
  const res = await t.app.inject({ url: '/api/admin/system', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return SystemReport.parse(res.json());
}

describe('GET /api/admin/system', () => {
  it('answers 401 to visitors and 403 to staff without view_dashboard (a default moderator)', async () => {
    expect((await t.app.inject('/api/admin/system')).statusCode).toBe(401);
    const refused = await t.app.inject({ url: '/api/admin/system', headers: moderator.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await t.app.inject({ url: '/api/admin/system', headers: viewer.headers })).statusCode).toBe(200);
  });

  it('shows a request just made under its route pattern, with its status and latency', async () => {
    const before = await report();
    const seen = (r: SystemReport, route: string) => r.traffic.routes.find((x) => x.method === 'GET' && x.route === route);
    const earlier = seen(before, '/api/posts/:id')?.count ?? 0;
    for (const id of [2147480001, 2147480002, 2147480003]) {
      expect((await t.app.inject(`/api/posts/${id}`)).statusCode).toBe(404);
    }
    await t.app.inject('/api/no/such/route');
    const after = await report();
    const posts = seen(after, '/api/posts/:id')!;
    expect(posts.count).toBe(earlier + 3);
    expect(posts.clientErrors).toBeGreaterThanOrEqual(3);
    expect(posts.p50Ms).toBeGreaterThan(0);
    expect(posts.p99Ms).toBeLessThanOrEqual(posts.maxMs);
    expect(after.traffic.routes.some((r) => r.route.includes('2147480001'))).toBe(false);
    expect(seen(after, '(unmatched)')?.count).toBeGreaterThanOrEqual(1);
    expect(after.traffic.total).toBeGreaterThanOrEqual(before.traffic.total + 4);
    expect(after.traffic.perMinute).toHaveLength(60);
    expect(after.traffic.perMinute.reduce((n, m) => n + m.count, 0)).toBe(after.traffic.total);
  });

  it('describes this instance, the database, Redis and the uploads folder, and nothing secret', async () => {
    const res = await t.app.inject({ url: '/api/admin/system', headers: admin.headers });
    const body = SystemReport.parse(res.json());
    expect(body.instances).toHaveLength(1);
    expect(body.instances[0]).toMatchObject({ self: true, version: '0.1.0', node: process.version, sockets: 0 });
    expect(body.instances[0]!.rssBytes).toBeGreaterThan(0);
    expect(body.instances[0]!.jobs.every((j) => j.running >= 0 && j.done >= 0)).toBe(true);
    expect(body.database.ok).toBe(true);
    expect(body.database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.database.sizeBytes).toBeGreaterThan(0);
    expect(body.database.tables.length).toBeGreaterThan(0);
    expect(body.database.tables.length).toBeLessThanOrEqual(8);
    if (process.env.REDIS_URL) expect(body.redis).toMatchObject({ ok: true });
    else expect(body.redis).toBeNull();
    expect(body.uploads).toMatchObject({ driver: 'local', bytes: 1234, files: 2 });
    for (const secret of [t.config.dataDir, t.smtp.url, 'password', 'postgres://', 'redis://']) {
      expect(res.body).not.toContain(secret);
    }
  });
});
