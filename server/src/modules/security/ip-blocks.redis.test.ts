// Two instances on one database and one Redis (CI's REDIS_URL pass): a block made on one is
// enforced by the other at once. Without Redis, block-list.test.ts shows the same through the
// in-process bus.
import { describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { twoInstances } from '../../test/instances.js';

const instances = twoInstances();

describe('IP blocks across instances (Redis)', () => {
  it('enforces a block made on instance A on instance B, and lifts it there when removed on B', async () => {
    const [a, b] = [instances.a(), instances.b()];
    const admin = await makeSignedInUser(a, { isAdmin: true });
    const target = '203.0.113.9';
    expect((await b.inject({ method: 'GET', url: '/api/posts', remoteAddress: target })).statusCode).toBe(200);

    const created = await a.inject({
      method: 'POST',
      url: '/api/admin/ip-blocks',
      headers: admin.headers,
      remoteAddress: '192.0.2.1',
      payload: { ipAddress: '203.0.113.0/24', blockType: 'no_access', reason: 'Scraper' },
    });
    expect(created.statusCode).toBe(201);
    await expect
      .poll(async () => (await b.inject({ method: 'GET', url: '/api/posts', remoteAddress: target })).statusCode, { timeout: 2000 })
      .toBe(403);

    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/admin/ip-blocks/${created.json().id}`,
      headers: admin.headers,
      remoteAddress: '192.0.2.1',
    });
    expect(removed.statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/posts', remoteAddress: target })).statusCode).toBe(200);
    await expect
      .poll(async () => (await a.inject({ method: 'GET', url: '/api/posts', remoteAddress: target })).statusCode, { timeout: 2000 })
      .toBe(200);
  });
});
