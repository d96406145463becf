// A statement cancelled by DATABASE_STATEMENT_TIMEOUT_MS (sent as PostgreSQL's statement_timeout
// startup parameter) is answered 503 with the catalogue's words (record 0043). PostgreSQL only:
// the embedded database has no timeout.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

describe('a statement past DATABASE_STATEMENT_TIMEOUT_MS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '300' } });
    t.app.get('/api/test-only/sleep/:seconds', async (request) => {
      const seconds = Number((request.params as { seconds: string }).seconds);
      await t.app.services.database.db.execute(sql`select pg_sleep(${seconds})`);
      return { slept: seconds };
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is cancelled and answered 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/sleep/3' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: MESSAGES.databaseTimeout, code: 'SERVICE_UNAVAILABLE' });
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('lets a statement within the timeout finish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/sleep/0.05' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ slept: 0.05 });
  });
});

describe('a request that finds no pooled connection free in time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database: { poolSize: 1, connectTimeoutMs: 200 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is answered 503 SERVICE_UNAVAILABLE, and the next one once the connection is back is served', async () => {
    const { db } = t.app.services.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holdingNow!: () => void;
    const inTransaction = new Promise<void>((resolve) => {
      holdingNow = resolve;
    });
    // The pool's one connection, held by a transaction until released.
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holdingNow();
      await held;
    });
    await inTransaction;
    // A session to look up: a query even where the visitors' feed would come from its shared copy.
    const res = await t.app.inject({ method: 'GET', url: '/api/posts?limit=1', headers: { authorization: 'Bearer nope' } });
    release();
    await holding;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MESSAGES.databaseTimeout, code: 'SERVICE_UNAVAILABLE' });
    // The connection is back (the app's own background work may take it for a moment: asked again).
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' })).statusCode, { timeout: 5000 }).toBe(200);
  });
});
