// What sending statements unnamed costs (DATABASE_POOLER=pgbouncer-transaction, record 0043): the
// member's feed page (the hottest prepared query) run one at a time on one connection, named as
// usual and then unnamed, against a seeded DATABASE_URL; with PostgreSQL's planning and execution
// times of one run from EXPLAIN ANALYZE.
//
//   DATABASE_URL=postgres://… [POOLER_URL=postgres://…pgbouncer…] node --import tsx server/src/scripts/bench-pooler.ts [runs]
// POOLER_URL adds the unnamed rows through that PgBouncer (same database).
import { createDatabase, resetStatementNames } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { createPostsRepository } from '../modules/posts/posts.repository.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL must point at a seeded database (npm run seed)');
  process.exit(2);
}
const runs = Number(process.argv[2] ?? 2000);

async function measure(label: string, url: string, pooler: 'pgbouncer-transaction' | undefined) {
  resetStatementNames();
  const database = await createDatabase({ databaseUrl: url, poolSize: 1, ...(pooler ? { pooler } : {}) });
  try {
    const [viewer] = await database.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1).offset(5);
    const repo = createPostsRepository(database.db);
    const member = { id: viewer!.id, isAdmin: false };
    for (let i = 0; i < 50; i += 1) await repo.memberFeedPage(member, { limit: 20 });
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      await repo.memberFeedPage(member, { limit: 20 });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    console.log(`${label.padEnd(34)} mean ${mean.toFixed(3)} ms  p50 ${at(0.5).toFixed(3)}  p95 ${at(0.95).toFixed(3)}  p99 ${at(0.99).toFixed(3)}`);
    return member;
  } finally {
    await database.close();
  }
}

const member = await measure('named (direct)', databaseUrl, undefined);
await measure('unnamed (direct)', databaseUrl, 'pgbouncer-transaction');
if (process.env.POOLER_URL) await measure('unnamed (through PgBouncer)', process.env.POOLER_URL, 'pgbouncer-transaction');

// One run of the same statement, as PostgreSQL times it: planning is what an unnamed statement pays each time.
const database = await createDatabase({ databaseUrl });
try {
  // The text and values the repository sends, caught on their way into the pool.
  const pool = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const send = pool.query.bind(pool);
  let caught: { text: string; values: unknown[] } | undefined;
  pool.query = (config: unknown, values?: unknown) => {
    caught ??= { text: (config as { text: string }).text, values: values as unknown[] };
    return send(config, values);
  };
  await createPostsRepository(database.db).memberFeedPage(member, { limit: 20 });
  pool.query = send;
  const { rows } = (await send({ text: `explain (analyze) ${caught!.text}` }, caught!.values)) as { rows: Array<Record<string, string>> };
  for (const row of rows) {
    const line = Object.values(row)[0]!;
    if (/Planning Time|Execution Time/.test(line)) console.log(`EXPLAIN ANALYZE: ${line.trim()}`);
  }
} finally {
  await database.close();
}
