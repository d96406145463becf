import {
  AnnouncementBody,
  EMAIL_TEMPLATE_MESSAGES as M,
  EMAIL_TEST_LIMIT,
  type EmailPreviewResponse,
  type EmailTemplateDto,
  type EmailTemplatesResponse,
} from '@plates/common';
import { and, desc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLogs, emailTemplates, users } from '../../db/schema/index.js';
import { createAnnouncementsRepository } from '../announcements/announcements.repository.js';
import { createAnnouncementsService } from '../announcements/announcements.service.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser, makeUser } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import { createJobs } from '../../lib/jobs.js';
import { silentBus } from '../../lib/realtime-bus.js';
import type { Staff } from '../admin/permissions.js';
import { redisReloadChannel } from '../content-filters/reload-channel.js';
import { definitionOf } from './email-templates.registry.js';
import { createEmailTemplatesRepository } from './email-templates.repository.js';
import { createEmailTemplates } from './email-templates.service.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

let t: TestApp;
let admin: Cook;
let editor: Cook;
let moderator: Cook;
let member: Cook;

const db = () => t.app.services.database.db;
const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
const auditRows = (action: string, label: string) =>
  db()
    .select()
    .from(adminAuditLogs)
    .where(and(eq(adminAuditLogs.action, action), eq(adminAuditLogs.targetLabel, label)))
    .orderBy(desc(adminAuditLogs.id));
const get = async (name: string) => (await inject('GET', `/api/admin/email-templates/${name}`, editor.headers)).json<EmailTemplateDto>();
const save = (name: string, draft: { subject: string; html: string; text: string }, baseVersion: number, headers = editor.headers) =>
  inject('PUT', `/api/admin/email-templates/${name}`, headers, { ...draft, baseVersion });
/** Saves a change of `name` over what is in use now. */
async function edit(name: string, change: Partial<{ subject: string; html: string; text: string }>) {
  const current = await get(name);
  const answer = await save(name, { subject: current.subject, html: current.html, text: current.text, ...change }, current.version);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<EmailTemplateDto>();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  editor = await makeSignedInUser(t.app);
  await grantRole(t.app, editor.user.id, 'moderator', { permissions: ['manage_email_templates'] });
  moderator = await makeSignedInUser(t.app);
  await grantRole(t.app, moderator.user.id, 'moderator');
  member = await makeSignedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // Every test starts from the defaults.
  for (const name of ['verify_email', 'reset_password', 'strike', 'appeal_outcome', 'announcement']) {
    await inject('POST', `/api/admin/email-templates/${name}/revert`, admin.headers);
  }
});

