import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs, ipBlocks, securityEvents } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { DEFAULT_PASSWORD, grantRole, makeSignedInUser, uniqueName, verifyUser } from '../../test/factories.js';
import { SECURITY_MESSAGES } from './ip-blocks.service.js';

let t: TestApp;
/** An admin acting from an address no test blocks. */
let admin: { authorization: string };
let adminId: number;
const ADMIN_IP = '192.0.2.200';

beforeAll(async () => {
  t = await buildTestApp();
  const made = await makeSignedInUser(t.app, { isAdmin: true });
  admin = made.headers;
  adminId = made.user.id;
  await verifyUser(t.app, adminId);
});
afterAll(async () => t?.close());

const db = () => t.app.services.database.db;

function block(body: Record<string, unknown>, options: { headers?: { authorization: string }; from?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/ip-blocks',
    headers: options.headers ?? admin,
    remoteAddress: options.from ?? ADMIN_IP,
    payload: { reason: 'Abuse from this address', ...body },
  });
}

function unblock(id: number, reason?: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/admin/ip-blocks/${id}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
    headers: admin,
    remoteAddress: ADMIN_IP,
  });
}

const get = (url: string, from: string) => t.app.inject({ method: 'GET', url, remoteAddress: from });

function register(from: string, email?: string) {
  const username = uniqueName('new');
  return t.app.inject({
    method: 'POST',
    url: '/api/register',
    remoteAddress: from,
    payload: { username, email: email ?? `${username}@example.test`, password: DEFAULT_PASSWORD },
  });
}

async function eventsOf(type: string, ip?: string) {
  await t.app.services.jobs.drain();
  const rows = await db().select().from(securityEvents).where(eq(securityEvents.eventType, type));
  return ip ? rows.filter((r) => r.ipAddress === ip) : rows;
}

async function auditOf(action: string, targetId: number) {
  return db()
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetId, targetId)))
    .orderBy(adminAuditLogs.id);
}

