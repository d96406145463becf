// The committed migrations against a real database: an in-memory PGlite by default, a fresh
// database on the DATABASE_URL server when that is set. Checks that they apply (twice), that the
// seed data is there, that the schema's constraints and ON DELETE rules actually hold, and that
// the TypeScript schema and the committed migrations have not drifted apart.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migrationJournal, type TestDatabase } from '../test/database.js';
import { createDatabase, type Database, type Db } from './client.js';
import * as schema from './schema/index.js';
import {
  categories,
  chatRequests,
  chatSessions,
  emailTemplates,
  follows,
  pointRules,
  posts,
  ratings,
  reports,
  sessions,
  systemSettings,
  userBlocks,
  users,
} from './schema/index.js';

/**
 * Every table the specification names, plus sessions, login_origins (the sign-in throttle's known
 * devices and addresses), appeal_passes (a suspended member's way to appeal) and
 * announcement_dismissals (who dismissed which announcement).
 */
const EXPECTED_TABLES = [
  'users', 'sessions', 'user_blocks', 'password_reset_tokens', 'email_verification_tokens', 'posts',
  'ratings', 'likes', 'saves', 'comment_hearts', 'comment_replies', 'reply_hearts', 'categories',
  'post_categories', 'follows', 'notifications', 'chat_requests', 'chat_sessions', 'chat_messages',
  'chat_session_user_data', 'user_online_status', 'chat_typing_status', 'message_reactions',
  'reports', 'user_warnings', 'point_rules', 'point_transactions', 'system_settings',
  'email_templates', 'ai_settings', 'user_verifications', 'user_roles', 'global_announcements',
  'admin_audit_logs', 'security_events', 'ip_blocks', 'content_filters', 'featured_posts',
  'platform_config', 'community_content', 'data_export_requests', 'login_origins',
  'sign_in_events', 'moderation_templates', 'email_domain_blocks', 'sign_up_approvals', 'appeal_passes',
  'announcement_dismissals', 'verification_requests', 'bulk_operations', 'bulk_operation_items', 'post_analyses',
  'job_marks',
];

const CUISINES = [
  'Italian', 'Chinese', 'Japanese', 'Indian', 'Mexican', 'French', 'Thai', 'Mediterranean',
  'American', 'Korean', 'Vietnamese', 'Greek', 'Spanish', 'Turkish', 'Lebanese', 'Moroccan',
];

const JOURNAL = migrationJournal();

let testDb: TestDatabase;
let database: Database;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  database = await createDatabase({ databaseUrl: testDb.databaseUrl });
  db = database.db;
  await database.migrate();
});

afterAll(async () => {
  await database?.close();
  await testDb?.cleanup();
});

