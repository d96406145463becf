import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.js';
import { parseConfig } from '../config.js';
import { createDatabase, type Database } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * Two instances of the app in this process, listening on loopback ports, on one fresh database
 * and the REDIS_URL Redis under one key namespace: a deployment of two, for the *.redis.test.ts
 * files (built before the file's tests, closed after its own afterAll hooks).
 */
export function twoInstances(): { a(): App; b(): App } {
  const redisUrl = process.env.REDIS_URL ?? '';
  const mailer: Mailer = { send: async () => {}, close: () => {} };
  let testDb: TestDatabase | undefined;
  let database: Database | undefined;
  let dataDir = '';
  const apps: App[] = [];

  async function instance(namespace: string): Promise<App> {
    const config = parseConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:5000',
      REDIS_URL: redisUrl,
    });
    const app = await buildApp(
      { ...config, webDistDir: path.join(dataDir, 'no-web-build') },
      { database: database!, rateLimitNamespace: namespace, mailer, analyzer: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'plates-redis-'));
    testDb = await createTestDatabase();
    database = await createDatabase({ databaseUrl: testDb.databaseUrl, pgliteSnapshot: testDb.pgliteSnapshot });
    const namespace = `test-${randomBytes(6).toString('hex')}`;
    apps.push(await instance(namespace), await instance(namespace));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await testDb?.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (i: number) => () => {
    const app = apps[i];
    if (!app) throw new Error('the instances are built in beforeAll');
    return app;
  };
  return { a: get(0), b: get(1) };
}
