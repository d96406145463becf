// Seeds a database with plates and their photo embeddings and prints the plan of the similar
// plates statement (record 0038): `DATABASE_URL=postgres://… tsx server/src/scripts/explain-similar.ts [plates]`.
// Writes into the database it is given: use a scratch one.
import { sql } from 'drizzle-orm';
import { createDatabase } from '../db/client.js';
import { createAnalysisRepository } from '../modules/analysis/analysis.repository.js';

const plates = Number(process.argv[2] ?? 50_000);
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  await database.migrate();
  const { db } = database;
  await db.execute(sql`
    insert into users (username, email, password, email_verified, is_private)
    select 'knn_' || g, 'knn_' || g || '@example.test', 'x', true, g % 10 = 0 from generate_series(1, 2000) g
    on conflict do nothing`);
  await db.execute(sql`
    insert into posts (user_id, title, image_url, approval_status)
    select (select id from users where username = 'knn_' || (1 + g % 2000)), 'Plate ' || g, '/uploads/x.webp',
      case when g % 20 = 0 then 'pending' else 'approved' end
    from generate_series(1, ${plates}) g`);
  // A random direction per plate (64 gaussian-ish components), normalised to unit length.
  await db.execute(sql`
    insert into post_analyses (post_id, embedding)
    select p.id, cube(array(select v / norm from unnest(vs) v))
    from (select id, array(select random() - 0.5 + 0 * id from generate_series(1, 64)) vs from posts
          where not exists (select 1 from post_analyses a where a.post_id = posts.id)) p,
      lateral (select sqrt(sum(v * v)) norm from unnest(p.vs) v) n`);
  await db.execute(sql`analyze`);
  const [viewer] = (await db.execute<{ id: number }>(sql`select id from users where username = 'knn_7'`)).rows;
  const [origin] = (await db.execute<{ id: number }>(sql`select post_id as id from post_analyses order by post_id limit 1 offset 100`)).rows;
  const repo = createAnalysisRepository(db);
  // Once through the repository (the prepared statement the route runs), then its plan.
  const ids = await repo.similarIds(origin!.id, { id: viewer!.id, isAdmin: false }, 6);
  console.log(`similar to ${origin!.id} for viewer ${viewer!.id}: ${ids.join(', ')}`);
  const statement = repo.similarStatement({ id: viewer!.id, isAdmin: false }, 6);
  const values: Record<string, number> = { post: origin!.id, viewer: viewer!.id };
  const args = statement.params.map((p) => values[(p as { name: string }).name]);
  console.log(statement.sql);
  // One connection for PREPARE and EXECUTE; six runs first, so PostgreSQL settles on its generic plan as it does for the app.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare similar_plan as ${statement.sql}`));
    for (let i = 0; i < 6; i++) await tx.execute(sql.raw(`execute similar_plan(${args.join(', ')})`));
    const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, buffers) execute similar_plan(${args.join(', ')})`));
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  });
} finally {
  await database.close();
}