describe('/admin/email-templates API', () => {
  it('answers 401 to visitors and 403 to members and moderators without manage_email_templates on every call', async () => {
    const draft = { subject: 's', html: '<p>{{link}}</p>', text: '{{link}}' };
    const calls = [
      ['GET', '/api/admin/email-templates', undefined],
      ['GET', '/api/admin/email-templates/verify_email', undefined],
      ['PUT', '/api/admin/email-templates/verify_email', { ...draft, baseVersion: 0 }],
      ['POST', '/api/admin/email-templates/verify_email/preview', draft],
      ['POST', '/api/admin/email-templates/verify_email/test', {}],
      ['POST', '/api/admin/email-templates/verify_email/revert', undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await inject(method, url, member.headers, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await inject(method, url, moderator.headers, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await inject('GET', '/api/admin/email-templates', editor.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/email-templates', admin.headers)).statusCode).toBe(200);
  });

  it('lists the five templates with their defaults in use; an unknown name is 400', async () => {
    const list = (await inject('GET', '/api/admin/email-templates', editor.headers)).json<EmailTemplatesResponse>();
    expect(list.templates.map((x) => x.name)).toEqual(['verify_email', 'reset_password', 'strike', 'appeal_outcome', 'announcement']);
    expect(list.templates.every((x) => !x.customised)).toBe(true);

    const verify = await get('verify_email');
    expect(verify.subject).toBe('Verify your email for {{appName}}');
    expect(verify.defaults.subject).toBe(verify.subject);
    expect(verify.variables.map((v) => [v.name, v.required])).toEqual([['displayName', false], ['link', true], ['appName', false]]);
    const strike = await get('strike');
    expect(strike.version).toBe(0);
    expect(strike.subject).toBe('A note from the moderators');

    expect((await inject('GET', '/api/admin/email-templates/welcome', editor.headers)).statusCode).toBe(400);
  });

  it('refuses an unknown variable, a missing required one and unsafe HTML, naming the field, in the catalogue words', async () => {
    const verify = await get('verify_email');
    const base = { subject: verify.subject, html: verify.html, text: verify.text };
    const refused = async (change: Partial<typeof base>, field: string, message: string) => {
      const answer = await save('verify_email', { ...base, ...change }, verify.version);
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json(), JSON.stringify(change)).toEqual({ code: 'VALIDATION_ERROR', field, message });
    };
    await refused({ subject: 'Hello {{firstName}}' }, 'subject', M.unknownVariable('firstName'));
    await refused({ text: `${base.text}\n{{ token }}` }, 'text', M.unknownVariable('token'));
    await refused({ text: 'Hi {{displayName}}, welcome.' }, 'text', M.missingVariable('link'));
    await refused({ html: '<p>No link here</p>' }, 'html', M.missingVariable('link'));
    const html = (extra: string) => `<p><a href="{{link}}">Verify</a></p>${extra}`;
    await refused({ html: html('<script>alert(1)</script>') }, 'html', M.unsafeTag('script'));
    await refused({ html: html('<STYLE>p{}</STYLE>') }, 'html', M.unsafeTag('style'));
    await refused({ html: html('<iframe src="https://example.com"></iframe>') }, 'html', M.unsafeTag('iframe'));
    await refused({ html: html('<object data="x"></object>') }, 'html', M.unsafeTag('object'));
    await refused({ html: html('<embed src="x">') }, 'html', M.unsafeTag('embed'));
    await refused({ html: html('<form action="https://example.com"><p>x</p></form>') }, 'html', M.unsafeTag('form'));
    await refused({ html: html('<svg><circle/></svg>') }, 'html', M.unsafeTag('svg'));
    await refused({ html: html('<p onclick="steal()">x</p>') }, 'html', M.unsafeAttribute('onclick'));
    await refused({ html: html('<img src="https://x.test/a.png" onerror="steal()">') }, 'html', M.unsafeAttribute('onerror'));
    await refused({ html: html('<a href="javascript:steal()">x</a>') }, 'html', M.unsafeUrl('href'));
    await refused({ html: html('<a href="java&#x09;script:steal()">x</a>') }, 'html', M.unsafeUrl('href'));
    await refused({ html: html('<a href=" JAVASCRIPT:steal()">x</a>') }, 'html', M.unsafeUrl('href'));
    await refused({ html: html('<img src="data:image/png;base64,AAAA">') }, 'html', M.unsafeUrl('src'));
    // A member's words never start a link (a display name of "javascript:…").
    await refused({ html: html('<a href="{{displayName}}">x</a>') }, 'html', M.unsafeUrl('href'));
    await refused({ html: html('<p style="background:url(https://tracker.test/p.gif)">x</p>') }, 'html', M.unsafeStyle);
    await refused({ html: html('<!--[if mso]><script>x</script><![endif]-->') }, 'html', M.unsafeComment);
    await refused({ html: html('<meta http-equiv="refresh" content="0;url=https://x.test">') }, 'html', M.unsafeTag('meta'));

    // The subject: one line, not too long (the schema, in the same words).
    const multiLine = await save('verify_email', { ...base, subject: 'Line one\nline two' }, verify.version);
    expect(multiLine.statusCode).toBe(400);
    expect(multiLine.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: M.subjectOneLine });
    const long = await save('verify_email', { ...base, subject: 'x'.repeat(201) }, verify.version);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: M.subjectTooLong });

    // Nothing was saved, and nothing audited.
    expect((await get('verify_email')).customised).toBe(false);
    expect((await get('verify_email')).version).toBe(verify.version);
  });

  it('saves a version with its audit row, refuses a stale save with 409, and reverts to the default with its audit row', async () => {
    const before = await get('strike');
    const saved = await edit('strike', { subject: 'About your account, {{displayName}}' });
    expect(saved).toMatchObject({ customised: true, version: 1, subject: 'About your account, {{displayName}}', updatedBy: { id: editor.user.id } });
    const revertsBefore = (await auditRows('email_template_reverted', 'strike')).length;
    const [updated] = await auditRows('email_template_updated', 'strike');
    expect(updated).toMatchObject({ adminId: editor.user.id, targetType: 'email_template', targetLabel: 'strike', before: null });
    expect(updated!.after).toMatchObject({ subject: 'About your account, {{displayName}}', version: 1, isActive: true });

    // Someone saved since version 0: a save from that version is refused, and changes nothing.
    const stale = await save('strike', { subject: 'Mine', html: before.html, text: before.text }, 0);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 'CONFLICT', message: M.stale });
    expect((await get('strike')).subject).toBe('About your account, {{displayName}}');

    // The same text again changes nothing (no new version, no audit row).
    const again = await save('strike', { subject: saved.subject, html: saved.html, text: saved.text }, 1);
    expect(again.json<EmailTemplateDto>().version).toBe(1);
    expect(await auditRows('email_template_updated', 'strike')).toHaveLength(1);

    const reverted = await inject('POST', '/api/admin/email-templates/strike/revert', editor.headers);
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json<EmailTemplateDto>()).toMatchObject({ customised: false, subject: 'A note from the moderators', version: 2 });
    const [revert] = await auditRows('email_template_reverted', 'strike');
    expect(revert).toMatchObject({ adminId: editor.user.id, targetLabel: 'strike' });
    expect(revert!.before).toMatchObject({ subject: 'About your account, {{displayName}}', isActive: true });
    expect(revert!.after).toMatchObject({ isActive: false, version: 2 });
    // Reverting what is already the default changes nothing.
    await inject('POST', '/api/admin/email-templates/strike/revert', editor.headers);
    expect(await auditRows('email_template_reverted', 'strike')).toHaveLength(revertsBefore + 1);
  });

  it('previews a draft with the sample values, escaped in the HTML, listing what a save would refuse; nothing is saved', async () => {
    const answer = await inject('POST', '/api/admin/email-templates/announcement/preview', editor.headers, {
      subject: 'News: {{title}}',
      html: '<p>{{content}} {{unknown}}</p><p>{{title}}</p>',
      text: '{{title}}: {{content}}',
    });
    expect(answer.statusCode).toBe(200);
    const preview = answer.json<EmailPreviewResponse>();
    expect(preview.subject).toBe('News: New: weekly cooking challenges');
    expect(preview.text).toBe('New: weekly cooking challenges: Every Monday a new theme. Post your plate by Sunday night.');
    expect(preview.issues).toEqual([{ field: 'html', message: M.unknownVariable('unknown') }]);

    const escaped = (
      await inject('POST', '/api/admin/email-templates/strike/preview', editor.headers, {
        subject: 'x',
        html: '<p>{{notice}}</p><a href="{{link}}">{{linkLabel}}</a>',
        text: '{{notice}}',
      })
    ).json<EmailPreviewResponse>();
    expect(escaped.html).toContain('Please keep comments about the food.');
    expect(escaped.issues).toEqual([]);
    expect((await get('announcement')).version).toBe(0);
  });

  it('sends a test of the draft or the saved template to the admin, refuses an unsafe draft, and limits how often', async () => {
    const draft = { subject: 'Draft for {{displayName}}', html: '<p>{{notice}}</p>', text: 'Draft: {{notice}}' };
    const sent = await inject('POST', '/api/admin/email-templates/strike/test', editor.headers, { draft });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: M.testSent, to: editor.user.email });
    const mail = await t.smtp.waitFor(editor.user.email, /\[Test\] Draft for /);
    expect(mail.body).toContain('Draft: A moderator warned you');

    const stored = await inject('POST', '/api/admin/email-templates/reset_password/test', editor.headers, {});
    expect(stored.statusCode).toBe(200);
    await t.smtp.waitFor(editor.user.email, /\[Test\] Reset your Plates password/);

    const unsafe = await inject('POST', '/api/admin/email-templates/strike/test', editor.headers, { draft: { ...draft, html: '<p onmouseover="x()">{{notice}}</p>' } });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'html', message: M.unsafeAttribute('onmouseover') });

    // Three counted so far (the refused one too); the limit is EMAIL_TEST_LIMIT per window.
    let last = 200;
    for (let i = 4; i <= EMAIL_TEST_LIMIT.max; i++) last = (await inject('POST', '/api/admin/email-templates/strike/test', editor.headers, {})).statusCode;
    expect(last).toBe(200);
    const limited = await inject('POST', '/api/admin/email-templates/strike/test', editor.headers, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: M.rateLimited });
  });
});

