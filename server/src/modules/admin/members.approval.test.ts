// Sign-ups from an address under a `sign_up_requires_approval` IP block: the account waits in
// `awaiting_approval` until a moderator with manage_users approves it (active, mailed) or rejects
// it (deleted as the member's own deletion would, mailed), each decision audited.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { adminAuditLogs, signUpApprovals, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, grantRole, makeSignedInUser, uniqueName } from '../../test/factories.js';
import { linkIn } from '../../test/smtp.js';

const BLOCKED_RANGE = '203.0.113.0/24';
const SIGN_UP_IP = '203.0.113.45';
const ADMIN_IP = '192.0.2.10';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
/** Staff with every default moderator permission, but not manage_users. */
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;
let blockId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
  const block = await t.app.inject({
    method: 'POST',
    url: '/api/admin/ip-blocks',
    headers: admin.headers,
    remoteAddress: ADMIN_IP,
    payload: { ipAddress: BLOCKED_RANGE, blockType: 'sign_up_requires_approval', reason: 'Burst of throwaway accounts' },
  });
  expect(block.statusCode).toBe(201);
  blockId = block.json().id;
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;

/** Registers from `from` and verifies the email with the mailed link; answers the account. */
async function signUp(from = SIGN_UP_IP) {
  const username = uniqueName('waiting');
  const email = `${username.toLowerCase()}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: from,
    payload: { username, email, password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode).toBe(201);
  await t.app.services.jobs.drain();
  const mail = await t.smtp.waitFor(email, /Verify your email/);
  const token = new URL(linkIn(mail, 'http://localhost:5000/auth/verify-email?token=')).searchParams.get('token')!;
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })).statusCode).toBe(200);
  const answer = res.json<{ user: { id: number }; message: string; awaitingApproval: boolean }>();
  return { id: answer.user.id, username, email, message: answer.message, awaitingApproval: answer.awaitingApproval };
}

const login = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: SIGN_UP_IP, payload: { username, password: DEFAULT_PASSWORD } });

const act = (id: number, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/actions`, headers, payload });

async function statusOf(id: number) {
  const [row] = await db().select({ accountStatus: users.accountStatus }).from(users).where(eq(users.id, id));
  return row?.accountStatus;
}

const auditOf = (userId: number) =>
  db()
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.targetType, 'user'), eq(adminAuditLogs.targetId, userId)));

/** Whether the account shows in search, on the leaderboard and as a profile, to a member. */
async function visibility(person: { id: number; username: string }) {
  const search = await t.app.inject({ url: `/api/search?q=${person.username}&tab=users`, headers: member.headers });
  const board = await t.app.inject({ url: '/api/leaderboard', headers: member.headers });
  const profile = await t.app.inject({ url: `/api/users/${person.id}`, headers: member.headers });
  return {
    search: search.json().users.some((u: { id: number }) => u.id === person.id),
    leaderboard: board.json().users.some((u: { id: number }) => u.id === person.id),
    profile: profile.statusCode,
  };
}

