import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { typingStoreContract } from './chat.typing.contract.js';
import { redisTypingStore } from './chat.typing.js';

const redis = new Redis(process.env.REDIS_URL ?? '');
const prefix = `test-${randomBytes(6).toString('hex')}:typing`;
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe('typing flags in Redis', () => {
  typingStoreContract(async () => ({ store: redisTypingStore(redis, prefix), sessions: [1, 2, 3, 4, 5], users: [7, 8, 9] }));
});
