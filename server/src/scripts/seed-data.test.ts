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
import { createRatingsAdminRepository } from '../modules/ratings/ratings-admin.repository.js';
import { createRatingsAdminService } from '../modules/ratings/ratings-admin.service.js';
import { DISHES, seedDatabase, type SeedResult } from './seed-data.js';

let testDb: TestDatabase;
let database: Database;
let dir: string;
let result: SeedResult;
const storage = () => createLocalStorage({ dir: path.join(dir, 'uploads'), publicPrefix: '/uploads', publicOrigin: 'http://localhost:5000' });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plates-seed-'));
  testDb = await createTestDatabase();
  database = await createDatabase({ databaseUrl: testDb.databaseUrl, pgliteSnapshot: testDb.pgliteSnapshot });
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
    // The 12 plates asked for, and the admin area's plates waiting for approval.
    expect(await count('posts')).toBe(12 + result.counts.pendingPosts!);
    expect(result.counts).toMatchObject({ users: 8, posts: 12, images: 3, pendingPosts: 6 });
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

  it('opens conversations that follow the chat rules: members only, read markers inside, pending requests apart', async () => {
    expect(await count('chat_sessions')).toBe(result.counts.conversations);
    expect(await count('chat_messages')).toBe(result.counts.messages);
    expect(await count('message_reactions')).toBe(result.counts.reactions);
    expect(result.counts.conversations).toBeGreaterThan(0);
    expect(result.counts.messages).toBeGreaterThanOrEqual(result.counts.conversations!);
    const wrong = await one<Record<string, number>>(sql`
      select
        (select count(*)::int from chat_messages m join chat_sessions cs on cs.id = m.session_id
          where m.sender_id = m.receiver_id
             or not (m.sender_id in (cs.user1_id, cs.user2_id) and m.receiver_id in (cs.user1_id, cs.user2_id))) "strayMessages",
        (select count(*)::int from chat_sessions cs
          where (select count(*) from chat_session_user_data d where d.session_id = cs.id and d.user_id in (cs.user1_id, cs.user2_id)) <> 2) "missingUserData",
        (select count(*)::int from chat_sessions cs
          where cs.last_message_at is distinct from (select max(created_at) from chat_messages where session_id = cs.id)) "staleLastMessage",
        (select count(*)::int from chat_session_user_data d
          where d.last_read_message_id is not null
            and not exists (select 1 from chat_messages m where m.id = d.last_read_message_id and m.session_id = d.session_id)) "foreignReadMarkers",
        (select count(*)::int from chat_requests r where r.status = 'accepted'
          and not exists (select 1 from chat_sessions cs where cs.request_id = r.id)) "acceptedWithoutSession",
        (select count(*)::int from chat_requests r join chat_sessions cs
          on least(cs.user1_id, cs.user2_id) = least(r.sender_id, r.receiver_id) and greatest(cs.user1_id, cs.user2_id) = greatest(r.sender_id, r.receiver_id)
          where r.status = 'pending') "pendingWithSession",
        (select count(*)::int from message_reactions x join chat_messages m on m.id = x.message_id
          where x.user_id not in (m.sender_id, m.receiver_id)) "strangerReactions"`);
    expect(wrong).toEqual({
      strayMessages: 0,
      missingUserData: 0,
      staleLastMessage: 0,
      foreignReadMarkers: 0,
      acceptedWithoutSession: 0,
      pendingWithSession: 0,
      strangerReactions: 0,
    });
    const login = await one<{ conversations: number }>(sql`
      select count(*)::int conversations from chat_sessions cs join users u on u.id in (cs.user1_id, cs.user2_id)
      where u.username = ${result.login.username}`);
    expect(login.conversations).toBeGreaterThan(0);
    // …and something waiting for them, so the demo shows unread badges.
    const unread = await one<{ n: number }>(sql`
      select count(*)::int n from chat_messages m join users u on u.id = m.receiver_id
      join chat_session_user_data d on d.session_id = m.session_id and d.user_id = u.id
      where u.username = ${result.login.username} and m.id > coalesce(d.last_read_message_id, 0)`);
    expect(unread.n).toBeGreaterThan(0);
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

  it('keeps a plate coherent: its cuisines and its city are its dish\'s', async () => {
    const rows = (
      await database.db.execute<{ title: string; location: string | null; cuisines: string[] }>(sql`
        select p.title, p.location, array_agg(c.name order by c.name) cuisines from posts p
        join post_categories pc on pc.post_id = p.id join categories c on c.id = pc.category_id group by p.id`)
    ).rows;
    expect(rows.length).toBe(12);
    for (const row of rows) {
      const dish = DISHES.find((d) => row.title.endsWith(` ${d.name}`))!;
      expect(dish, row.title).toBeDefined();
      expect(row.cuisines).toContain(dish.cuisines[0]);
      expect(row.cuisines.every((c) => (dish.cuisines as readonly string[]).includes(c)), row.title).toBe(true);
      expect([null, dish.city]).toContain(row.location);
    }
    // A moussaka, for one, is Greek (and Mediterranean) and in Athens.
    expect(DISHES.find((d) => d.name === 'moussaka')).toEqual({ name: 'moussaka', cuisines: ['Greek', 'Mediterranean'], city: 'Athens' });
  });

  it('gives most members a generated profile photo, stored as the avatar pipeline stores one', async () => {
    const photos = (await database.db.execute<{ profile_image: string | null }>(sql`select profile_image from users`)).rows;
    const withPhoto = photos.filter((p) => p.profile_image !== null);
    expect(withPhoto).toHaveLength(result.counts.avatars!);
    expect(withPhoto.length).toBeGreaterThan(0);
    for (const { profile_image: url } of withPhoto) expect(url).toMatch(/avatars\//);
  });

  it('fills the admin area: pending plates, open reports, strikes with an appeal waiting, announcements, verification requests, featured plates', async () => {
    const admin = await one<Record<string, number>>(sql`
      select (select count(*)::int from posts where approval_status = 'pending') pending,
             (select count(*)::int from reports where status = 'pending') open_reports,
             (select count(distinct target_id)::int from reports where status = 'pending' and target_type = 'comment') reported_comments,
             (select count(*)::int from user_warnings where appeal_status = 'pending') appeals,
             (select count(*)::int from global_announcements where start_date <= now() and (end_date is null or end_date > now())) live_announcements,
             (select count(*)::int from verification_requests where status = 'pending') verification,
             (select count(*)::int from featured_posts where is_active) featured`);
    expect(admin).toEqual({ pending: 6, open_reports: result.counts.openReports, reported_comments: 2, appeals: 1, live_announcements: 2, verification: 3, featured: 3 });
    expect(result.counts.openReports).toBeGreaterThanOrEqual(8);
    // Nobody reports themselves, and a reported comment is a real comment.
    const odd = await one<{ n: number }>(sql`
      select count(*)::int n from reports r
      where (r.target_type = 'user' and r.target_id = r.user_id)
         or (r.target_type = 'comment' and not exists (select 1 from ratings c where c.id = r.target_id and c.comment is not null))`);
    expect(odd.n).toBe(0);
    // Featured plates are among the best rated, and none waits for approval.
    const featured = await one<{ n: number }>(sql`
      select count(*)::int n from featured_posts f join posts p on p.id = f.post_id where p.approval_status <> 'approved' or p.rating_count < 3`);
    expect(featured.n).toBe(0);
  });
});

/** /admin/ratings over a seeded database: the detectors only (nothing is voided here). */
const integrityOf = (db: Database['db']) =>
  createRatingsAdminService({
    repo: createRatingsAdminRepository(db),
    points: { takeBack: () => Promise.reject(new Error('not used')) },
    audit: { record: () => Promise.reject(new Error('not used')) },
    notifications: { notify: () => Promise.reject(new Error('not used')) },
  });

describe('the planted rating ring (record 0034)', () => {
  it('is the one ring /admin/ratings finds: the three members after the login account', async () => {
    expect(result.counts).toMatchObject({ ringMembers: 3, burstAccounts: 0 });
    const { findings } = await integrityOf(database.db).rings();
    expect(findings.map((f) => [f.kind, f.members.map((m) => m.id)])).toEqual([['ring', [result.userIds.first + 1, result.userIds.first + 2, result.userIds.first + 3]]]);
    for (const m of findings[0]!.members) {
      expect(m.insideAverage).toBe(5);
      if (m.usualAverage !== null) expect(m.usualAverage).toBeLessThanOrEqual(3);
    }
  });

  it('on a seed of 20 members or more, also plants a burst from new accounts that share one address and browser', async () => {
    const other = await createTestDatabase();
    const otherDb = await createDatabase({ databaseUrl: other.databaseUrl, pgliteSnapshot: other.pgliteSnapshot });
    try {
      const seeded = await seedDatabase(otherDb.db, { users: 20, posts: 30, seed: 11, password: 'seed-pass' });
      expect(seeded.counts).toMatchObject({ users: 20, ringMembers: 3, burstAccounts: 4 });
      const integrity = integrityOf(otherDb.db);
      expect((await integrity.rings()).findings.map((f) => f.kind)).toEqual(['ring']);
      const bursts = (await integrity.bursts()).findings;
      expect(bursts.map((b) => [b.post.id, b.count])).toEqual([[seeded.postIds.last, 4]]);
      expect(bursts[0]!.raters.every((r) => r.accountAgeHours < 7 * 24)).toBe(true);
      const shared = (await integrity.shared()).findings;
      expect(shared.map((s) => [s.ip, s.accounts.length])).toEqual([['203.0.113.50', 4]]);
      const wrong = (await otherDb.db.execute<{ n: number }>(sql`select count(*)::int n from users u where points <> (select coalesce(sum(points), 0) from point_transactions where user_id = u.id)`)).rows[0]!;
      expect(Number(wrong.n)).toBe(0);
    } finally {
      await otherDb.close();
      await other.cleanup();
    }
  });
});
