// Two instances on one database and one Redis (CI's REDIS_URL pass): a setting saved on one applies
// on the other at once. Without Redis, settings.routes.test.ts shows the same on one instance.
import { describe, expect, it } from 'vitest';
import { makeSignedInUser } from '../../test/factories.js';
import { twoInstances } from '../../test/instances.js';

const instances = twoInstances();

describe('settings across instances (Redis)', () => {
  it('maintenance mode switched on instance A is what instance B answers, and back', async () => {
    const [a, b] = [instances.a(), instances.b()];
    const admin = await makeSignedInUser(a, { isAdmin: true });
    const maintenance = async () => (await b.inject('/api/system/maintenance')).json().maintenance as boolean;
    expect(await maintenance()).toBe(false);
    const put = (value: boolean) =>
      a.inject({ method: 'PUT', url: '/api/admin/settings/maintenance_mode', headers: admin.headers, payload: { value } });
    expect((await put(true)).statusCode).toBe(200);
    await expect.poll(maintenance, { timeout: 2000 }).toBe(true);
    expect((await put(false)).statusCode).toBe(200);
    await expect.poll(maintenance, { timeout: 2000 }).toBe(false);
  });
});
