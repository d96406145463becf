// createDatabase against a real PostgreSQL server: concurrent migrations and idle connections
// dropped by the server. Included by vitest only when DATABASE_URL is set (see vitest.config.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, migrationJournal } from '../test/database.js';
import { createDatabase, resetStatementNames } from './client.js';

describe('createDatabase with PostgreSQL', () => {
  it('applies migrations once when several instances start together', async () => {
    const testDb = await createTestDatabase({ migrated: false });
    const instances = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ databaseUrl: testDb.databaseUrl })),
    );
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const result = await instances[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(result.rows[0]?.n).toBe(migrationJournal().entries.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await testDb.cleanup();
    }
  });

  it('prepares a statement on its connection from the second time its text is sent, not before', async () => {
    // Test files share the worker: the texts earlier files sent may have used up the names.
    resetStatementNames();
    const testDb = await createTestDatabase();
    const database = await createDatabase({ databaseUrl: testDb.databaseUrl });
    try {
      const prepared = await database.db.transaction(async (tx) => {
        // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
        for (let i = 0; i < 3; i += 1) await tx.execute(sql`select ${i}::int + 40 as twice_sent`);
        await tx.execute(sql`select 2 as once_sent`);
        return tx.execute<{ statement: string }>(sql`select statement from pg_prepared_statements where name like 'p\_%'`);
      });
      const statements = prepared.rows.map((r) => r.statement);
      expect(statements.filter((text) => text.includes('twice_sent'))).toHaveLength(1);
      expect(statements.some((text) => text.includes('once_sent'))).toBe(false);
    } finally {
      await database.close();
      await testDb.cleanup();
    }
  });

  it('survives the server closing an idle pooled connection', async () => {
    const testDb = await createTestDatabase();
    const onPoolError = vi.fn();
    const database = await createDatabase({ databaseUrl: testDb.databaseUrl, onPoolError });
    const other = await createDatabase({ databaseUrl: process.env.DATABASE_URL });
    try {
      await database.ping(); // leaves one idle connection in the pool
      const name = new URL(testDb.databaseUrl!).pathname.slice(1);
      await other.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
      );
      await vi.waitFor(() => expect(onPoolError).toHaveBeenCalled());
      await database.ping();
    } finally {
      await database.close();
      await other.close();
      await testDb.cleanup();
    }
  });
});
