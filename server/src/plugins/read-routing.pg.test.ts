// Read replica routing against a real streaming standby of DATABASE_URL's server (record 0043),
// started here with pg_basebackup on port 5760 (PLATES_TEST_STANDBY_PORT). Included with
// DATABASE_URL (vitest.config.ts); skips loudly without root, runuser or the server binaries, and
// fails instead with PLATES_REQUIRE_OUTSIDE_SERVERS=1 (CI).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentsResponse } from '@plates/common';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { withAdminClient } from '../test/database.js';
import { makePost, makeSignedInUser } from '../test/factories.js';
import { outsideServersMissing, skipLoudly, startStandby, type OutsideServer } from '../test/outside-servers.js';
import type { ReadReplica } from '../db/replica.js';

const missing = await outsideServersMissing(['pg_basebackup', 'pg_ctl']);
const skip = skipLoudly(missing, 'read replica tests');
const PORT = Number(process.env.PLATES_TEST_STANDBY_PORT ?? 5760);
const MAX_LAG_MS = 3000;

describe.skipIf(skip)('reads through a streaming replica', () => {
  let standby: OutsideServer;
  let t: TestApp;
  let replica: ReadReplica;
  /** The test database's copy on the standby, for the superuser's own statements there. */
  let standbyDbUrl: string;

  beforeAll(async () => {
    standby = await startStandby(PORT);
    t = await buildTestApp({ database: { replicaServerUrl: standby.url, replicaMaxLagMs: MAX_LAG_MS } });
    replica = t.app.services.database.replica!;
    const current = await t.app.services.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(standby.url);
    url.pathname = `/${current.rows[0]!.name}`;
    standbyDbUrl = url.toString();
    // The test database was created after the base backup: wait until the standby has it.
    await replica.caughtUp(await replica.writePosition(), 30_000);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await standby?.stop();
  });

  const comments = async (postId: number, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${postId}/comments`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<CommentsResponse>().comments.map((c) => c.comment);
  };
  const setReplay = (paused: boolean) =>
    withAdminClient(standbyDbUrl, (c) => c.query(paused ? 'select pg_wal_replay_pause()' : 'select pg_wal_replay_resume()'));

  it('answers visitors from the standby (it is in recovery, and its reads are counted there)', async () => {
    const inRecovery = await withAdminClient(standbyDbUrl, (c) => c.query<{ r: boolean }>('select pg_is_in_recovery() as r'));
    expect(inRecovery.rows[0]!.r).toBe(true);
    const post = await makePost(t.app);
    await replica.caughtUp(await replica.writePosition());
    const before = replica.stats().replica;
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(res.statusCode).toBe(200);
    expect(replica.stats().replica).toBeGreaterThan(before);
    // The standby's own connections of the app, by their application_name.
    const sessions = await withAdminClient(standbyDbUrl, (c) =>
      c.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = 'plates:replica'`),
    );
    expect(sessions.rows[0]!.n).toBeGreaterThan(0);
  });

  it('sends every statement of the read-heavy routes to the replica, for a visitor and a member without a write', async () => {
    const reader = await makeSignedInUser(t.app);
    const post = await makePost(t.app, { title: 'Replica ramen' });
    await replica.caughtUp(await replica.writePosition());
    const before = replica.stats();
    for (const headers of [{}, reader.headers]) {
      for (const url of [
        '/api/posts?limit=5',
        `/api/posts/${post.id}`,
        `/api/posts/${post.id}/neighbors`,
        `/api/posts/${post.id}/comments`,
        '/api/search?q=ramen',
        '/api/search/posts?q=ramen',
        `/api/users/${post.userId}`,
        `/api/users/${post.userId}/posts`,
        `/api/users/${post.userId}/followers`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
      }
    }
    const after = replica.stats();
    expect(after.replica).toBeGreaterThan(before.replica + 10);
    expect(after.primaryInScope).toBe(before.primaryInScope);
    expect(after.retried).toBe(before.retried);
  });

  it('shows a member their own comment at once while the replica has not replayed it; others see it once it has', async () => {
    const post = await makePost(t.app);
    const writer = await makeSignedInUser(t.app);
    const reader = await makeSignedInUser(t.app);
    await replica.caughtUp(await replica.writePosition());
    await setReplay(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/rate`,
        headers: writer.headers,
        payload: { rating: 5, comment: 'fresh from the oven' },
      });
      expect(res.statusCode).toBe(200);
      // The writer reads their own write (the primary); a visitor and another member read the
      // paused standby, which proves these routes really read it.
      expect(await comments(post.id, writer.headers)).toEqual(['fresh from the oven']);
      expect(await comments(post.id)).toEqual([]);
      expect(await comments(post.id, reader.headers)).toEqual([]);
      const plate = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}`, headers: writer.headers });
      expect(plate.json<{ ratingCount: number }>().ratingCount).toBe(1);
    } finally {
      await setReplay(false);
    }
    await replica.caughtUp(await replica.writePosition());
    expect(await comments(post.id)).toEqual(['fresh from the oven']);
    // Caught up: the writer is back on the replica too.
    const before = replica.stats().replica;
    expect(await comments(post.id, writer.headers)).toEqual(['fresh from the oven']);
    expect(replica.stats().replica).toBeGreaterThan(before);
  });

  it('sends everyone to the primary while the replica lags past the bound', async () => {
    const post = await makePost(t.app);
    const writer = await makeSignedInUser(t.app);
    await replica.caughtUp(await replica.writePosition());
    await setReplay(true);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/rate`,
        headers: writer.headers,
        payload: { rating: 4, comment: 'worth the wait' },
      });
      expect(res.statusCode).toBe(200);
      expect(await comments(post.id)).toEqual([]);
      // The primary keeps moving (this write, and the cluster's own); the replay position does not.
      await expect.poll(() => replica.state().lagMs, { timeout: MAX_LAG_MS * 4, interval: 100 }).toBeGreaterThan(MAX_LAG_MS);
      expect(await comments(post.id)).toEqual(['worth the wait']);
    } finally {
      await setReplay(false);
    }
    await replica.caughtUp(await replica.writePosition());
  });

  it('falls back to the primary when the replica goes away', async () => {
    const post = await makePost(t.app);
    await replica.caughtUp(await replica.writePosition());
    await standby.stop();
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/comments` });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => replica.state().up, { timeout: 5000 }).toBe(false);
    const again = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(again.statusCode).toBe(200);
  });
});