describe('the live preview and the admin write limit', () => {
  it('previews as often as the admin types without using up the write limit that saves count against', async () => {
    const limited = await buildTestApp({ rateLimits: { adminWritesPerUser: 2 } });
    try {
      const boss = await makeSignedInUser(limited.app, { isAdmin: true });
      const draft = { subject: 'S {{displayName}}', html: '<p>{{notice}}</p>', text: '{{notice}}' };
      for (let i = 0; i < 4; i++) {
        const preview = await limited.app.inject({ method: 'POST', url: '/api/admin/email-templates/strike/preview', headers: boss.headers, payload: draft });
        expect(preview.statusCode).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await limited.app.inject({
          method: 'POST',
          url: '/api/admin/email-templates/strike/revert',
          headers: boss.headers,
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('mail sent uses the stored template', () => {
  it('the verification mail of a sign-up, and a password reset, as saved; the default again after a revert', async () => {
    await edit('verify_email', {
      subject: 'Welcome to {{appName}}, {{displayName}}',
      text: 'Nearly there, {{displayName}}! Open {{link}} to start.',
      html: '<p>Nearly there, <b>{{displayName}}</b>!</p><p><a href="{{link}}">Start</a></p>',
    });
    const username = `tpl${Date.now() % 100000}`;
    const email = `${username}@example.test`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, email, password: 'correct-horse-battery', displayName: 'Tina <Tester>' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await t.app.services.jobs.drain();
    const mail = await t.smtp.waitFor(email, /Welcome to Plates/);
    expect(mail.subject).toContain('Welcome to Plates');
    expect(mail.body).toContain(`Open ${t.config.appUrl}/auth/verify-email?token=`);
    // The display name is escaped in the HTML version.
    expect(mail.body).toContain('<b>Tina &#60;Tester&#62;</b>');

    await edit('reset_password', { subject: 'Your new {{appName}} password' });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await t.app.services.jobs.drain();
    await t.smtp.waitFor(email, /Your new Plates password/);

    await inject('POST', '/api/admin/email-templates/verify_email/revert', editor.headers);
    await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', payload: { email } });
    await t.app.services.jobs.drain();
    await t.smtp.waitFor(email, /Verify your email for Plates/);

    // {{appName}} is the admin's site name at the time of sending.
    const renamed = await inject('PUT', '/api/admin/settings/site_name', admin.headers, { value: 'Supper Club' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', payload: { email } });
      await t.app.services.jobs.drain();
      await t.smtp.waitFor(email, /Verify your email for Supper Club/);
    } finally {
      await inject('PUT', '/api/admin/settings/site_name', admin.headers, { value: 'Plates' });
    }
  });

  it("a strike's and an appeal outcome's mail, as saved", async () => {
    await edit('strike', { subject: 'Strike for {{displayName}}', text: 'Note: {{notice}}\n{{link}}', html: '<p>Note: {{notice}}</p>' });
    await edit('appeal_outcome', { subject: 'Appeal {{outcome}}!', text: '{{message}}', html: '<p>{{message}}</p>' });
    const cook = await makeSignedInUser(t.app, { displayName: 'Struck Cook' });
    const warned = await inject('POST', `/api/admin/users/${cook.user.id}/actions`, admin.headers, { action: 'warn', reason: 'Be kind to other cooks.' });
    expect(warned.statusCode, warned.body).toBe(200);
    await t.app.services.jobs.drain();
    const mail = await t.smtp.waitFor(cook.user.email, /Strike for Struck Cook/);
    expect(mail.body).toContain('Note: A moderator warned you: Be kind to other cooks.');
    expect(mail.body).toContain(`${t.config.appUrl}/profile/${cook.user.id}?tab=settings`);

    const strikes = (await inject('GET', '/api/user/strikes', cook.headers)).json<{ strikes: { id: number }[] }>().strikes;
    expect((await inject('POST', `/api/user/strikes/${strikes[0]!.id}/appeal`, cook.headers, { text: 'I was kind.' })).statusCode).toBe(200);
    expect((await inject('POST', `/api/admin/appeals/${strikes[0]!.id}/reject`, admin.headers, { reason: 'It stands.' })).statusCode).toBe(200);
    await t.app.services.jobs.drain();
    const outcome = await t.smtp.waitFor(cook.user.email, /Appeal not approved!/);
    expect(outcome.body).toContain('Your appeal was reviewed and the strike stands. It stands.');
  });

  it('an announcement sent by email reaches its verified, active audience in batches, and is audited', async () => {
    await edit('announcement', { subject: '[News] {{title}}' });
    const reader = await makeUser(t.app);
    const unverified = await makeUser(t.app, { emailVerified: false });
    const suspended = await makeUser(t.app, { accountStatus: 'suspended' });
    const title = `Tasting week ${Date.now()}`;
    const created = await inject('POST', '/api/admin/announcements', admin.headers, { title, content: 'Line one.\nLine two.', sendEmail: true });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await t.app.services.jobs.drain();
    const mail = await t.smtp.waitFor(reader.email, new RegExp(`\\[News\\] ${title}`));
    expect(mail.body).toContain('Line one.');
    const to = (u: { email: string }) => t.smtp.received.some((m) => m.to.includes(u.email.toLowerCase()) && m.subject.includes(title));
    expect(to(unverified)).toBe(false);
    expect(to(suspended)).toBe(false);
    expect(to(admin.user)).toBe(true);
    const [row] = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'announcement_emailed'), eq(adminAuditLogs.targetId, id)));
    expect(row!.details).toMatchObject({ audience: 'all' });
    expect((row!.details as { queued: number }).queued).toBeGreaterThanOrEqual(5);
    const [createdRow] = await db()
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.action, 'announcement_created'), eq(adminAuditLogs.targetId, id)));
    expect(createdRow!.details).toEqual({ sendEmail: true });

    // In batches smaller than the audience: every verified, active member once, in id order.
    const reached: string[] = [];
    const ownJobs = createJobs(t.app.log);
    const batched = createAnnouncementsService({
      repo: createAnnouncementsRepository(db()),
      audit: createAudit(createAdminRepository(db())),
      bus: { ...silentBus, toEveryone() {} },
      mail: { queue: (_name, to) => void reached.push(to) },
      jobs: ownJobs,
      appUrl: t.config.appUrl,
      mailBatchSize: 2,
    });
    const staff: Staff = { id: admin.user.id, isAdmin: true, username: admin.user.username, permissions: new Set(), roles: ['admin'] };
    await batched.create(staff, { ...AnnouncementBody.parse({ title: 'Batched', content: 'x' }), sendEmail: true }, { ip: '127.0.0.1', userAgent: null });
    await ownJobs.drain();
    const expected = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.emailVerified, true), eq(users.accountStatus, 'active')))
      .orderBy(users.id);
    expect(reached).toEqual(expected.map((u) => u.email));
    expect(reached).not.toContain(suspended.email);
    expect(reached).not.toContain(unverified.email);

    // Without the box ticked, nobody is mailed.
    const quiet = `Quiet note ${Date.now()}`;
    await inject('POST', '/api/admin/announcements', admin.headers, { title: quiet, content: 'Only the banner.' });
    await t.app.services.jobs.drain();
    expect(t.smtp.received.some((m) => m.subject.includes(quiet))).toBe(false);
  });
});

