// Data exports: the member's request (one open at a time, a daily limit), the background build
// (the zip's entries and contents, the member's own data only, the photo bytes), the mail and its
// link (owner signed in, 404 for anyone else, 410 once expired or deleted), the expiry sweep with a
// fake clock, the claim (SKIP LOCKED, a crashed builder's lease), and the admin queue and retry
// (permission, audit row, the member told).
import { randomBytes } from 'node:crypto';
import { access, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_REQUESTS_PER_DAY,
  DATA_EXPORT_TTL_DAYS,
  type AdminDataExportsResponse,
  type MyDataExportsResponse,
} from '@plates/common';
import {
  adminAuditLogs,
  chatMessages,
  chatSessions,
  commentReplies,
  dataExportRequests,
  follows,
  notifications,
  ratings,
  userBlocks,
  type Post,
} from '../../db/schema/index.js';
import { createJobs } from '../../lib/jobs.js';
import type { MailMessage } from '../../lib/mailer.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { unzip } from '../../test/unzip.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { imageOpener } from './data-exports.archive.js';
import { createDataExportsRepository } from './data-exports.repository.js';
import { createDataExportsService } from './data-exports.service.js';

type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;
type Headers = { authorization: string };

let t: TestApp;
let keeper: Cook;
let moderator: Cook;

