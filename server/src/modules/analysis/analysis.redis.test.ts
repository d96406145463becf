// Two instances on one database and one Redis: an analysis switched off or a threshold changed on
// one instance is what the other applies at once. Without Redis, analysis.admin.test.ts shows the
// same on one instance.
import { describe, expect, it } from 'vitest';
import type { AdminAiResponse } from '@plates/common';
import { makeSignedInUser } from '../../test/factories.js';
import { twoInstances } from '../../test/instances.js';

const instances = twoInstances();

describe('analysis switches across instances (Redis)', () => {
  it('a part switched and thresholds saved on instance A are what instance B uses', async () => {
    const [a, b] = [instances.a(), instances.b()];
    const admin = await makeSignedInUser(a, { isAdmin: true });
    const seenByB = async () => (await b.inject({ url: '/api/admin/ai', headers: admin.headers })).json<AdminAiResponse>();
    const similarOn = async () => (await seenByB()).parts.find((p) => p.name === 'similar_plates')?.enabled;
    expect(await similarOn()).toBe(true);
    const put = (enabled: boolean) =>
      a.inject({ method: 'PUT', url: '/api/admin/ai/parts/similar_plates', headers: admin.headers, payload: { enabled } });
    expect((await put(false)).statusCode).toBe(200);
    await expect.poll(similarOn, { timeout: 2000 }).toBe(false);
    expect((await put(true)).statusCode).toBe(200);
    await expect.poll(similarOn, { timeout: 2000 }).toBe(true);

    const saved = await a.inject({
      method: 'PUT',
      url: '/api/admin/ai/thresholds',
      headers: admin.headers,
      payload: { nsfwHoldPercent: 80, foodMinPercent: 20 },
    });
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => (await seenByB()).thresholds, { timeout: 2000 }).toEqual({ nsfwHoldPercent: 80, foodMinPercent: 20 });
  });
});
