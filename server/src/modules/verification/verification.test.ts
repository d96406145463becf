// Verification requests: the member's request rules (one pending at a time, a cool-down after a
// decline, bounded input, a rate limit), the admin queue (oldest first, cursor pages, the member's
// record), decisions and revocations (audit row and notification in the same transaction, 409 on a
// decided request), and the badge showing on the member's plates and profile at once.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VERIFICATION_COOLDOWN_DAYS,
  VERIFICATION_MESSAGES,
  type AdminVerificationRequestsResponse,
  type FeedResponse,
  type MyVerificationResponse,
  type PostDto,
  type ProfileDto,
  type VerifiedMembersResponse,
} from '@plates/common';
import { adminAuditLogs, notifications, userVerifications, users, userWarnings, verificationRequests, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser, uniqueName } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import { createModerationRepository } from '../moderation/moderation.repository.js';
import { createVerificationRepository, oldestPendingVerificationRequestAt } from './verification.repository.js';
import { createVerificationService } from './verification.service.js';

type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;
type Headers = { authorization: string };

let t: TestApp;
let keeper: Cook;
let moderator: Cook;

beforeAll(async () => {
  t = await buildTestApp();
  keeper = await makeSignedInUser(t.app);
  await grantRole(t.app, keeper.user.id, 'moderator', { permissions: ['manage_verifications'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;
const inject = (method: 'GET' | 'POST', url: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

async function ask(cook: Cook, body: object = { reason: 'I cook for a living', links: ['https://example.com/me'] }) {
  return inject('POST', '/api/verification/requests', cook.headers, body);
}
async function mine(cook: Cook): Promise<MyVerificationResponse> {
  const res = await inject('GET', '/api/verification', cook.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function queue(cursor?: string): Promise<AdminVerificationRequestsResponse> {
  const res = await inject('GET', `/api/admin/verification/requests${cursor ? `?cursor=${cursor}` : ''}`, keeper.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const decide = (id: number, body: object, headers: Headers = keeper.headers) => inject('POST', `/api/admin/verification/requests/${id}/decision`, headers, body);
const auditRows = (userId: number) =>
  db()
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.targetType, 'user'), eq(adminAuditLogs.targetId, userId)))
    .orderBy(adminAuditLogs.id);
const notesOf = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

describe('member requests', () => {
  it('are sent from Settings, shown as pending, and a second one is refused with the catalogue words', async () => {
    const cook = await makeSignedInUser(t.app);
    expect(await mine(cook)).toEqual({ verifiedType: null, request: null, canRequest: true, canRequestAt: null });

    const res = await ask(cook, { reason: '  Chef at a bistro  ', links: ['https://bistro.example/team', 'http://instagram.com/chef'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reason: 'Chef at a bistro', links: ['https://bistro.example/team', 'http://instagram.com/chef'], status: 'pending', decidedAt: null });
    expect(await mine(cook)).toMatchObject({ request: { status: 'pending' }, canRequest: false, canRequestAt: null });

    const again = await ask(cook);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: VERIFICATION_MESSAGES.alreadyPending });
  });

  it('refuses bad input (no reason, too long, bad or too many links) with a 400 and the catalogue words', async () => {
    const cook = await makeSignedInUser(t.app);
    const bad: [object, string][] = [
      [{ reason: '   ' }, VERIFICATION_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(1001) }, VERIFICATION_MESSAGES.reasonTooLong],
      [{ reason: 'ok', links: ['javascript:alert(1)'] }, VERIFICATION_MESSAGES.badLink],
      [{ reason: 'ok', links: ['ftp://example.com'] }, VERIFICATION_MESSAGES.badLink],
      [{ reason: 'ok', links: ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example'] }, VERIFICATION_MESSAGES.tooManyLinks],
    ];
    for (const [body, message] of bad) {
      const res = await ask(cook, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await mine(cook)).toMatchObject({ request: null, canRequest: true });
  });

  it('answers 401 to visitors and refuses a verified member', async () => {
    expect((await inject('GET', '/api/verification')).statusCode).toBe(401);
    expect((await inject('POST', '/api/verification/requests', undefined, { reason: 'x' })).statusCode).toBe(401);
    const cook = await makeSignedInUser(t.app);
    await db().insert(userVerifications).values({ userId: cook.user.id, verifiedType: 'business' });
    expect(await mine(cook)).toMatchObject({ verifiedType: 'business', canRequest: false });
    const res = await ask(cook);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.alreadyVerified);
  });

  it('are rate-limited per member (refused ones count)', async () => {
    const cook = await makeSignedInUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await ask(cook, { reason: 'again' })).statusCode);
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('the cool-down after a decline (fake clock)', () => {
  it(`lets the member ask again ${VERIFICATION_COOLDOWN_DAYS} days after the decision, not before`, async () => {
    let clock = new Date('2030-01-01T10:00:00Z');
    const database = db();
    const adminRepo = createAdminRepository(database);
    const told: string[] = [];
    const service = createVerificationService({
      repo: createVerificationRepository(database),
      badges: createModerationRepository(database),
      audit: createAudit(adminRepo),
      notifications: { notify: async (n) => void told.push(n.title) },
      now: () => clock,
    });
    const cook = await makeSignedInUser(t.app);
    const member = { id: cook.user.id, isAdmin: false };
    const staff: Staff = { id: keeper.user.id, isAdmin: false, username: keeper.user.username, permissions: new Set(['manage_verifications']), roles: ['moderator'] };
    const meta = { ip: '127.0.0.1', userAgent: null };

    const first = await service.request(member, { reason: 'first', links: [] });
    clock = new Date('2030-01-02T10:00:00Z');
    await service.decide(staff, first.id, { decision: 'decline', reason: 'Not enough followers yet.' }, meta);
    expect(told).toEqual([VERIFICATION_MESSAGES.declinedTitle]);

    const retryAt = new Date(Date.parse('2030-01-02T10:00:00Z') + VERIFICATION_COOLDOWN_DAYS * 86_400_000);
    clock = new Date(retryAt.getTime() - 60_000);
    expect(await service.mine(member)).toMatchObject({
      request: { status: 'declined', decisionReason: 'Not enough followers yet.' },
      canRequest: false,
      canRequestAt: retryAt.toISOString(),
    });
    await expect(service.request(member, { reason: 'too soon', links: [] })).rejects.toMatchObject({ code: 'CONFLICT', message: VERIFICATION_MESSAGES.coolingDown });

    clock = retryAt;
    expect(await service.mine(member)).toMatchObject({ canRequest: true, canRequestAt: null });
    expect(await service.request(member, { reason: 'second', links: [] })).toMatchObject({ status: 'pending', reason: 'second' });
  });
});

describe('the admin queue and decisions', () => {
  it('answers 401 to visitors and 403 to members and moderators without manage_verifications', async () => {
    const cook = await makeSignedInUser(t.app);
    const calls = [
      ['GET', '/api/admin/verification/requests', undefined],
      ['POST', '/api/admin/verification/requests/1/decision', { decision: 'decline', reason: 'x' }],
      ['GET', '/api/admin/verification/members', undefined],
      ['POST', `/api/admin/verification/members/${cook.user.id}/revoke`, { reason: 'x' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, cook.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lists pending requests oldest first in cursor pages, with each member record', async () => {
    await db().delete(verificationRequests);
    // Accounts nobody signs in to: written in one statement, without a password hash each.
    const cooks: User[] = await db()
      .insert(users)
      .values(Array.from({ length: 22 }, (_, i) => ({ username: uniqueName(), email: `${uniqueName()}@example.test`, password: 'x', createdAt: new Date(Date.now() - (i + 1) * 86_400_000) })))
      .returning();
    // Made in reverse order of their creation time, so the queue's order is the timestamps'.
    const base = Date.now() - 3_600_000;
    await db()
      .insert(verificationRequests)
      .values(cooks.map((c, i) => ({ userId: c.id, reason: `reason ${i}`, links: ['https://example.com'], createdAt: new Date(base + (21 - i) * 1000) })));
    const star = cooks[21]!;
    await makePost(t.app, { userId: star.id });
    await makePost(t.app, { userId: star.id });
    await makePost(t.app, { userId: star.id, approvalStatus: 'pending', approvedAt: null });
    await db().insert(userWarnings).values({ userId: star.id, warningType: 'warn', reason: 'spam', adminId: keeper.user.id });
    expect(await oldestPendingVerificationRequestAt(db())).toEqual(new Date(base));

    const first = await queue();
    expect(first.requests).toHaveLength(20);
    expect(first.requests[0]).toMatchObject({
      reason: 'reason 21',
      status: 'pending',
      links: ['https://example.com'],
      member: { id: star.id, username: star.username, postCount: 2, followerCount: 0, activeStrikes: 1, totalStrikes: 1, memberSince: star.createdAt.toISOString() },
    });
    expect(first.nextCursor).not.toBeNull();
    const second = await queue(first.nextCursor!);
    expect(second.requests.map((r) => r.reason)).toEqual(['reason 1', 'reason 0']);
    expect(second.nextCursor).toBeNull();
    expect((await inject('GET', '/api/admin/verification/requests?cursor=forged', keeper.headers)).statusCode).toBe(400);
    await db().delete(verificationRequests);
    expect(await oldestPendingVerificationRequestAt(db())).toBeNull();
  });

  it('approves gold: the badge shows on the member plates and profile at once, audited and told; deciding again is 409', async () => {
    const cook = await makeSignedInUser(t.app);
    const plate = await makePost(t.app, { userId: cook.user.id });
    const visitorFeedBadge = async () => {
      const feed = (await inject('GET', '/api/posts')).json<FeedResponse>();
      return feed.posts.find((p) => p.id === plate.id)?.user.verifiedType;
    };
    // Cached before the change: the visitors' feed and the plate's card.
    expect(await visitorFeedBadge()).toBeNull();
    expect((await inject('GET', `/api/posts/${plate.id}`)).json<PostDto>().user.verifiedType).toBeNull();

    const request = (await ask(cook)).json<{ id: number }>();
    const res = await decide(request.id, { decision: 'approve', verifiedType: 'gold' });
    expect(res.statusCode, res.body).toBe(200);

    expect(await visitorFeedBadge()).toBe('gold');
    expect((await inject('GET', `/api/posts/${plate.id}`)).json<PostDto>().user).toMatchObject({ isVerified: true, verifiedType: 'gold' });
    expect((await inject('GET', `/api/users/${cook.user.id}`, keeper.headers)).json<ProfileDto>()).toMatchObject({ verifiedType: 'gold' });
    expect(await mine(cook)).toMatchObject({ verifiedType: 'gold', request: { status: 'approved', verifiedType: 'gold' }, canRequest: false });

    const [badge] = await db().select().from(userVerifications).where(eq(userVerifications.userId, cook.user.id));
    expect(badge).toMatchObject({ verifiedType: 'gold', isActive: true, grantedBy: keeper.user.id, verifiedReason: 'I cook for a living' });
    const audits = await auditRows(cook.user.id);
    expect(audits.map((a) => [a.action, a.adminId, a.after])).toEqual([['verification_approved', keeper.user.id, { verifiedType: 'gold' }]]);
    expect((await notesOf(cook.user.id)).map((n) => n.title)).toEqual([VERIFICATION_MESSAGES.approvedTitle]);

    for (const body of [{ decision: 'approve', verifiedType: 'blue' }, { decision: 'decline', reason: 'no' }]) {
      const again = await decide(request.id, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'CONFLICT', message: VERIFICATION_MESSAGES.alreadyDecided });
    }
    expect(await auditRows(cook.user.id)).toHaveLength(1);
    expect((await decide(2_147_483_000, { decision: 'decline', reason: 'no' })).statusCode).toBe(404);
  });

  it('declines with a reason (audited, told with the reason), and refuses a decision without a reason or badge', async () => {
    const cook = await makeSignedInUser(t.app);
    const request = (await ask(cook)).json<{ id: number }>();
    expect((await decide(request.id, { decision: 'decline', reason: '  ' })).statusCode).toBe(400);
    expect((await decide(request.id, { decision: 'approve' })).statusCode).toBe(400);
    expect((await decide(request.id, { decision: 'approve', verifiedType: 'silver' })).statusCode).toBe(400);

    const res = await decide(request.id, { decision: 'decline', reason: 'Please add a link to your restaurant.' });
    expect(res.statusCode, res.body).toBe(200);
    const state = await mine(cook);
    expect(state).toMatchObject({ verifiedType: null, request: { status: 'declined', decisionReason: 'Please add a link to your restaurant.' }, canRequest: false });
    expect(state.canRequestAt).not.toBeNull();
    expect((await auditRows(cook.user.id)).map((a) => [a.action, a.reason])).toEqual([['verification_declined', 'Please add a link to your restaurant.']]);
    const notes = await notesOf(cook.user.id);
    expect(notes.map((n) => n.title)).toEqual([VERIFICATION_MESSAGES.declinedTitle]);
    expect(notes[0]!.message).toContain('Please add a link to your restaurant.');
    const [row] = await db().select().from(verificationRequests).where(eq(verificationRequests.id, request.id));
    expect(row).toMatchObject({ status: 'declined', decidedBy: keeper.user.id });
  });

  it('lists verified members and revokes a badge with a reason (badge row kept, audited, told; twice is 409)', async () => {
    const cook = await makeSignedInUser(t.app);
    const plate = await makePost(t.app, { userId: cook.user.id });
    const request = (await ask(cook)).json<{ id: number }>();
    expect((await decide(request.id, { decision: 'approve', verifiedType: 'business', reason: 'Known restaurant' })).statusCode).toBe(200);

    const list = (await inject('GET', '/api/admin/verification/members', keeper.headers)).json<VerifiedMembersResponse>();
    expect(list.members[0]).toMatchObject({
      member: { id: cook.user.id, verifiedType: 'business' },
      verifiedType: 'business',
      verifiedReason: 'Known restaurant',
      grantedBy: { id: keeper.user.id, username: keeper.user.username },
    });

    const revoke = (reason: string) => inject('POST', `/api/admin/verification/members/${cook.user.id}/revoke`, keeper.headers, { reason });
    expect((await revoke('')).statusCode).toBe(400);
    const res = await revoke('Closed the restaurant');
    expect(res.statusCode, res.body).toBe(200);
    const [badge] = await db().select().from(userVerifications).where(eq(userVerifications.userId, cook.user.id));
    expect(badge).toMatchObject({ isActive: false, revokedBy: keeper.user.id, revokedReason: 'Closed the restaurant' });
    expect(badge!.revokedAt).toBeInstanceOf(Date);
    expect((await inject('GET', `/api/posts/${plate.id}`)).json<PostDto>().user).toMatchObject({ isVerified: false, verifiedType: null });
    const after = (await inject('GET', '/api/admin/verification/members', keeper.headers)).json<VerifiedMembersResponse>();
    expect(after.members.map((m) => m.member.id)).not.toContain(cook.user.id);

    const again = await revoke('Again');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(VERIFICATION_MESSAGES.notVerified);
    expect((await auditRows(cook.user.id)).map((a) => a.action)).toEqual(['verification_approved', 'verification_revoked']);
    expect((await notesOf(cook.user.id)).map((n) => n.title)).toEqual([VERIFICATION_MESSAGES.approvedTitle, VERIFICATION_MESSAGES.revokedTitle]);
    // The member may ask again at once after a revocation (no decline to wait out).
    expect(await mine(cook)).toMatchObject({ verifiedType: null, canRequest: true });
  });

  it('keeps the member actions verify / unverify working on the same badge row', async () => {
    const admin = await makeSignedInUser(t.app, { isAdmin: true });
    const cook = await makeSignedInUser(t.app);
    const act = (body: object) => inject('POST', `/api/admin/users/${cook.user.id}/actions`, admin.headers, body);
    expect((await act({ action: 'verify', reason: 'Known chef', verifiedType: 'blue' })).statusCode).toBe(200);
    const listed = (await inject('GET', '/api/admin/verification/members', keeper.headers)).json<VerifiedMembersResponse>();
    expect(listed.members.find((m) => m.member.id === cook.user.id)).toMatchObject({ verifiedType: 'blue', grantedBy: { id: admin.user.id } });
    expect((await inject('POST', `/api/admin/verification/members/${cook.user.id}/revoke`, keeper.headers, { reason: 'Not needed' })).statusCode).toBe(200);
    const unverify = await act({ action: 'unverify', reason: 'again' });
    expect(unverify.statusCode).toBe(409);
    expect((await act({ action: 'verify', reason: 'Back', verifiedType: 'gold' })).statusCode).toBe(200);
    expect(await mine(cook)).toMatchObject({ verifiedType: 'gold' });
  });

  it('refuses a staff member deciding their own request', async () => {
    const own = (await ask(keeper)).json<{ id: number }>();
    const res = await decide(own.id, { decision: 'approve', verifiedType: 'gold' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(VERIFICATION_MESSAGES.notOwnRequest);
    await db().delete(verificationRequests).where(inArray(verificationRequests.id, [own.id]));
  });
});

