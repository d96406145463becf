// Two instances on one database and one Redis (CI's REDIS_URL pass): events and presence cross them.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.js';
import { parseConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { makeSignedInUser, makeUser, signIn } from '../test/factories.js';
import { connected, nextEvent, record, type ClientSocket } from '../test/sockets.js';
import { redisPresence } from './realtime-presence.js';

const redisUrl = process.env.REDIS_URL ?? '';
let testDb: TestDatabase;
let database: Database;
let dataDir: string;
let a: App;
let b: App;
const open: ClientSocket[] = [];
const mailer: Mailer = { send: async () => {}, close: () => {} };

async function instance(namespace: string): Promise<App> {
  const config = parseConfig({
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:5000',
    REDIS_URL: redisUrl,
  });
  const app = await buildApp(
    { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
    { database, rateLimitNamespace: namespace, mailer },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'plates-redis-'));
  testDb = await createTestDatabase();
  database = await createDatabase({ databaseUrl: testDb.databaseUrl });
  const namespace = `test-${randomBytes(6).toString('hex')}`;
  a = await instance(namespace);
  b = await instance(namespace);
});
afterAll(async () => {
  for (const socket of open) socket.disconnect();
  await a.close();
  await b.close();
  await database.close();
  await testDb.cleanup();
  await rm(dataDir, { recursive: true, force: true });
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
