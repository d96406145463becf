// The server behind Debian's PgBouncer (1.18) in transaction mode, started here on port 5761
// (PLATES_TEST_PGBOUNCER_PORT) in front of DATABASE_URL's server with fewer server connections than
// the app has clients (record 0043). Included with DATABASE_URL (vitest.config.ts); skips loudly
// without root, runuser or pgbouncer, and fails instead with PLATES_REQUIRE_OUTSIDE_SERVERS=1 (CI).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { chatClient } from '../test/chat.test-helpers.js';
import { createTestDatabase } from '../test/database.js';
import { makePost, makeSignedInUser } from '../test/factories.js';
import { outsideServersMissing, skipLoudly, startPgbouncer, type OutsideServer } from '../test/outside-servers.js';
import { createDatabase, resetStatementNames } from './client.js';

const missing = await outsideServersMissing(['pgbouncer']);
const skip = skipLoudly(missing, 'PgBouncer tests');
const PORT = Number(process.env.PLATES_TEST_PGBOUNCER_PORT ?? 5761);
const SERVER_CONNECTIONS = 3;
const CLIENTS = 12;
const TIMEOUT_MS = 1500;

describe.skipIf(skip)('behind PgBouncer in transaction mode', () => {
  let bouncer: OutsideServer;

  beforeAll(async () => {
    // The statement timeout cannot travel as a startup parameter through PgBouncer: it is set on
    // each server connection PgBouncer opens.
    bouncer = await startPgbouncer(PORT, {
      serverConnections: SERVER_CONNECTIONS,
      connectQuery: `set statement_timeout = ${TIMEOUT_MS}`,
    });
  }, 60_000);
  afterAll(async () => {
    await bouncer?.stop();
  });

  /** `bouncer`'s address with the database name of `databaseUrl`. */
  const through = (databaseUrl: string) => {
    const url = new URL(bouncer.url);
    url.pathname = new URL(databaseUrl).pathname;
    return url.toString();
  };

  it('breaks named statements (what DATABASE_POOLER=pgbouncer-transaction avoids)', async () => {
    resetStatementNames();
    const testDb = await createTestDatabase();
    const database = await createDatabase({ databaseUrl: through(testDb.databaseUrl!), poolSize: CLIENTS });
    try {
      // Each client prepares the statement on whichever server connection it got, then binds it on
      // whichever it gets next: "does not exist" (26000) or, preparing, "already exists" (42P05).
      const rounds = await Promise.allSettled(
        Array.from({ length: CLIENTS * 8 }, (_, i) => database.db.execute(sql`select ${i}::int + 1 as named_behind_pgbouncer`)),
      );
      const codes = rounds.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(['26000', '42P05']).toContain(code);
    } finally {
      await database.close();
      await testDb.cleanup();
    }
  });

  describe('with DATABASE_POOLER=pgbouncer-transaction', () => {
    let t: TestApp;
    beforeAll(async () => {
      resetStatementNames();
      t = await buildTestApp({
        database: { throughUrl: bouncer.url, pooler: 'pgbouncer-transaction', poolSize: CLIENTS },
      });
      t.app.get('/api/test-only/sleep', async () => {
        await t.app.services.database.db.execute(sql`select pg_sleep(${(TIMEOUT_MS * 2) / 1000})`);
        return { slept: true };
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers the hot prepared routes many times over more clients than server connections, without an error', async () => {
      const chat = chatClient(() => t.app);
      const [a, b] = [await makeSignedInUser(t.app), await makeSignedInUser(t.app)];
      const sessionId = await chat.connect(a, b);
      const posts = await Promise.all(Array.from({ length: 5 }, (_, i) => makePost(t.app, { title: `Bouncer soup ${i}` })));
      const calls = (round: number) => [
        chat.inject('GET', '/api/posts?limit=5'),
        chat.inject('GET', '/api/posts?limit=5', a.headers),
        chat.inject('GET', `/api/posts/${posts[round % posts.length]!.id}`, b.headers),
        chat.inject('GET', `/api/posts/${posts[round % posts.length]!.id}`),
        chat.inject('GET', '/api/search?q=bouncer', a.headers),
        chat.inject('GET', '/api/search/posts?q=soup'),
        chat.inject('GET', `/api/users/${b.user.id}`, a.headers),
        chat.send(round % 2 ? a : b, sessionId, { content: `round ${round}` }),
      ];
      const statuses: number[] = [];
      for (let round = 0; round < 25; round += 1) {
        // Two rounds at a time: up to 16 requests on 12 clients and 3 server connections.
        const answers = await Promise.all([...calls(round * 2), ...calls(round * 2 + 1)]);
        for (const answer of answers) {
          if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
          statuses.push(answer.statusCode);
        }
      }
      expect(statuses).toHaveLength(25 * 16);
      const messages = await chat.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, a.headers);
      expect(messages.statusCode).toBe(200);
      // Really behind the pooler: PgBouncer's statistics counted our transactions.
      const stats = await showStats(bouncer.url);
      expect(stats).toBeGreaterThan(25 * 16);
    });

    it('cancels a statement running past the timeout and answers 503 with the catalogue words', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/test-only/sleep' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ message: MESSAGES.databaseTimeout, code: 'SERVICE_UNAVAILABLE' });
      // The connection is fine afterwards.
      expect((await t.app.inject({ method: 'GET', url: '/api/posts?limit=1' })).statusCode).toBe(200);
    });
  });
});

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** Transactions PgBouncer has passed on, from its admin console (SHOW STATS, simple protocol only). */
async function showStats(bouncerUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const url = new URL(bouncerUrl);
  url.pathname = '/pgbouncer';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const result = await client.query<{ database: string; total_xact_count: string }>('show stats');
    return result.rows.filter((r) => r.database !== 'pgbouncer').reduce((n, r) => n + Number(r.total_xact_count), 0);
  } finally {
    await client.end();
  }
}
