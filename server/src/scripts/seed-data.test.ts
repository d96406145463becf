import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelForPoints } from '@plates/common';
import { createDatabase, type Database } from '../db/client.js';
import { createLocalStorage } from '../lib/storage/index.js';
import { verifyPassword } from '../lib/password.js';
import { createMediaService } from '../modules/media/media.service.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { seedDatabase, type SeedResult } from './seed-data.js';

let testDb: TestDatabase;
let database: Database;
let dir: string;
let result: SeedResult;
const storage = () => createLocalStorage({ dir: path.join(dir, 'uploads'), publicPrefix: '/uploads', publicOrigin: 'http://localhost:5000' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plates-seed-'));
  testDb = await createTestDatabase();
  database = await createDatabase({ databaseUrl: testDb.databaseUrl });
  await database.migrate();
  result = await seedDatabase(database.db, {
    users: 8,
    posts: 12,
    seed: 7,
    password: 'seed-pass',
    images: 3,
    media: createMediaService({ storage: storage() }),
  });
});
afterAll(async () => {
  await database?.close();
  await testDb?.cleanup();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await database.db.execute<T>(query)).rows[0]!;
const count = async (table: string) =>
  Number((await one<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`)).n);

describe('seedDatabase', () => {
  it('fills every table with the requested amounts', async () => {
    expect(await count('users')).toBe(8);
    expect(await count('posts')).toBe(12);
    expect(result.counts).toMatchObject({ users: 8, posts: 12, images: 3 });
    expect(await count('ratings')).toBe(result.counts.ratings! + (await one<{ n: number }>(sql`select count(*)::int n from ratings where rating is null`)).n);
    expect(result.counts.ratings).toBeGreaterThan(0);
    expect(result.counts.comments).toBeGreaterThan(0);
    expect(await count('follows')).toBe(result.counts.follows);
    expect(await count('comment_replies')).toBe(result.counts.replies);
    const users = await one<{ verified: number; approved: number }>(
      sql`select (select count(*)::int from users where email_verified and account_status = 'active') verified,
                 (select count(*)::int from posts where approval_status = 'approved') approved`,
    );
    expect(users).toEqual({ verified: 8, approved: 12 });
  });

  it('leaves every denormalised counter equal to its rows and points equal to the ledger', async () => {
    const wrong = await one<{ posts: number; ratings: number; replies: number; users: number; levels: number; selfRated: number }>(sql`
      select
        (select count(*)::int from posts p where
           rating_count <> (select count(rating) from ratings where post_id = p.id)
           or rating_sum <> (select coalesce(sum(rating), 0) from ratings where post_id = p.id)
           or comment_count <> (select count(comment) from ratings where post_id = p.id)
           or save_count <> (select count(*) from saves where post_id = p.id)) posts,
        (select count(*)::int from ratings r where
           reply_count <> (select count(*) from comment_replies where rating_id = r.id)
           or heart_count <> (select count(*) from comment_hearts where rating_id = r.id)) ratings,
        (select count(*)::int from comment_replies c where
           heart_count <> (select count(*) from reply_hearts where reply_id = c.id)) replies,
        (select count(*)::int from users u where
           points <> (select coalesce(sum(points), 0) from point_transactions where user_id = u.id)) users,
        0 levels,
        (select count(*)::int from ratings r join posts p on p.id = r.post_id where r.rating is not null and r.user_id = p.user_id) "selfRated"`);
    expect(wrong).toEqual({ posts: 0, ratings: 0, replies: 0, users: 0, levels: 0, selfRated: 0 });
    const levels = (await database.db.execute<{ points: number; level: number }>(sql`select points, level from users`)).rows;
    for (const u of levels) expect(u.level).toBe(levelForPoints(u.points).level);
    expect(levels.some((u) => u.points >= 100)).toBe(true);
  });

  it('stores real images through the media pipeline and one password hash for all', async () => {
    const posts = (await database.db.execute<{ image_key: string; image_width: number }>(sql`select image_key, image_width from posts`)).rows;
    const keys = new Set(posts.map((p) => p.image_key));
    expect(keys.size).toBe(3);
    for (const key of keys) expect(await storage().exists(key)).toBe(true);
    const hashes = (await database.db.execute<{ password: string }>(sql`select distinct password from users`)).rows;
    expect(hashes).toHaveLength(1);
    expect(await verifyPassword(hashes[0]!.password, 'seed-pass')).toBe(true);
    expect(result.login).toEqual({ username: expect.stringMatching(/^[a-z]+\d+$/), password: 'seed-pass' });
  });
});