beforeAll(async () => {
  t = await buildTestApp();
  keeper = await makeSignedInUser(t.app);
  await grantRole(t.app, keeper.user.id, 'moderator', { permissions: ['manage_users'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator', { permissions: ['manage_verifications'] });
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;
const exportsDir = () => path.join(t.config.dataDir, 'exports');
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}) });

async function ask(cook: Cook) {
  return inject('POST', '/api/user/data-exports', cook.headers);
}
async function mine(cook: Cook): Promise<MyDataExportsResponse> {
  const res = await inject('GET', '/api/user/data-exports', cook.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function queue(query = ''): Promise<AdminDataExportsResponse> {
  const res = await inject('GET', `/api/admin/data-exports${query}`, keeper.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rowOf = async (id: number) => (await db().select().from(dataExportRequests).where(eq(dataExportRequests.id, id)))[0]!;

/** A plate with its largest rendition stored: bytes made up for the test, so they can be found in the zip. */
async function plateWithPhoto(userId: number, overrides: Partial<Post> = {}) {
  const post = await makePost(t.app, { userId, ...overrides });
  const bytes = randomBytes(4096);
  await t.app.services.storage.put(post.imageKey!, bytes, 'image/webp');
  return { post, bytes };
}

/** The download address behind the latest export mail to `email` (the mail links the app's page for it). */
async function mailedLink(email: string): Promise<string> {
  const mail = await t.smtp.waitFor(email, /data export is ready/);
  const link = /http:\/\/localhost:5000\/data-export\/([A-Za-z0-9_-]+)/.exec(mail.body);
  expect(link, mail.body).not.toBeNull();
  return `/api/data-exports/${link![1]}`;
}

/** A separate service over the same database and folder, with a clock the test moves. */
function fakeClockService(clock: { at: Date }, options: { openImage?: Parameters<typeof createDataExportsService>[0]['openImage']; leaseMs?: number } = {}) {
  const mails: MailMessage[] = [];
  const told: Array<{ userId: number; title: string }> = [];
  const service = createDataExportsService({
    repo: createDataExportsRepository(db()),
    dir: exportsDir(),
    openImage: options.openImage ?? imageOpener(t.app.services.storage),
    mailer: { send: async (m) => void mails.push(m), close: () => undefined },
    notifications: { notify: async (n) => void told.push({ userId: n.userId, title: n.title }) },
    audit: createAudit(createAdminRepository(db())),
    jobs: createJobs(t.app.log),
    appUrl: 'http://localhost:5000',
    logger: t.app.log,
    now: () => clock.at,
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
  });
  return { service, mails, told };
}

describe('a member asks for their data', () => {
  it('gets a zip of their own data only, mailed as a link that needs them signed in', async () => {
    const cook = await makeSignedInUser(t.app, { bio: 'Soups and stews', location: 'Lyon' });
    const friend = await makeUser(t.app);
    const stranger = await makeUser(t.app);
    const privateCook = await makeUser(t.app, { isPrivate: true });
    const blocker = await makeUser(t.app);
    const blockedByCook = await makeUser(t.app);

    const mine1 = await plateWithPhoto(cook.user.id, { title: 'Cassoulet' });
    const mine2 = await plateWithPhoto(cook.user.id, { title: 'Pending pie', approvalStatus: 'pending' });
    const others = await plateWithPhoto(friend.id, { title: 'Friend plate' });
    // Stars and comments: the cook's on the friend's plate, the friend's on the cook's.
    const [given] = await db().insert(ratings).values({ postId: others.post.id, userId: cook.user.id, rating: 4, comment: 'Lovely crust' }).returning();
    const [received] = await db().insert(ratings).values({ postId: mine1.post.id, userId: friend.id, rating: 2, comment: 'FRIEND SECRET COMMENT' }).returning();
    await db().insert(commentReplies).values([
      { ratingId: received!.id, userId: cook.user.id, content: 'Thanks anyway' },
      { ratingId: received!.id, userId: friend.id, content: 'FRIEND SECRET REPLY' },
    ]);
    // A conversation: the cook's messages in, the friend's out (only their username).
    const [chat] = await db().insert(chatSessions).values({ user1Id: friend.id, user2Id: cook.user.id }).returning();
    await db().insert(chatMessages).values([
      { sessionId: chat!.id, senderId: cook.user.id, receiverId: friend.id, content: 'See you at dinner' },
      { sessionId: chat!.id, senderId: friend.id, receiverId: cook.user.id, content: 'FRIEND SECRET MESSAGE' },
    ]);
    const [strangerChat] = await db().insert(chatSessions).values({ user1Id: friend.id, user2Id: stranger.id }).returning();
    await db().insert(chatMessages).values({ sessionId: strangerChat!.id, senderId: stranger.id, receiverId: friend.id, content: 'STRANGER MESSAGE' });
    await db().insert(follows).values([
      { followerId: cook.user.id, followingId: friend.id },
      { followerId: cook.user.id, followingId: privateCook.id, status: 'pending' },
      { followerId: friend.id, followingId: cook.user.id },
      { followerId: friend.id, followingId: stranger.id },
    ]);
    await db().insert(userBlocks).values([
      { blockerId: cook.user.id, blockedId: blockedByCook.id },
      { blockerId: blocker.id, blockedId: cook.user.id },
    ]);

    const res = await ask(cook);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', expiresAt: null, errorMessage: null });
    await t.app.services.jobs.drain();

    const listed = await mine(cook);
    expect(listed.canRequest).toBe(true);
    expect(listed.exports[0]).toMatchObject({ id: res.json().id, status: 'ready', errorMessage: null });
    const expiresAt = new Date(listed.exports[0]!.expiresAt!);
    expect(expiresAt.getTime() - new Date(listed.exports[0]!.completedAt!).getTime()).toBe(DATA_EXPORT_TTL_DAYS * 86_400_000);
    const row = await rowOf(res.json().id);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fileName).toMatch(/^export-\d+-[0-9a-f]{16}\.zip$/);
    // Written under DATA_DIR/exports, never under the public uploads folder.
    await access(path.join(exportsDir(), row.fileName!));
    expect((await inject('GET', `/uploads/${row.fileName}`)).statusCode).toBe(404);

    const [note] = await db().select().from(notifications).where(and(eq(notifications.userId, cook.user.id), eq(notifications.title, DATA_EXPORT_MESSAGES.readyTitle)));
    expect(note?.type).toBe('system');

    const link = await mailedLink(cook.user.email);
    // The token is in the mail only: the row keeps its hash.
    expect(link).not.toContain(row.tokenHash!);

    // A visitor holding the link: 401 in the catalogue's words; another member: 404; unknown: 404.
    const visitor = await inject('GET', link);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED', message: DATA_EXPORT_MESSAGES.signInToDownload });
    const other = await makeSignedInUser(t.app);
    const leaked = await inject('GET', link, other.headers);
    expect(leaked.statusCode).toBe(404);
    expect(leaked.json()).toMatchObject({ code: 'NOT_FOUND', message: DATA_EXPORT_MESSAGES.notFound });
    expect((await inject('GET', '/api/data-exports/not-a-real-token', cook.headers)).statusCode).toBe(404);
    // The mail link's page asks what the export is now: the owner is told, nobody else.
    const status = await inject('GET', `${link}/status`, cook.headers);
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ id: row.id, status: 'ready', sizeBytes: row.sizeBytes });
    expect((await inject('GET', `${link}/status`, other.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${link}/status`)).statusCode).toBe(401);

    const download = await inject('GET', link, cook.headers);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="plates-data-${cook.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));
    expect(download.headers['cache-control']).toBe('private, no-store');
    const entries = await unzip(download.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      ['README.txt', 'comments.json', 'follows.json', 'messages.json', 'plates.json', `plates/${mine1.post.id}.webp`, `plates/${mine2.post.id}.webp`, 'profile.json', 'ratings.json'].sort(),
    );
    const read = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

    const profile = read('profile.json');
    expect(profile).toMatchObject({ id: cook.user.id, username: cook.user.username, email: cook.user.email, bio: 'Soups and stews', location: 'Lyon' });
    expect(profile).not.toHaveProperty('password');

    const plates = read('plates.json');
    expect(plates.map((p: { title: string }) => p.title)).toEqual(['Cassoulet', 'Pending pie']);
    expect(plates[0]).toMatchObject({ id: mine1.post.id, image: `plates/${mine1.post.id}.webp`, averageRating: null });
    expect(plates[1]).toMatchObject({ approvalStatus: 'pending' });
    // The photo's bytes, exactly as stored.
    expect(entries.get(`plates/${mine1.post.id}.webp`)!.equals(mine1.bytes)).toBe(true);
    expect(entries.get(`plates/${mine2.post.id}.webp`)!.equals(mine2.bytes)).toBe(true);

    expect(read('ratings.json')).toEqual([expect.objectContaining({ id: given!.id, postId: others.post.id, rating: 4 })]);
    const comments = read('comments.json');
    expect(comments.comments).toEqual([expect.objectContaining({ postId: others.post.id, text: 'Lovely crust' })]);
    expect(comments.replies).toEqual([expect.objectContaining({ commentId: received!.id, text: 'Thanks anyway' })]);

    const messages = read('messages.json');
    expect(messages.conversations).toEqual([expect.objectContaining({ id: chat!.id, with: friend.username })]);
    expect(messages.sent).toEqual([expect.objectContaining({ conversationId: chat!.id, content: 'See you at dinner' })]);

    const graph = read('follows.json');
    expect(graph.following).toEqual([
      expect.objectContaining({ username: friend.username, status: 'accepted' }),
      expect.objectContaining({ username: privateCook.username, status: 'pending' }),
    ]);
    expect(graph.followers).toEqual([expect.objectContaining({ username: friend.username, status: 'accepted' })]);
    // Whom they block is theirs; who blocks them is not.
    expect(graph.blocked).toEqual([expect.objectContaining({ username: blockedByCook.username })]);

    // Nothing of anyone else: their texts, their email, the plate they own, who blocks the cook.
    const everything = [...entries.entries()].filter(([name]) => name.endsWith('.json') || name.endsWith('.txt')).map(([, b]) => b.toString('utf8')).join('\n');
    for (const secret of ['FRIEND SECRET', 'STRANGER MESSAGE', friend.email, 'Friend plate', blocker.username, stranger.username]) {
      expect(everything).not.toContain(secret);
    }
    expect([...entries.values()].some((b) => b.equals(others.bytes))).toBe(false);
    expect(entries.get('README.txt')!.toString()).toMatch(/profile\.json[\s\S]*follows\.json/);

    // The Settings button: the owner's session alone; nobody else's.
    const byId = await inject('GET', `/api/user/data-exports/${row.id}/download`, cook.headers);
    expect(byId.statusCode).toBe(200);
    expect(byId.rawPayload.equals(download.rawPayload)).toBe(true);
    expect((await inject('GET', `/api/user/data-exports/${row.id}/download`, other.headers)).statusCode).toBe(404);
  });

  it('allows one open request at a time and a few a day', async () => {
    const cook = await makeSignedInUser(t.app);
    expect((await inject('POST', '/api/user/data-exports')).statusCode).toBe(401);
    const first = await ask(cook);
    expect(first.statusCode).toBe(202);
    // Before the builder has run: still pending, so a second is refused.
    const second = await ask(cook);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: DATA_EXPORT_MESSAGES.alreadyOpen });
    await t.app.services.jobs.drain();
    for (let i = 2; i <= DATA_EXPORT_REQUESTS_PER_DAY - 1; i += 1) {
      expect((await ask(cook)).statusCode).toBe(202);
      await t.app.services.jobs.drain();
    }
    // The refused ask counted too: the day's allowance is spent.
    const limited = await ask(cook);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: DATA_EXPORT_MESSAGES.rateLimited });
  });

  it('lets the member delete a ready export: the file goes and the link answers 410', async () => {
    const cook = await makeSignedInUser(t.app);
    const { id } = (await ask(cook)).json<{ id: number }>();
    await t.app.services.jobs.drain();
    const link = await mailedLink(cook.user.email);
    const { fileName } = await rowOf(id);

    const other = await makeSignedInUser(t.app);
    expect((await inject('DELETE', `/api/user/data-exports/${id}`, other.headers)).statusCode).toBe(404);
    const removed = await inject('DELETE', `/api/user/data-exports/${id}`, cook.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await readdir(exportsDir())).not.toContain(fileName);
    expect((await rowOf(id)).status).toBe('deleted');
    const gone = await inject('GET', link, cook.headers);
    // The token's hash was cleared with the file: the link is now simply unknown.
    expect(gone.statusCode).toBe(404);
    const byId = await inject('GET', `/api/user/data-exports/${id}/download`, cook.headers);
    expect(byId.statusCode).toBe(410);
    expect(byId.json()).toMatchObject({ code: 'GONE', message: DATA_EXPORT_MESSAGES.gone });
    expect((await inject('DELETE', `/api/user/data-exports/${id}`, cook.headers)).statusCode).toBe(409);
  });
});

describe('expiry and the sweep', () => {
  it('answers 410 after seven days, then the sweep deletes the file and marks it expired', async () => {
    const cook = await makeSignedInUser(t.app);
    await plateWithPhoto(cook.user.id);
    const clock = { at: new Date('2031-03-01T10:00:00Z') };
    const { service, mails, told } = fakeClockService(clock);
    const [request] = await db().insert(dataExportRequests).values({ userId: cook.user.id, createdAt: clock.at }).returning();
    await service.drain();
    const row = await rowOf(request!.id);
    expect(row).toMatchObject({ status: 'ready', completedAt: clock.at, expiresAt: new Date('2031-03-08T10:00:00Z') });
    expect(told).toEqual([{ userId: cook.user.id, title: DATA_EXPORT_MESSAGES.readyTitle }]);
    const token = /\/data-export\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
    expect(mails[0]!.text).toContain('until 2031-03-08');

    const member = { id: cook.user.id, isAdmin: false };
    clock.at = new Date('2031-03-08T09:59:59Z');
    await expect(service.byToken(member, token)).resolves.toMatchObject({ size: row.sizeBytes });
    clock.at = new Date('2031-03-08T10:00:00Z');
    await expect(service.byToken(member, token)).rejects.toMatchObject({ code: 'GONE', message: DATA_EXPORT_MESSAGES.gone });
    // Before the sweep has run, Settings already shows it expired, without a download.
    expect((await service.mine(member)).exports[0]).toMatchObject({ id: request!.id, status: 'expired', expiresAt: null, sizeBytes: null });

    // A file nobody names any more (a deleted account's, a crashed build's) goes too, once old.
    const litter = path.join(exportsDir(), 'export-999999-0123456789abcdef.zip');
    await writeFile(litter, 'left behind');
    clock.at = new Date('2031-03-09T12:00:00Z');
    const swept = await service.sweep();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.litter).toBeGreaterThanOrEqual(1);
    const after = await rowOf(request!.id);
    expect(after).toMatchObject({ status: 'expired', fileName: null, tokenHash: null });
    const files = await readdir(exportsDir());
    expect(files).not.toContain(row.fileName);
    expect(files).not.toContain('export-999999-0123456789abcdef.zip');
    // Ready exports of others are kept.
    expect((await service.sweep()).expired).toBe(0);
  });
});

describe('the claim', () => {
  it('gives concurrent builders different requests and re-claims a crashed builder’s after its lease', async () => {
    const repo = createDataExportsRepository(db());
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const at = new Date('2040-01-01T00:00:00Z');
    // Nothing else may wait: earlier tests drained theirs.
    const [ra, rb] = await db()
      .insert(dataExportRequests)
      .values([
        { userId: a.id, createdAt: at },
        { userId: b.id, createdAt: new Date(at.getTime() + 1000) },
      ])
      .returning();
    const claims = await Promise.all([repo.claimNext(at, 60_000), repo.claimNext(at, 60_000), repo.claimNext(at, 60_000)]);
    const ids = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(ids.sort()).toEqual([ra!.id, rb!.id].sort());
    expect(claims.filter((c) => c === undefined)).toHaveLength(1);
    expect(claims.find((c) => c?.id === ra!.id)).toMatchObject({ status: 'processing', attempts: 1, leaseUntil: new Date(at.getTime() + 60_000) });

    // While the lease holds, nobody takes it; once it ran out (the builder crashed), it is taken again.
    expect(await repo.claimNext(new Date(at.getTime() + 59_000), 60_000)).toBeUndefined();
    const again = await repo.claimNext(new Date(at.getTime() + 61_000), 60_000);
    expect(again).toMatchObject({ id: ra!.id, attempts: 2 });
    // The first builder's attempt can no longer finish it or renew it.
    expect(await repo.renewLease(ra!.id, 1, new Date(at.getTime() + 120_000))).toBe(false);
    const lost = await repo.transaction((tx) =>
      repo.markReady(ra!.id, 1, { fileName: 'x', sizeBytes: 1, tokenHash: 'a'.repeat(64), completedAt: at, expiresAt: at }, tx),
    );
    expect(lost).toBeUndefined();
    // Clean up: these two are not built by anyone.
    await db().update(dataExportRequests).set({ status: 'failed', errorMessage: 'test' }).where(eq(dataExportRequests.userId, a.id));
    await db().update(dataExportRequests).set({ status: 'failed', errorMessage: 'test' }).where(eq(dataExportRequests.userId, b.id));
  });

  it('builds a request left processing by a crashed instance when the app starts its sweep', async () => {
    const cook = await makeSignedInUser(t.app);
    const [request] = await db()
      .insert(dataExportRequests)
      .values({ userId: cook.user.id, status: 'processing', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .returning();
    await t.app.services.dataExports.drain();
    expect(await rowOf(request!.id)).toMatchObject({ status: 'ready', attempts: 2 });
  });
});

describe('the admin queue', () => {
  it('needs manage_users', async () => {
    expect((await inject('GET', '/api/admin/data-exports')).statusCode).toBe(401);
    expect((await inject('GET', '/api/admin/data-exports', moderator.headers)).statusCode).toBe(403);
    expect((await inject('POST', '/api/admin/data-exports/1/retry', moderator.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/data-exports?status=nonsense', keeper.headers)).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/data-exports?cursor=nonsense', keeper.headers)).statusCode).toBe(400);
  });

  it('shows failures with their error, and a retry is audited and builds it', async () => {
    const cook = await makeSignedInUser(t.app);
    await plateWithPhoto(cook.user.id);
    const clock = { at: new Date() };
    const { service, told } = fakeClockService(clock, {
      openImage: async () => {
        throw new Error('storage unreachable');
      },
    });
    const [request] = await db().insert(dataExportRequests).values({ userId: cook.user.id }).returning();
    await service.drain();
    expect(await rowOf(request!.id)).toMatchObject({ status: 'failed', errorMessage: 'storage unreachable', fileName: null });
    expect(told).toEqual([{ userId: cook.user.id, title: DATA_EXPORT_MESSAGES.failedTitle }]);
    // The member reads words for people, staff the detail.
    expect((await mine(cook)).exports[0]).toMatchObject({ status: 'failed', errorMessage: DATA_EXPORT_MESSAGES.buildFailed });
    const failed = await queue('?status=failed');
    expect(failed.exports.find((e) => e.id === request!.id)).toMatchObject({
      member: { id: cook.user.id, username: cook.user.username },
      status: 'failed',
      errorMessage: 'storage unreachable',
      attempts: 1,
    });
    expect(failed.exports.every((e) => e.status === 'failed')).toBe(true);

    const retried = await inject('POST', `/api/admin/data-exports/${request!.id}/retry`, keeper.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    const [audit] = await db().select().from(adminAuditLogs).where(and(eq(adminAuditLogs.action, 'data_export_retried'), eq(adminAuditLogs.targetId, cook.user.id)));
    expect(audit).toMatchObject({ adminId: keeper.user.id, targetType: 'user', before: { status: 'failed', errorMessage: 'storage unreachable' }, after: { status: 'pending' } });
    await t.app.services.jobs.drain();
    expect(await rowOf(request!.id)).toMatchObject({ status: 'ready', processedBy: keeper.user.id, attempts: 2, errorMessage: null });
    await mailedLink(cook.user.email);

    // Only a failed one can be retried; an unknown one is 404.
    const again = await inject('POST', `/api/admin/data-exports/${request!.id}/retry`, keeper.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DATA_EXPORT_MESSAGES.notFailed);
    expect((await inject('POST', '/api/admin/data-exports/2147483000/retry', keeper.headers)).statusCode).toBe(404);
  });

  it('pages newest first with a cursor', async () => {
    const cook = await makeUser(t.app);
    const base = new Date('2020-01-01T00:00:00Z').getTime();
    await db()
      .insert(dataExportRequests)
      .values(Array.from({ length: 25 }, (_, i) => ({ userId: cook.id, status: 'expired', createdAt: new Date(base + i * 1000) })));
    const first = await queue('?status=expired');
    expect(first.exports).toHaveLength(20);
    const times = first.exports.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(first.nextCursor).not.toBeNull();
    const second = await queue(`?status=expired&cursor=${first.nextCursor}`);
    expect(second.exports.length).toBeGreaterThanOrEqual(5);
    expect(new Set([...first.exports, ...second.exports].map((e) => e.id)).size).toBe(first.exports.length + second.exports.length);
  });
});

describe('a member with many plates', () => {
  it('is streamed: each photo is read only when the zip reaches it, after the ones before it are on disk', async () => {
    const cook = await makeUser(t.app);
    const plates = 24;
    const photoBytes = 512 * 1024;
    for (let i = 0; i < plates; i += 1) await makePost(t.app, { userId: cook.id });
    // What the zip file on disk holds each time a photo is opened, and how many photos are open then.
    const opened: Array<{ onDisk: number; open: number }> = [];
    let open = 0;
    const openImage = async () => {
      const tmp = (await readdir(exportsDir())).find((f) => f.endsWith('.tmp'));
      opened.push({ onDisk: tmp ? (await stat(path.join(exportsDir(), tmp))).size : 0, open });
      open += 1;
      const photo = randomBytes(photoBytes);
      return Readable.from([photo]).on('close', () => {
        open -= 1;
      });
    };
    const { service } = fakeClockService({ at: new Date() }, { openImage });
    const [request] = await db().insert(dataExportRequests).values({ userId: cook.id }).returning();
    await service.drain();

    const row = await rowOf(request!.id);
    expect(row.status).toBe('ready');
    expect(row.sizeBytes).toBeGreaterThan(plates * photoBytes);
    expect(opened).toHaveLength(plates);
    // One photo open at a time, never the whole set at once.
    expect(opened.map((o) => o.open)).toEqual(Array.from({ length: plates }, () => 0));
    // A zip built in memory would reach the disk only at the end; a streamed one has written
    // every earlier photo (less what the write stream still buffers) before it opens the next.
    opened.forEach((o, k) => expect(o.onDisk).toBeGreaterThanOrEqual(Math.max(0, k - 1) * photoBytes));
  }, 60_000);
});
