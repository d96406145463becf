// Members' write marks in Redis (read-your-own-writes across instances, record 0043).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisWriteMarks } from './read-routing.js';

const redis = new Redis(process.env.REDIS_URL!);
const namespace = `test-ryow-${randomBytes(6).toString('hex')}:`;
afterAll(async () => {
  const keys = await redis.keys(`${namespace}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('redisWriteMarks', () => {
  it('keeps the later of two marks whichever instance sets them, and lets them expire', async () => {
    const marks = redisWriteMarks(redis, namespace);
    expect(await marks.get(1)).toBeUndefined();
    await marks.set(1, (0x1n << 32n) + 0x20n, 200);
    await marks.set(1, 0xffffffffn, 200);
    expect(await marks.get(1)).toBe((0x1n << 32n) + 0x20n);
    await marks.set(1, (0x2n << 32n) + 0x1n, 200);
    expect(await marks.get(1)).toBe((0x2n << 32n) + 0x1n);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await marks.get(1)).toBeUndefined();
  });
});