/** Two instances over one database, told of each other's saves through Redis pub/sub. */
describe('the templates in memory', () => {
  const redis = new Redis(process.env.REDIS_URL ?? '');
  const channelName = `test-${randomBytes(6).toString('hex')}:email-templates`;
  const channels = [redisReloadChannel(redis, channelName), redisReloadChannel(redis, channelName)];
  afterAll(async () => {
    for (const channel of channels) await channel.close();
    redis.disconnect();
  });

  it('are kept per instance, dropped at once on a save here and, through Redis, on the other instance', async () => {
    const sent: { subject: string }[] = [];
    const [a, b] = channels.map((channel) =>
      createEmailTemplates({
        repo: createEmailTemplatesRepository(db()),
        audit: createAudit(createAdminRepository(db())),
        mailer: { send: async (m) => void sent.push(m), close: () => {} },
        jobs: createJobs(t.app.log),
        channel,
      }),
    );
    for (const service of [a!, b!]) await service.listen();
    const values = { displayName: 'A', notice: 'n', link: 'l', linkLabel: 'x' };
    const subjectOn = async (service: typeof a) => (await service!.render('strike', 'a@example.test', values)).subject;
    expect(await subjectOn(a)).toBe(definitionOf('strike').subject);
    expect(await subjectOn(b)).toBe(definitionOf('strike').subject);

    const staff: Staff = { id: editor.user.id, isAdmin: false, username: editor.user.username, permissions: new Set(), roles: ['moderator'] };
    const meta = { ip: '127.0.0.1', userAgent: null };
    const current = await a!.get('strike');
    await a!.save(staff, 'strike', { subject: 'Changed elsewhere', html: current.html, text: current.text, baseVersion: current.version }, meta);
    expect(await subjectOn(a)).toBe('Changed elsewhere');
    await vi.waitFor(async () => expect(await subjectOn(b)).toBe('Changed elsewhere'));
    await b!.send('strike', 'a@example.test', values);
    expect(sent).toMatchObject([{ subject: 'Changed elsewhere' }]);

    await b!.revert(staff, 'strike', meta);
    await vi.waitFor(async () => expect(await subjectOn(a)).toBe(definitionOf('strike').subject));
    const [row] = await db().select().from(emailTemplates).where(eq(emailTemplates.name, 'strike'));
    expect(row).toMatchObject({ isActive: false, version: current.version + 2 });
  });
});
