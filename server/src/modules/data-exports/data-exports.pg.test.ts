// The builders' claim against a real PostgreSQL server (two connections at once, which the
// embedded database cannot have): a request another instance holds locked is skipped, not waited
// for, and two instances claiming together never get the same request. Included only when
// DATABASE_URL is set (see vitest.config.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.js';
import { dataExportRequests, users } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { createDataExportsRepository } from './data-exports.repository.js';

let testDb: TestDatabase;
let one: Database;
let two: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  one = await createDatabase({ databaseUrl: testDb.databaseUrl });
  two = await createDatabase({ databaseUrl: testDb.databaseUrl });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await testDb?.cleanup();
});

async function requestsFor(count: number): Promise<number[]> {
  const members = await one.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `pg_claim_${Date.now()}_${i}`, email: `pg_claim_${Date.now()}_${i}@example.test`, password: 'x' })))
    .returning({ id: users.id });
  const base = Date.now() - 60_000;
  const rows = await one.db
    .insert(dataExportRequests)
    .values(members.map((m, i) => ({ userId: m.id, createdAt: new Date(base + i) })))
    .returning({ id: dataExportRequests.id });
  return rows.map((r) => r.id);
}

describe('claiming with FOR UPDATE SKIP LOCKED', () => {
  it('skips a request another connection holds locked instead of waiting for it', async () => {
    const [oldest, next] = await requestsFor(2);
    const repo = createDataExportsRepository(two.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = one.db.transaction(async (tx) => {
      await tx.execute(sql`select id from data_export_requests where id = ${oldest!} for update`);
      locked();
      await held;
    });
    await isLocked;
    const claimed = await repo.claimNext(new Date(), 60_000);
    expect(claimed?.id).toBe(next);
    release();
    await holder;
    // Released, the oldest is the next one claimed.
    expect((await repo.claimNext(new Date(), 60_000))?.id).toBe(oldest);
    await one.db.update(dataExportRequests).set({ status: 'failed' }).where(eq(dataExportRequests.status, 'processing'));
  });

  it('never gives two instances the same request', async () => {
    const ids = await requestsFor(6);
    const repos = [createDataExportsRepository(one.db), createDataExportsRepository(two.db)];
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => repos[i % 2]!.claimNext(new Date(), 60_000)));
    const claimed = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });
});