describe('IP blocks API', () => {
  it('creates a block in canonical form, lists it with who blocked, and audits it', async () => {
    const res = await block({ ipAddress: ' 2001:DB8:0:0::1/64 ', blockType: 'sign_up_block' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ipAddress: '2001:db8::/64',
      blockType: 'sign_up_block',
      status: 'active',
      reason: 'Abuse from this address',
      expiresAt: null,
      blockedBy: { id: adminId },
      removedAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ip-blocks', headers: admin, remoteAddress: '::ffff:192.0.2.200' });
    expect(list.statusCode).toBe(200);
    expect(list.json().yourIp).toBe('192.0.2.200');
    expect(list.json().blocks).toContainEqual(expect.objectContaining({ id: created.id, ipAddress: '2001:db8::/64' }));
    const [audit] = await auditOf('ip_block_created', created.id);
    expect(audit).toMatchObject({ adminId, targetType: 'ip_block', targetLabel: '2001:db8::/64', reason: 'Abuse from this address' });
    expect(audit!.after).toMatchObject({ blockType: 'sign_up_block', ipAddress: '2001:db8::/64' });
  });

  it('refuses nonsense addresses, past expiries, unknown types and a second live block of one address', async () => {
    for (const ipAddress of ['300.1.1.1', '10.0.0.0/33', 'example.com', '1::2::3', '']) {
      const res = await block({ ipAddress, blockType: 'no_access' });
      expect(res.statusCode, ipAddress).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'ipAddress' });
    }
    const past = await block({ ipAddress: '198.51.100.77', blockType: 'no_access', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'expiresAt', message: SECURITY_MESSAGES.expiryPast });
    expect((await block({ ipAddress: '198.51.100.77', blockType: 'permanent' })).statusCode).toBe(400);
    expect((await block({ ipAddress: '198.51.100.77', blockType: 'no_access', reason: '' })).statusCode).toBe(400);

    const first = await block({ ipAddress: '198.51.100.0/24', blockType: 'sign_up_block' });
    expect(first.statusCode).toBe(201);
    const again = await block({ ipAddress: '198.51.100.9/24', blockType: 'no_access' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', field: 'ipAddress', message: SECURITY_MESSAGES.alreadyBlocked('198.51.100.0/24') });
    await unblock(first.json().id);
  });

  it('lifts a block as history (who, why) and can block the address again', async () => {
    const created = (await block({ ipAddress: '203.0.113.50', blockType: 'sign_up_block' })).json();
    const removed = await unblock(created.id, 'Shared office address');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      id: created.id,
      status: 'removed',
      removedBy: { id: adminId },
      removeReason: 'Shared office address',
      blockedBy: { id: adminId },
    });
    expect((await unblock(created.id)).statusCode).toBe(404);
    const [audit] = await auditOf('ip_block_removed', created.id);
    expect(audit).toMatchObject({ reason: 'Shared office address', targetLabel: '203.0.113.50' });

    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/ip-blocks', headers: admin })).json();
    const statuses = list.blocks.map((b: { status: string }) => b.status);
    expect(statuses.indexOf('removed')).toBeGreaterThan(statuses.lastIndexOf('active'));
    expect(list.blocks).toContainEqual(expect.objectContaining({ id: created.id, status: 'removed' }));
    // who blocked and who removed it, with their badges (joined in the list's one query)
    expect(list.blocks.find((b: { id: number }) => b.id === created.id)).toMatchObject({
      blockedBy: { id: adminId, isVerified: true, verifiedType: 'blue' },
      removedBy: { id: adminId, isVerified: true, verifiedType: 'blue' },
    });

    const again = await block({ ipAddress: '203.0.113.50', blockType: 'no_access' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: created.id, status: 'active', blockType: 'no_access', removedBy: null });
    expect((await auditOf('ip_block_created', created.id)).at(-1)!.before).toMatchObject({ isActive: false, blockType: 'sign_up_block' });
    await unblock(created.id);
  });

  it('refuses a no-access block over your own address unless confirmed', async () => {
    const other = await makeSignedInUser(t.app, { isAdmin: true });
    const refused = await block({ ipAddress: '192.0.2.0/24', blockType: 'no_access' }, { headers: other.headers, from: '192.0.2.10' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', field: 'confirm', message: SECURITY_MESSAGES.selfLockout('192.0.2.10') });
    // The same address seen through a dual-stack socket is the same address.
    const mapped = await block({ ipAddress: '192.0.2.10', blockType: 'no_access' }, { headers: other.headers, from: '::ffff:192.0.2.10' });
    expect(mapped.statusCode).toBe(409);
    // Sign-up blocks do not lock anyone out.
    const signUp = await block({ ipAddress: '192.0.2.10', blockType: 'sign_up_block' }, { headers: other.headers, from: '192.0.2.10' });
    expect(signUp.statusCode).toBe(201);
    await unblock(signUp.json().id);

    const confirmed = await block(
      { ipAddress: '192.0.2.8/30', blockType: 'no_access', confirm: true },
      { headers: other.headers, from: '192.0.2.10' },
    );
    expect(confirmed.statusCode).toBe(201);
    expect((await auditOf('ip_block_created', confirmed.json().id))[0]!.details).toEqual({ coversOwnAddress: '192.0.2.10' });
    const lockedOut = await t.app.inject({ method: 'GET', url: '/api/admin/ip-blocks', headers: other.headers, remoteAddress: '192.0.2.10' });
    expect(lockedOut.statusCode).toBe(403);
    expect((await unblock(confirmed.json().id)).statusCode).toBe(200);
  });

  it('lets a holder of manage_ip_blocks in, and nobody else', async () => {
    const holder = await makeSignedInUser(t.app);
    await grantRole(t.app, holder.user.id, 'moderator', { permissions: ['manage_ip_blocks'] });
    const res = await block({ ipAddress: '203.0.113.60', blockType: 'sign_up_block' }, { headers: holder.headers });
    expect(res.statusCode).toBe(201);
    await unblock(res.json().id);
    const member = await makeSignedInUser(t.app);
    expect((await block({ ipAddress: '203.0.113.61', blockType: 'sign_up_block' }, { headers: member.headers })).statusCode).toBe(403);
  });
});

describe('no-access enforcement', () => {
  it('refuses every request from the next one on, lets /api/health through, and lifts at once', async () => {
    const target = '203.0.113.7';
    expect((await get('/api/posts', target)).statusCode).toBe(200);
    const created = (await block({ ipAddress: '203.0.113.0/28', blockType: 'no_access' })).json();

    for (const [url, from] of [
      ['/api/posts', target],
      ['/api/user', target],
      ['/', target],
      ['/api/posts', `::ffff:${target}`],
    ] as const) {
      const res = await get(url, from);
      expect(res.statusCode, `${url} from ${from}`).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: SECURITY_MESSAGES.noAccess });
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: target, payload: { username: 'x', password: 'y' } });
    expect(login.statusCode).toBe(403);
    expect((await get('/api/health', target)).statusCode).toBe(200);
    expect((await get('/api/posts', '203.0.113.16')).statusCode).toBe(200);

    // A flood writes one event a minute per address, not one per request.
    const events = await eventsOf('ip_blocked', target);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ severity: 'medium', metadata: expect.objectContaining({ blockId: created.id, range: '203.0.113.0/28' }) });

    await unblock(created.id);
    expect((await get('/api/posts', target)).statusCode).toBe(200);
  });

  it('stops applying at its expiry without any change', async () => {
    const target = '203.0.113.100';
    const expiresAt = new Date(Date.now() + 1500);
    const created = await block({ ipAddress: target, blockType: 'no_access', expiresAt: expiresAt.toISOString() });
    expect(created.statusCode).toBe(201);
    expect((await get('/api/posts', target)).statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 20));
    expect((await get('/api/posts', target)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/ip-blocks', headers: admin })).json();
    expect(list.blocks).toContainEqual(expect.objectContaining({ id: created.json().id, status: 'expired' }));
    // An expired block's address may be blocked again at once.
    const again = await block({ ipAddress: target, blockType: 'sign_up_block' });
    expect(again.statusCode).toBe(201);
    await unblock(again.json().id);
  });

  it('never applies a block already expired in the database when the list is read', async () => {
    const [row] = await db()
      .insert(ipBlocks)
      .values({ ipAddress: '203.0.113.111', blockType: 'no_access', reason: 'old', expiresAt: new Date(Date.now() - 60_000) })
      .returning();
    await t.app.services.blockList.reload();
    expect((await get('/api/posts', '203.0.113.111')).statusCode).toBe(200);
    await db().delete(ipBlocks).where(eq(ipBlocks.id, row!.id));
  });
});