let sequence = 0;
async function makeUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const name = `cook_${sequence}_${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await db
    .insert(users)
    .values({ username: name, email: `${name}@example.test`, password: 'argon2id-hash', ...overrides })
    .returning();
  if (!user) throw new Error('no user inserted');
  return user;
}

async function makePost(userId: number) {
  const [post] = await db
    .insert(posts)
    .values({ userId, title: 'Shakshuka', imageUrl: '/uploads/shakshuka.jpg' })
    .returning();
  if (!post) throw new Error('no post inserted');
  return post;
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
async function pgErrorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    }
    throw error;
  }
  return undefined;
}
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

describe('migrations', () => {
  it(`apply on a fresh ${process.env.DATABASE_URL ? 'PostgreSQL database' : 'PGlite'}`, async () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    await database.ping();

    const rows = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows.rows.map((r) => r.table_name).sort()).toEqual([...EXPECTED_TABLES].sort());

    const applied = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBe(JOURNAL.entries.length);
  });

  it('can be applied again without effect', async () => {
    await database.migrate();
    await database.migrate();
    const applied = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.n).toBe(JOURNAL.entries.length);
    const [cats] = await db.select({ n: count() }).from(categories);
    expect(cats?.n).toBe(16);
  });

  it('match the TypeScript schema (run `npm run db:generate` after changing it)', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const last = JOURNAL.entries.at(-1);
    if (!last) throw new Error('empty migration journal');
    const snapshotPath = `./migrations/meta/${String(last.idx).padStart(4, '0')}_snapshot.json`;
    const committed = JSON.parse(readFileSync(fileURLToPath(new URL(snapshotPath, import.meta.url)), 'utf8'));
    const current = generateDrizzleJson(schema, committed.id);
    expect(await generateMigration(committed, current)).toEqual([]);
  });
});

describe('seed data', () => {
  it('has the 16 cuisines', async () => {
    const rows = await db.select({ name: categories.name }).from(categories);
    expect(rows.map((r) => r.name).sort()).toEqual([...CUISINES].sort());
  });

  it('has the five point rules', async () => {
    const rows = await db
      .select({ actionType: pointRules.actionType, points: pointRules.pointsAwarded, isActive: pointRules.isActive })
      .from(pointRules);
    expect(rows.sort((a, b) => a.actionType.localeCompare(b.actionType))).toEqual([
      { actionType: 'comment_given', points: 5, isActive: true },
      { actionType: 'follow_received', points: 20, isActive: true },
      { actionType: 'post_approved', points: 100, isActive: true },
      { actionType: 'rating_given', points: 5, isActive: true },
      { actionType: 'rating_received', points: 10, isActive: true },
    ]);
  });

  it('has both email templates with their placeholders', async () => {
    const rows = await db.select().from(emailTemplates);
    expect(rows.map((r) => r.name).sort()).toEqual(['reset_password', 'verify_email']);
    for (const template of rows) {
      expect(template.isActive).toBe(true);
      expect(template.variables).toEqual(['displayName', 'link', 'appName']);
      expect(template.subject).toContain('{{appName}}');
      for (const body of [template.textTemplate, template.htmlTemplate]) {
        expect(body).toContain('{{displayName}}');
        expect(body).toContain('{{link}}');
      }
      expect(template.htmlTemplate).toContain('href="{{link}}"');
    }
    const verify = rows.find((r) => r.name === 'verify_email');
    expect(verify?.subject).toBe('Verify your email for {{appName}}');
    expect(verify?.textTemplate).toContain('The link expires in 24 hours.');
    const reset = rows.find((r) => r.name === 'reset_password');
    expect(reset?.subject).toBe('Reset your {{appName}} password');
    expect(reset?.textTemplate).toContain('your password stays the same');
  });

  it('turns maintenance mode off', async () => {
    const [row] = await db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'maintenance_mode'));
    expect(row?.value).toBe('false');
  });
});

describe('constraints', () => {
  it('fill in the specified defaults', async () => {
    const user = await makeUser();
    expect(user).toMatchObject({
      chatEnabled: true,
      isAdmin: false,
      isPrivate: false,
      emailVerified: false,
      points: 0,
      level: 1,
      accountStatus: 'active',
      preferences: {},
    });
    expect(user.id).toBeGreaterThan(0);
    expect(user.createdAt).toBeInstanceOf(Date);
    const post = await makePost(user.id);
    expect(post).toMatchObject({ status: 'approved', approvalStatus: 'pending', imageVariants: [], ratingCount: 0 });
  });

  it('refuse a username or email differing only in case', async () => {
    const user = await makeUser();
    expect(
      await pgErrorCode(makeUser({ username: user.username.toUpperCase(), email: `x${user.email}` })),
    ).toBe(UNIQUE_VIOLATION);
    expect(await pgErrorCode(makeUser({ email: user.email.toUpperCase() }))).toBe(UNIQUE_VIOLATION);
  });

  it('refuse an unknown account status', async () => {
    expect(await pgErrorCode(makeUser({ accountStatus: 'banned' as 'active' }))).toBe(CHECK_VIOLATION);
  });

  it('keep star ratings between 1 and 5', async () => {
    const author = await makeUser();
    const rater = await makeUser();
    const post = await makePost(author.id);
    expect(
      await pgErrorCode(db.insert(ratings).values({ postId: post.id, userId: rater.id, rating: 6 })),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(db.insert(ratings).values({ postId: post.id, userId: rater.id, rating: 0 })),
    ).toBe(CHECK_VIOLATION);
    // A row must hold a rating or a comment.
    expect(await pgErrorCode(db.insert(ratings).values({ postId: post.id, userId: rater.id }))).toBe(
      CHECK_VIOLATION,
    );
  });

  it('allow one star rating per user and post, and any number of comments', async () => {
    const author = await makeUser();
    const rater = await makeUser();
    const post = await makePost(author.id);
    await db.insert(ratings).values({ postId: post.id, userId: rater.id, rating: 4, comment: 'Lovely' });
    expect(
      await pgErrorCode(db.insert(ratings).values({ postId: post.id, userId: rater.id, rating: 5 })),
    ).toBe(UNIQUE_VIOLATION);
    await db.insert(ratings).values({ postId: post.id, userId: rater.id, comment: 'Made it again' });
    await db.insert(ratings).values({ postId: post.id, userId: rater.id, comment: 'And again' });
    const [n] = await db.select({ n: count() }).from(ratings).where(eq(ratings.postId, post.id));
    expect(n?.n).toBe(3);
  });

  it('refuse following or blocking yourself, and duplicate follows', async () => {
    const user = await makeUser();
    const other = await makeUser();
    expect(
      await pgErrorCode(db.insert(follows).values({ followerId: user.id, followingId: user.id })),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(db.insert(userBlocks).values({ blockerId: user.id, blockedId: user.id })),
    ).toBe(CHECK_VIOLATION);
    const [follow] = await db.insert(follows).values({ followerId: user.id, followingId: other.id }).returning();
    expect(follow?.status).toBe('accepted');
    expect(
      await pgErrorCode(db.insert(follows).values({ followerId: user.id, followingId: other.id })),
    ).toBe(UNIQUE_VIOLATION);
    expect(
      await pgErrorCode(
        db.insert(follows).values({ followerId: other.id, followingId: user.id, status: 'maybe' as 'pending' }),
      ),
    ).toBe(CHECK_VIOLATION);
  });

  it('keep one pending chat request and one conversation per pair', async () => {
    const a = await makeUser();
    const b = await makeUser();
    await db.insert(chatRequests).values({ senderId: a.id, receiverId: b.id, message: 'Hi!' });
    expect(
      await pgErrorCode(db.insert(chatRequests).values({ senderId: a.id, receiverId: b.id })),
    ).toBe(UNIQUE_VIOLATION);
    await db.insert(chatSessions).values({ user1Id: a.id, user2Id: b.id });
    expect(
      await pgErrorCode(db.insert(chatSessions).values({ user1Id: b.id, user2Id: a.id })),
    ).toBe(UNIQUE_VIOLATION);
  });

  it('accept only the report reasons offered for the target type', async () => {
    const reporter = await makeUser();
    await db.insert(reports).values({ userId: reporter.id, targetId: 1, targetType: 'post', reason: 'copyright' });
    expect(
      await pgErrorCode(
        db.insert(reports).values({ userId: reporter.id, targetId: 1, targetType: 'user', reason: 'copyright' }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(
        db.insert(reports).values({ userId: reporter.id, targetId: 1, targetType: 'recipe' as 'post', reason: 'spam' }),
      ),
    ).toBe(CHECK_VIOLATION);
    expect(
      await pgErrorCode(db.insert(reports).values({ userId: reporter.id, targetId: 1, targetType: 'comment', reason: 'fake' })),
    ).toBe(CHECK_VIOLATION);
    await db.insert(reports).values({ userId: reporter.id, targetId: 1, targetType: 'comment', reason: 'offensive' });
  });
});

describe('relations', () => {
  it('resolve for the relational query API', async () => {
    const author = await makeUser();
    const fan = await makeUser();
    const post = await makePost(author.id);
    await db.insert(follows).values({ followerId: fan.id, followingId: author.id });
    await db.insert(ratings).values({ postId: post.id, userId: fan.id, rating: 5, comment: 'Yum' });

    const found = await db.query.posts.findFirst({
      where: eq(posts.id, post.id),
      with: {
        user: { columns: { id: true, username: true } },
        ratings: { with: { user: true, replies: true, hearts: true } },
        categories: { with: { category: true } },
        featured: true,
        likes: true,
        saves: true,
      },
    });
    expect(found?.user.id).toBe(author.id);
    expect(found?.ratings).toHaveLength(1);
    expect(found?.ratings[0]?.user.id).toBe(fan.id);
    expect(found?.featured).toBeNull();

    const profile = await db.query.users.findFirst({
      where: eq(users.id, author.id),
      with: {
        followers: { with: { follower: true } },
        following: true,
        notifications: true,
        verification: true,
        onlineStatus: true,
        roles: true,
        sessions: true,
        pointTransactions: true,
      },
    });
    expect(profile?.followers.map((f) => f.follower.id)).toEqual([fan.id]);
    expect(profile?.following).toEqual([]);
    expect(profile?.verification).toBeNull();
  });
});

describe('deleting a user', () => {
  it('removes what is theirs and keeps reports they filed', async () => {
    const leaving = await makeUser();
    const staying = await makeUser();
    const theirPost = await makePost(leaving.id);
    const otherPost = await makePost(staying.id);
    await db.insert(sessions).values({
      userId: leaving.id,
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db.insert(ratings).values({ postId: otherPost.id, userId: leaving.id, rating: 5 });
    await db.insert(ratings).values({ postId: theirPost.id, userId: staying.id, rating: 3 });
    await db.insert(follows).values({ followerId: staying.id, followingId: leaving.id });
    const [report] = await db
      .insert(reports)
      .values({ userId: leaving.id, targetId: staying.id, targetType: 'user', reason: 'spam' })
      .returning();
    const [reviewed] = await db
      .insert(reports)
      .values({ userId: staying.id, targetId: otherPost.id, targetType: 'post', reason: 'spam', reviewerId: leaving.id })
      .returning();

    await db.delete(users).where(eq(users.id, leaving.id));

    expect(await db.select().from(posts).where(eq(posts.userId, leaving.id))).toEqual([]);
    expect(await db.select().from(posts).where(eq(posts.id, otherPost.id))).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([]);
    expect(await db.select().from(ratings).where(eq(ratings.userId, leaving.id))).toEqual([]);
    // The post's ratings went with the post, including other people's.
    expect(await db.select().from(ratings).where(eq(ratings.postId, theirPost.id))).toEqual([]);
    expect(await db.select().from(follows).where(eq(follows.followingId, leaving.id))).toEqual([]);

    const [kept] = await db.select().from(reports).where(eq(reports.id, report!.id));
    expect(kept).toMatchObject({ userId: null, targetId: staying.id, reason: 'spam' });
    const [stillReviewed] = await db.select().from(reports).where(eq(reports.id, reviewed!.id));
    expect(stillReviewed).toMatchObject({ userId: staying.id, reviewerId: null });
  });
});

describe('0017_clear_unknown_location', () => {
  it("clears the 'Unknown location' placeholder from plates and keeps real places", async () => {
    const author = await makeUser();
    const inserted = await db
      .insert(posts)
      .values(
        ['Unknown location', ' unknown LOCATION ', 'Unknown location bar, Porto', 'Lyon'].map((location, i) => ({
          userId: author.id,
          title: `Plate ${i}`,
          location,
          imageUrl: `/uploads/${i}.jpg`,
        })),
      )
      .returning({ id: posts.id });
    // The file as committed, run again over rows written the old way.
    const migration = readFileSync(fileURLToPath(new URL('./migrations/0017_clear_unknown_location.sql', import.meta.url)), 'utf8');
    await db.execute(sql.raw(migration));
    const rows = await db
      .select({ location: posts.location })
      .from(posts)
      .where(sql`${posts.id} in ${inserted.map((p) => p.id)}`)
      .orderBy(posts.id);
    expect(rows.map((r) => r.location)).toEqual([null, null, 'Unknown location bar, Porto', 'Lyon']);
  });
});

describe('search objects (0002_search)', () => {
  const vectorOf = async (postId: number) =>
    (await db.execute<{ v: string | null }>(sql`select search_vector::text as v from posts where id = ${postId}`)).rows[0]?.v;

  // weights: title A, cuisines B, location C, description D (D is the default and not printed)
  it('keep a weighted, accent-folded document of title, cuisines, location and description', async () => {
    const author = await makeUser();
    const [post] = await db
      .insert(posts)
      .values({
        userId: author.id,
        title: 'Crème Brûlée',
        location: 'Lyon',
        description: 'Torched sugar',
        imageUrl: '/uploads/creme.jpg',
      })
      .returning();
    if (!post) throw new Error('no post inserted');
    expect(await vectorOf(post.id)).toBe("'brulee':2A 'creme':1A 'lyon':3C 'sugar':5 'torched':4");

    const cuisines = await db.select().from(categories).where(sql`${categories.name} in ('French', 'Thai')`);
    await db.insert(schema.postCategories).values(cuisines.map((c) => ({ postId: post.id, categoryId: c.id })));
    expect(await vectorOf(post.id)).toContain("'french':3B");
    expect(await vectorOf(post.id)).toContain("'thai':4B");

    await db.update(posts).set({ title: 'Flan' }).where(eq(posts.id, post.id));
    await db.delete(schema.postCategories).where(eq(schema.postCategories.postId, post.id));
    expect(await vectorOf(post.id)).toBe("'flan':1A 'lyon':2C 'sugar':4 'torched':3");

    // deleting the author cascades through the plate to its cuisines, whose trigger finds no plate
    await db.insert(schema.postCategories).values({ postId: post.id, categoryId: cuisines[0]!.id });
    await db.delete(users).where(eq(users.id, author.id));
    expect(await db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
  });

  it('have the trigram and text-search extensions and an immutable unaccent', async () => {
    const [row] = (
      await db.execute<{ u: string; s: number }>(
        sql`select immutable_unaccent('Ōsaka ÇA') as u, similarity('pizza', 'piza')::float8 as s`,
      )
    ).rows;
    expect(row?.u).toBe('Osaka CA');
    expect(row?.s).toBeGreaterThan(0.3);
  });
});
