// Two instances on one database and one Redis (CI's REDIS_URL pass): events and presence cross them.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { makeSignedInUser, makeUser, signIn } from '../test/factories.js';
import { twoInstances } from '../test/instances.js';
import { connected, nextEvent, record, type ClientSocket } from '../test/sockets.js';
import { redisPresence } from './realtime-presence.js';

const redisUrl = process.env.REDIS_URL ?? '';
const instances = twoInstances();
let a: App;
let b: App;
const open: ClientSocket[] = [];

beforeEach(() => {
  a = instances.a();
  b = instances.b();
});
// Before the instances close (hooks after the tests run last-registered first).
afterAll(() => {
  for (const socket of open) socket.disconnect();
});

async function socketOn(app: App, token: string): Promise<ClientSocket> {
  const socket = await connected(app, token);
  open.push(socket);
  return socket;
}

describe('realtime across instances (Redis)', () => {
  it('delivers a notification caused on instance A to a socket on instance B, and to nobody else', async () => {
    const follower = await makeSignedInUser(a);
    const followed = await makeUser(a);
    const bystander = await makeUser(a);
    const onB = await socketOn(b, (await signIn(b, followed.username)).token);
    const strays = record(await socketOn(a, (await signIn(a, bystander.username)).token), 'notification');

    const arrived = nextEvent(onB, 'notification');
    const res = await a.inject({ method: 'POST', url: `/api/users/${followed.id}/follow`, headers: follower.headers });
    expect(res.statusCode).toBe(200);
    expect(await arrived).toMatchObject({ type: 'follow', actorId: follower.user.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strays).toEqual([]);
  });

  it('sees presence across instances: online while a tab is open on either', async () => {
    const user = await makeUser(a);
    const { token } = await signIn(a, user.username);
    const tabOnA = await socketOn(a, token);
    const tabOnB = await socketOn(b, token);
    await vi.waitFor(async () => expect(await b.services.realtime.isOnline([user.id])).toEqual(new Set([user.id])));

    tabOnB.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await b.services.realtime.isOnline([user.id])).toEqual(new Set([user.id]));

    tabOnA.disconnect();
    await vi.waitFor(async () => expect(await b.services.realtime.isOnline([user.id])).toEqual(new Set()));
    expect(await a.services.realtime.isOnline([user.id])).toEqual(new Set());
  });

  it("expires a dead instance's sockets and reports the users left offline, once", async () => {
    const redis = new Redis(redisUrl);
    const prefix = `test-${randomBytes(6).toString('hex')}:presence`;
    try {
      const crashed = redisPresence(redis, { prefix, instanceId: 'crashed', heartbeatMs: 60_000 });
      crashed.start(() => {});
      await vi.waitFor(async () => expect(await redis.zscore(`${prefix}:instances`, 'crashed')).not.toBeNull());
      expect(await crashed.add(7, 's1')).toBe(true);
      expect(await crashed.add(8, 's2')).toBe(true);

      // Another instance, an hour later: the crashed instance never beat again.
      const later = () => Date.now() + 3_600_000;
      const survivor = redisPresence(redis, { prefix, instanceId: 'survivor', heartbeatMs: 60_000, now: later });
      expect(await survivor.add(8, 's3')).toBe(true); // s2 no longer counts
      const expired = vi.fn();
      survivor.start(expired);
      await vi.waitFor(() => expect(expired).toHaveBeenCalledWith([7]));
      expect(await survivor.online([7, 8])).toEqual(new Set([8]));
      expect(await redis.hgetall(`${prefix}:user:8`)).toEqual({ s3: 'survivor' });
      await survivor.close();
      await crashed.close();
    } finally {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