describe('sign-up blocks', () => {
  it('refuses registration from a sign_up_block address, with one event, and nothing else', async () => {
    const created = (await block({ ipAddress: '198.18.0.0/15', blockType: 'sign_up_block' })).json();
    const res = await register('198.19.1.1');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: SECURITY_MESSAGES.signUpBlocked });
    expect((await register('198.19.1.1')).statusCode).toBe(403);
    expect((await get('/api/posts', '198.19.1.1')).statusCode).toBe(200);
    expect((await register('198.20.0.1')).statusCode).toBe(201);
    const events = await eventsOf('ip_blocked', '198.19.1.1');
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata).toMatchObject({ action: 'sign_up', blockType: 'sign_up_block' });
    await unblock(created.id);
    expect((await register('198.19.1.1')).statusCode).toBe(201);
  });

  it('lets a sign_up_requires_approval address register and notes it for staff', async () => {
    const created = (await block({ ipAddress: '198.51.100.200', blockType: 'sign_up_requires_approval' })).json();
    const res = await register('198.51.100.200');
    expect(res.statusCode).toBe(201);
    const [event] = await eventsOf('sign_up_needs_approval', '198.51.100.200');
    expect(event).toMatchObject({ userId: res.json().user.id, metadata: { blockId: created.id, range: '198.51.100.200' } });
    await unblock(created.id);
  });

  it('refuses emails at a blocked domain and its subdomains, audited, until unblocked', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email-domain-blocks',
      headers: admin,
      payload: { domain: '@Spam-Mail.TEST', reason: 'Throwaway addresses' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ domain: 'spam-mail.test', reason: 'Throwaway addresses', createdBy: { id: adminId } });
    const id = created.json().id as number;
    const dup = await t.app.inject({ method: 'POST', url: '/api/admin/email-domain-blocks', headers: admin, payload: { domain: 'spam-mail.test' } });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/email-domain-blocks', headers: admin, payload: { domain: 'not a domain' } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'domain' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/email-domain-blocks', headers: admin });
    expect(list.json().domains).toContainEqual(expect.objectContaining({ id, domain: 'spam-mail.test' }));

    for (const email of ['a@spam-mail.test', 'b@SPAM-MAIL.test', 'c@eu.spam-mail.test']) {
      const res = await register('192.0.2.77', email);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', field: 'email', message: SECURITY_MESSAGES.domainBlocked('spam-mail.test') });
    }
    expect((await register('192.0.2.77', 'd@not-spam-mail.test')).statusCode).toBe(201);
    expect(await eventsOf('sign_up_domain_blocked', '192.0.2.77')).toHaveLength(1);
    expect(await auditOf('email_domain_blocked', id)).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/email-domain-blocks/${id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect((await auditOf('email_domain_unblocked', id))[0]!.before).toEqual({ domain: 'spam-mail.test', reason: 'Throwaway addresses' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/email-domain-blocks/${id}`, headers: admin })).statusCode).toBe(404);
    expect((await register('192.0.2.77', 'e@spam-mail.test')).statusCode).toBe(201);
  });
});