describe('sign-ups awaiting approval', () => {
  it('creates the account awaiting approval, with the matched block and address kept, and tells the member', async () => {
    const cook = await signUp();
    expect(cook).toMatchObject({ message: MESSAGES.registeredAwaitingApproval, awaitingApproval: true });
    expect(await statusOf(cook.id)).toBe('awaiting_approval');
    const [approval] = await db().select().from(signUpApprovals).where(eq(signUpApprovals.userId, cook.id));
    expect(approval).toMatchObject({ signUpIp: SIGN_UP_IP, ipBlockId: blockId, blockRange: BLOCKED_RANGE });

    // An address outside the block signs up as usual.
    const free = await signUp('198.51.100.9');
    expect(await statusOf(free.id)).toBe('active');
    expect(free.awaitingApproval).toBe(false);

    // The member page says why the account waits; the directory filters on the status.
    const detail = (await t.app.inject({ url: `/api/admin/users/${cook.id}`, headers: admin.headers })).json();
    expect(detail.user.accountStatus).toBe('awaiting_approval');
    expect(detail.approval).toMatchObject({ signUpIp: SIGN_UP_IP, blockRange: BLOCKED_RANGE, blockId, blockReason: 'Burst of throwaway accounts' });
    const freeDetail = (await t.app.inject({ url: `/api/admin/users/${free.id}`, headers: admin.headers })).json();
    expect(freeDetail.approval).toBeNull();
    const waiting = (await t.app.inject({ url: '/api/admin/users?status=awaiting_approval', headers: admin.headers })).json();
    expect(waiting.users.map((u: { id: number }) => u.id)).toContain(cook.id);
    expect(waiting.users.every((u: { accountStatus: string }) => u.accountStatus === 'awaiting_approval')).toBe(true);
  });

  it('answers the right password with 403 ACCOUNT_AWAITING_APPROVAL, and the wrong one as usual', async () => {
    const cook = await signUp();
    const res = await login(cook.username);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_AWAITING_APPROVAL', message: MESSAGES.accountAwaitingApproval });
    expect(res.headers['set-cookie'] ?? '').not.toMatch(/plates_session/);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: cook.username, password: 'not-the-password' } });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    // Signing in did not make the account active (as it does for a deactivated one).
    expect(await statusOf(cook.id)).toBe('awaiting_approval');
  });

  it('keeps the account out of search, the leaderboard and profiles until approved', async () => {
    const cook = await signUp();
    // Enough points to top the leaderboard, were it listed.
    await db().update(users).set({ points: 1_000_000 }).where(eq(users.id, cook.id));
    expect(await visibility(cook)).toEqual({ search: false, leaderboard: false, profile: 404 });

    const approved = await act(cook.id, { action: 'approve', reason: 'Looks like a real cook' });
    expect(approved.statusCode).toBe(200);
    expect(await visibility(cook)).toEqual({ search: true, leaderboard: true, profile: 200 });
  });

  it('approve: the account becomes active, the member is mailed and can sign in, audited with the reason it waited', async () => {
    const cook = await signUp();
    const res = await act(cook.id, { action: 'approve', reason: 'Checked: a real cook' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account approved: the member can sign in.', strike: null });
    expect(await statusOf(cook.id)).toBe('active');
    expect(await db().select().from(signUpApprovals).where(eq(signUpApprovals.userId, cook.id))).toEqual([]);
    expect((await login(cook.username)).statusCode).toBe(200);

    const mail = await t.smtp.waitFor(cook.email, /account is approved/);
    expect(mail.body).toContain('you can sign in now');
    expect(mail.body).toContain('http://localhost:5000/auth');

    const [row] = await auditOf(cook.id);
    expect(row).toMatchObject({
      adminId: admin.user.id,
      action: 'user_approve',
      targetType: 'user',
      targetLabel: cook.username,
      reason: 'Checked: a real cook',
      before: { accountStatus: 'awaiting_approval', signUpIp: SIGN_UP_IP, blockRange: BLOCKED_RANGE, blockId },
      after: { accountStatus: 'active' },
    });

    // Once decided, neither decision applies again; other actions apply as to anyone.
    expect((await act(cook.id, { action: 'approve', reason: 'again' })).json()).toMatchObject({ code: 'CONFLICT' });
    expect((await act(cook.id, { action: 'reject', reason: 'again' })).statusCode).toBe(409);
  });

  it('reject: the account and its data are deleted, the member is mailed, and the audit row keeps the name', async () => {
    const cook = await signUp();
    const res = await act(cook.id, { action: 'reject', reason: 'Part of a spam wave' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Sign-up rejected: the account was deleted.');
    expect(await db().select().from(users).where(eq(users.id, cook.id))).toEqual([]);
    expect(await db().select().from(signUpApprovals).where(eq(signUpApprovals.userId, cook.id))).toEqual([]);
    expect((await login(cook.username)).json().code).toBe('INVALID_CREDENTIALS');
    // The name is free again.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/register',
          remoteAddress: '198.51.100.30',
          payload: { username: cook.username, email: cook.email, password: DEFAULT_PASSWORD },
        })
      ).statusCode,
    ).toBe(201);

    const mail = await t.smtp.waitFor(cook.email, /sign-up was not approved/);
    expect(mail.body).toContain('Reason: Part of a spam wave');

    const audit = (await t.app.inject({ url: `/api/admin/audit?action=user_reject&targetType=user&targetId=${cook.id}`, headers: admin.headers })).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'user_reject',
      targetLabel: cook.username,
      reason: 'Part of a spam wave',
      before: { accountStatus: 'awaiting_approval', signUpIp: SIGN_UP_IP },
      after: { deleted: true },
    });
  });

  it('refuses staff without manage_users, other actions on a waiting account, and decisions on an active one', async () => {
    const cook = await signUp();
    for (const action of ['approve', 'reject']) {
      const res = await act(cook.id, { action, reason: 'Trying' }, moderator.headers);
      expect(res.statusCode, action).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${cook.id}/actions`, payload: { action: 'approve', reason: 'x' } })).statusCode).toBe(401);
    // Suspending and then lifting the suspension would skip the approval.
    const suspend = await act(cook.id, { action: 'suspend', reason: 'Spam' });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json().message).toBe('This account is awaiting approval: approve or reject it first.');
    expect(await statusOf(cook.id)).toBe('awaiting_approval');
    expect((await act(member.user.id, { action: 'approve', reason: 'x' })).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This account is not awaiting approval.',
    });
    // Nothing of it was written to the log.
    expect(await auditOf(cook.id)).toEqual([]);
  });
});
