// Two instances on one database and one Redis (CI's REDIS_URL pass): each measures itself and
// publishes what it saw, so either one's /api/admin/system shows both instances and their requests.
import { describe, expect, it } from 'vitest';
import { SystemReport } from '@plates/common';
import { makeSignedInUser } from '../../test/factories.js';
import { twoInstances } from '../../test/instances.js';
import type { App } from '../../app.js';

const instances = twoInstances();

describe('/admin/system across instances (Redis)', () => {
  it("shows both instances and merges A's requests into B's answer", async () => {
    const [a, b] = [instances.a(), instances.b()];
    const admin = await makeSignedInUser(a, { isAdmin: true });
    for (let i = 0; i < 5; i++) await a.inject(`/api/users/${2147481000 + i}`);
    const report = async (app: App) =>
      SystemReport.parse((await app.inject({ url: '/api/admin/system', headers: admin.headers })).json());
    const routeCount = (r: SystemReport) => r.traffic.routes.find((x) => x.method === 'GET' && x.route === '/api/users/:id')?.count ?? 0;

    // A publishes every 10 s; publish now rather than wait
    await a.services.systemRegistry.publish();
    const fromB = await report(b);
    expect(fromB.instances).toHaveLength(2);
    expect(fromB.instances.filter((i) => i.self)).toHaveLength(1);
    expect(new Set(fromB.instances.map((i) => i.id)).size).toBe(2);
    expect(routeCount(fromB)).toBeGreaterThanOrEqual(5);
    expect(fromB.redis).toMatchObject({ ok: true });
    expect(fromB.redis!.usedMemoryBytes).toBeGreaterThan(0);
  });
});
