import Fastify from 'fastify';
import { PERMISSIONS } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser } from '../../test/factories.js';
import { createPermissions } from './permissions.js';
import type { AdminRepository } from './admin.repository.js';

/**
 * The authorization matrix of the admin area, generated from the routes the app registered: every
 * `/api/admin/…` route answers 401 to a visitor and 403 to a member without its permission (a
 * plain member, a holder of another permission, a holder whose role expired), and lets through
 * the holder of its permission and an admin.
 */
describe('admin authorization matrix', () => {
  let t: TestApp;
  const headers: Record<string, { authorization: string } | undefined> = {};
  const holders = new Map<string, { authorization: string }>();

  beforeAll(async () => {
    t = await buildTestApp();
    const { app } = t;
    headers.visitor = undefined;
    headers.member = (await makeSignedInUser(app)).headers;
    headers.admin = (await makeSignedInUser(app, { isAdmin: true })).headers;
    const expired = await makeSignedInUser(app);
    await grantRole(app, expired.user.id, 'admin', { expiresAt: new Date(Date.now() - 60_000) });
    headers.expired = expired.headers;
    for (const permission of PERMISSIONS) {
      const holder = await makeSignedInUser(app);
      await grantRole(app, holder.user.id, 'moderator', { permissions: [permission] });
      holders.set(permission, holder.headers);
    }
  });
  afterAll(async () => t?.close());

  const call = (method: string, url: string, auth: { authorization: string } | undefined) =>
    t.app.inject({
      method: method as 'GET',
      // Ids that exist nowhere: a let-through request ends at 404 or 400, never in a change.
      url: url.replace(/:[A-Za-z]+/g, '2147483000'),
      headers: auth,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('covers the routes of the admin and moderation API', () => {
    const urls = t.app.adminRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/posts/pending',
        'POST /api/admin/posts/:id/approve',
        'POST /api/admin/posts/:id/reject',
        'GET /api/admin/audit',
        'POST /api/admin/users/:id/roles',
      ]),
    );
  });

  it('answers 401 to visitors, 403 to members, other permissions and expired roles', async () => {
    for (const route of t.app.adminRoutes) {
      const other = PERMISSIONS.find((p) => p !== route.permission)!;
      const cases: [string, { authorization: string } | undefined, number][] = [
        ['visitor', undefined, 401],
        ['member', headers.member, 403],
        ['expired role', headers.expired, 403],
        [`holder of ${other}`, holders.get(other), 403],
      ];
      for (const [who, auth, status] of cases) {
        const res = await call(route.method, route.url, auth);
        expect({ route: `${route.method} ${route.url}`, who, status: res.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          who,
          status,
        });
      }
    }
  });

  it('lets the holder of the permission and an admin through', async () => {
    for (const route of t.app.adminRoutes) {
      for (const [who, auth] of [
        [`holder of ${route.permission}`, holders.get(route.permission)],
        ['admin', headers.admin],
      ] as const) {
        const res = await call(route.method, route.url, auth);
        expect({ route: `${route.method} ${route.url}`, who, refused: [401, 403].includes(res.statusCode) }).toEqual({
          route: `${route.method} ${route.url}`,
          who,
          refused: false,
        });
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });

  it('refuses to start with an admin route that names no permission', async () => {
    const app = Fastify();
    createPermissions({ repo: {} as AdminRepository }).guardAdminRoutes(app, []);
    expect(() => app.get('/api/admin/forgotten', async () => 'open')).toThrow('GET /api/admin/forgotten needs config.permission');
    await app.close();
  });
});
