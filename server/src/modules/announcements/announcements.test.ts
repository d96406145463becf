import { ANNOUNCEMENT_MESSAGES, NEW_MEMBER_DAYS, type AdminAnnouncementDto, type AnnouncementBody, type AnnouncementsResponse } from '@plates/common';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminAuditLogs, announcementDismissals, globalAnnouncements } from '../../db/schema/index.js';
import { grantRole, makeSignedInUser, signIn } from '../../test/factories.js';
import { connected, listeningTestApp, nextEvent, record } from '../../test/sockets.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('announcements', () => {
  const ctx = listeningTestApp();
  let admin: Cook;
  let keeper: Cook;
  let moderator: Cook;
  let member: Cook;
  let newcomer: Cook;

  beforeAll(async () => {
    const app = ctx.app();
    admin = await makeSignedInUser(app, { isAdmin: true, createdAt: new Date(Date.now() - 400 * 86_400_000) });
    keeper = await makeSignedInUser(app, { createdAt: new Date(Date.now() - 400 * 86_400_000) });
    await grantRole(app, keeper.user.id, 'moderator', { permissions: ['manage_announcements'] });
    moderator = await makeSignedInUser(app);
    await grantRole(app, moderator.user.id, 'moderator');
    member = await makeSignedInUser(app, { createdAt: new Date(Date.now() - (NEW_MEMBER_DAYS + 1) * 86_400_000) });
    newcomer = await makeSignedInUser(app, { createdAt: new Date(Date.now() - 86_400_000) });
  });
  beforeEach(async () => {
    await ctx.app().services.database.db.delete(globalAnnouncements);
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
    ctx.app().inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const create = async (body: AnnouncementBody, headers: Headers = keeper.headers) => {
    const res = await inject('POST', '/api/admin/announcements', headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminAnnouncementDto>();
  };
  const titlesFor = async (headers?: Headers) => {
    const res = await inject('GET', '/api/announcements', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AnnouncementsResponse>().announcements.map((a) => a.title);
  };

  it('answers 401 to visitors and 403 to members without manage_announcements on every admin call', async () => {
    const made = await create({ title: 'Hello', content: 'World' });
    const calls = [
      ['GET', '/api/admin/announcements', undefined],
      ['POST', '/api/admin/announcements', { title: 'x', content: 'y' }],
      ['PATCH', `/api/admin/announcements/${made.id}`, { isActive: false }],
      ['DELETE', `/api/admin/announcements/${made.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await titlesFor()).toEqual(['Hello']);
  });

  it('are added with defaults, listed for admins with their status, changed and deleted, each change audited in one row', async () => {
    const made = await create({ title: '  Welcome  ', content: 'Share your first plate.' });
    expect(made).toMatchObject({
      title: 'Welcome',
      type: 'info',
      targetAudience: 'all',
      isActive: true,
      isPinned: false,
      showAsAlert: false,
      startDate: null,
      endDate: null,
      status: 'active',
      createdBy: { id: keeper.user.id, username: keeper.user.username },
    });
    await create({ title: 'Later', content: 'Soon', startDate: at(HOUR) });
    await create({ title: 'Past', content: 'Gone', startDate: at(-2 * HOUR), endDate: at(-HOUR) });
    await create({ title: 'Off', content: 'Switched off', isActive: false });
    const list = (await inject('GET', '/api/admin/announcements', keeper.headers)).json<{ announcements: AdminAnnouncementDto[] }>();
    expect(list.announcements.map((a) => [a.title, a.status])).toEqual([
      ['Off', 'inactive'],
      ['Past', 'expired'],
      ['Later', 'scheduled'],
      ['Welcome', 'active'],
    ]);

    const patched = await inject('PATCH', `/api/admin/announcements/${made.id}`, keeper.headers, { type: 'urgent', isPinned: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Welcome', content: 'Share your first plate.', type: 'urgent', isPinned: true, createdBy: { id: keeper.user.id } });
    const off = await inject('PATCH', `/api/admin/announcements/${made.id}`, keeper.headers, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false, status: 'inactive' });

    expect((await inject('DELETE', `/api/admin/announcements/${made.id}`, keeper.headers)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/admin/announcements/${made.id}`, keeper.headers)).statusCode).toBe(404);
    expect((await inject('PATCH', `/api/admin/announcements/${made.id}`, keeper.headers, { isActive: true })).statusCode).toBe(404);

    const rows = await ctx
      .app()
      .services.database.db.select()
      .from(adminAuditLogs)
      .where(sql`${adminAuditLogs.targetType} = 'announcement' and ${adminAuditLogs.targetId} = ${made.id}`)
      .orderBy(adminAuditLogs.id);
    expect(rows.map((r) => [r.action, r.adminId])).toEqual([
      ['announcement_created', keeper.user.id],
      ['announcement_updated', keeper.user.id],
      ['announcement_updated', keeper.user.id],
      ['announcement_deleted', keeper.user.id],
    ]);
    expect(rows[1]!.before).toMatchObject({ type: 'info', isPinned: false });
    expect(rows[1]!.after).toMatchObject({ type: 'urgent', isPinned: true });
  });

  it('refuses bad input with the catalogue words and a 4xx, never a 500', async () => {
    const bad: [unknown, string][] = [
      [{ title: '', content: 'x' }, 'title'],
      [{ title: '   ', content: 'x' }, 'title'],
      [{ title: 'x'.repeat(101), content: 'x' }, 'title'],
      [{ title: 'x', content: 'y'.repeat(2001) }, 'content'],
      [{ title: 'x' }, 'content'],
      [{ title: 'x', content: 'y', type: 'danger' }, 'type'],
      [{ title: 'x', content: 'y', targetAudience: 'everyone' }, 'targetAudience'],
      [{ title: 'x', content: 'y', startDate: 'tomorrow' }, 'startDate'],
      [{ title: 'x', content: 'y', startDate: at(2 * HOUR), endDate: at(HOUR) }, 'endDate'],
      [{ title: 'x', content: 'y', isPinned: 'yes' }, 'isPinned'],
      [{ title: { $ne: 1 }, content: 'y' }, 'title'],
    ];
    for (const [body, field] of bad) {
      const res = await inject('POST', '/api/admin/announcements', keeper.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ field?: string }>().field, JSON.stringify(body)).toBe(field);
    }
    const ordered = await inject('POST', '/api/admin/announcements', keeper.headers, { title: 'x', content: 'y', startDate: at(2 * HOUR), endDate: at(HOUR) });
    expect(ordered.json()).toMatchObject({ message: ANNOUNCEMENT_MESSAGES.endBeforeStart });
    // A change checked against the stored schedule.
    const made = await create({ title: 'Window', content: 'Open', startDate: at(-HOUR), endDate: at(HOUR) });
    const reversed = await inject('PATCH', `/api/admin/announcements/${made.id}`, keeper.headers, { endDate: at(-2 * HOUR) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ field: 'endDate', message: ANNOUNCEMENT_MESSAGES.endBeforeStart });
    for (const url of ['/api/admin/announcements/0', '/api/admin/announcements/abc', '/api/admin/announcements/99999999999']) {
      expect((await inject('PATCH', url, keeper.headers, { isActive: true })).statusCode, url).toBe(400);
    }
    expect((await inject('POST', '/api/announcements/abc/dismiss', member.headers)).statusCode).toBe(400);
    // Markup is kept as the text it is (the web app renders it as text).
    const markup = await create({ title: '<b>Bold</b>', content: '<img src=x onerror=alert(1)>' });
    expect(markup).toMatchObject({ title: '<b>Bold</b>', content: '<img src=x onerror=alert(1)>' });
  });

  it('shows each viewer the active ones of their audiences, pinned first, then newest', async () => {
    await create({ title: 'To all', content: 'a' });
    await create({ title: 'To members', content: 'b', targetAudience: 'members' });
    await create({ title: 'To new members', content: 'c', targetAudience: 'new_members' });
    await create({ title: 'To admins', content: 'd', targetAudience: 'admins' });
    await create({ title: 'Pinned old', content: 'e', isPinned: true });
    await ctx.app().services.database.db.update(globalAnnouncements).set({ createdAt: new Date(Date.now() - HOUR) }).where(eq(globalAnnouncements.title, 'Pinned old'));
    await create({ title: 'Scheduled', content: 'f', startDate: at(HOUR) });
    await create({ title: 'Expired', content: 'g', endDate: at(-1000), startDate: at(-HOUR) });
    await create({ title: 'Running', content: 'h', startDate: at(-HOUR), endDate: at(HOUR) });
    await create({ title: 'Inactive', content: 'i', isActive: false });

    expect(await titlesFor()).toEqual(['Pinned old', 'Running', 'To all']);
    expect(await titlesFor(member.headers)).toEqual(['Pinned old', 'Running', 'To members', 'To all']);
    expect(await titlesFor(newcomer.headers)).toEqual(['Pinned old', 'Running', 'To new members', 'To members', 'To all']);
    expect(await titlesFor(admin.headers)).toEqual(['Pinned old', 'Running', 'To admins', 'To members', 'To all']);
    // A role with manage_announcements is not the admins' audience: that is admin accounts.
    expect(await titlesFor(keeper.headers)).toEqual(['Pinned old', 'Running', 'To members', 'To all']);
  });

  it('hides a dismissed one from that member only, idempotently; 401 for visitors, 404 for unknown ones', async () => {
    const made = await create({ title: 'Dismiss me', content: 'x' });
    expect((await inject('POST', `/api/announcements/${made.id}/dismiss`)).statusCode).toBe(401);
    expect((await inject('POST', `/api/announcements/${made.id}/dismiss`, member.headers)).statusCode).toBe(204);
    expect((await inject('POST', `/api/announcements/${made.id}/dismiss`, member.headers)).statusCode).toBe(204);
    expect((await inject('POST', '/api/announcements/99999/dismiss', member.headers)).statusCode).toBe(404);
    expect(await titlesFor(member.headers)).toEqual([]);
    expect(await titlesFor(newcomer.headers)).toEqual(['Dismiss me']);
    expect(await titlesFor()).toEqual(['Dismiss me']);
    const rows = await ctx.app().services.database.db.select().from(announcementDismissals).where(eq(announcementDismissals.announcementId, made.id));
    expect(rows.map((r) => r.userId)).toEqual([member.user.id]);
  });

  it('pushes an active showAsAlert one as system_message to the signed-in members of its audience only', async () => {
    const app = ctx.app();
    const memberSocket = ctx.track(await connected(app, (await signIn(app, member.user.username)).token));
    const adminSocket = ctx.track(await connected(app, (await signIn(app, admin.user.username)).token));
    const heardByMember = record(memberSocket, 'system_message');
    const heardByAdmin = record(adminSocket, 'system_message');

    const pushed = nextEvent(memberSocket, 'system_message');
    const alert = await create({ title: 'Maintenance tonight', content: 'From 22:00', type: 'warning', showAsAlert: true });
    expect(await pushed).toEqual({ message: 'Maintenance tonight', type: 'warning', announcementId: alert.id });

    // (the first alert reaches the admin too, through the adapter, maybe after this line)
    const adminsOnly = await create({ title: 'Staff meeting', content: 'x', targetAudience: 'admins', showAsAlert: true });
    await vi.waitFor(() => expect(heardByAdmin.map((p) => p.announcementId)).toContain(adminsOnly.id));

    const toUser = vi.spyOn(app.services.realtime, 'toUser');
    const toEveryone = vi.spyOn(app.services.realtime, 'toEveryone');
    const welcome = await create({ title: 'Welcome', content: 'x', targetAudience: 'new_members', showAsAlert: true });
    const told = toUser.mock.calls.filter((c) => c[1] === 'system_message').map((c) => c[0]);
    expect(told).toContain(newcomer.user.id);
    expect(told).not.toContain(member.user.id);
    expect(told).not.toContain(admin.user.id);
    expect(toEveryone).not.toHaveBeenCalled();
    // Not pushed: a quiet one, a scheduled one, an inactive one.
    toUser.mockClear();
    await create({ title: 'Quiet', content: 'x' });
    await create({ title: 'Later', content: 'x', showAsAlert: true, startDate: at(HOUR) });
    await create({ title: 'Off', content: 'x', showAsAlert: true, isActive: false });
    expect(toUser.mock.calls.filter((c) => c[1] === 'system_message')).toEqual([]);
    expect(toEveryone).not.toHaveBeenCalled();
    // Switched on later: pushed then.
    const off = (await inject('GET', '/api/admin/announcements', keeper.headers)).json<{ announcements: AdminAnnouncementDto[] }>().announcements.find((a) => a.title === 'Off')!;
    await inject('PATCH', `/api/admin/announcements/${off.id}`, keeper.headers, { isActive: true });
    expect(toEveryone).toHaveBeenCalledWith('system_message', { message: 'Off', type: 'info', announcementId: off.id });

    // The member heard the one to all and the one switched on, never the admins' or the new members'.
    await vi.waitFor(() => expect(heardByMember.map((p) => p.announcementId)).toEqual([alert.id, off.id]));
    expect(heardByMember.map((p) => p.announcementId)).not.toContain(welcome.id);
  });

  it('pushes a scheduled alert once, when its start comes (the check the app runs every 30 s)', async () => {
    const app = ctx.app();
    const toEveryone = vi.spyOn(app.services.realtime, 'toEveryone');
    const before = new Date();
    const soon = await create({ title: 'Starting soon', content: 'x', showAsAlert: true, startDate: at(1_200) });
    await create({ title: 'Quiet soon', content: 'x', startDate: at(1_200) });
    await create({ title: 'Much later', content: 'x', showAsAlert: true, startDate: at(HOUR) });
    expect(toEveryone).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 1_400));
    const checked = new Date();
    expect(await app.services.announcements.pushStarted(before, checked)).toBe(1);
    expect(toEveryone.mock.calls).toEqual([['system_message', { message: 'Starting soon', type: 'info', announcementId: soon.id }]]);
    // The next check's window starts where this one ended: not pushed again.
    expect(await app.services.announcements.pushStarted(checked, new Date())).toBe(0);
    expect(toEveryone).toHaveBeenCalledTimes(1);
  });
});
