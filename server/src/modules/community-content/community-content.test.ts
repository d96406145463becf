import {
  COMMUNITY_CONTENT_MAX,
  COMMUNITY_MESSAGES,
  COMMUNITY_TITLE_MAX,
  type AdminCommunityContentDto,
  type AdminCommunityContentResponse,
  type CommunityContentResponse,
  type CommunityVersionsResponse,
} from '@plates/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLogs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser } from '../../test/factories.js';

type Headers = { authorization: string };
type Cook = Awaited<ReturnType<typeof makeSignedInUser>>;

describe('community pages', () => {
  let t: TestApp;
  let editor: Cook;
  let filterKeeper: Cook;
  let member: Cook;

  beforeAll(async () => {
    t = await buildTestApp();
    editor = await makeSignedInUser(t.app);
    await grantRole(t.app, editor.user.id, 'moderator', { permissions: ['manage_content'] });
    filterKeeper = await makeSignedInUser(t.app);
    await grantRole(t.app, filterKeeper.user.id, 'moderator', { permissions: ['manage_filters'] });
    member = await makeSignedInUser(t.app);
  });
  afterAll(async () => t?.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers?: Headers, payload?: unknown) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const save = async (type: string, body: object) => {
    const res = await inject('PUT', `/api/admin/community-content/${type}`, editor.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminCommunityContentDto>();
  };
  const publicPage = async (type: string) => {
    const res = await inject('GET', `/api/content/${type}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CommunityContentResponse>().page;
  };

  it('answers 401 to visitors and 403 without manage_content on every admin call; the public page is for everyone', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/community-content', undefined],
      ['PUT', '/api/admin/community-content/about', { title: 'About', content: 'Hi' }],
      ['GET', '/api/admin/community-content/about/versions', undefined],
      ['POST', '/api/admin/community-content/about/restore', { version: 1 }],
    ] as const) {
      expect((await inject(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await inject(method, url, member.headers, payload)).statusCode).toBe(403);
      expect((await inject(method, url, filterKeeper.headers, payload)).statusCode).toBe(403);
    }
    expect(await publicPage('how_it_works')).toBeNull();
    expect((await inject('GET', '/api/content/secrets')).statusCode).toBe(400);
  });

  it('saves versions with an audit row each, keeps every earlier version and restores one as the next', async () => {
    const first = await save('guidelines', { title: 'Guidelines', content: '# Be kind\n\nRate the plate, not the cook.' });
    expect(first).toMatchObject({ contentType: 'guidelines', version: 1, lastModifiedBy: { id: editor.user.id } });
    expect(await publicPage('guidelines')).toMatchObject({ title: 'Guidelines', content: '# Be kind\n\nRate the plate, not the cook.', version: 1 });

    const second = await save('guidelines', { title: 'Community guidelines', content: 'Be kind. **No spam.**', baseVersion: 1 });
    expect(second.version).toBe(2);
    // the same text again is no new version
    expect((await save('guidelines', { title: 'Community guidelines', content: 'Be kind. **No spam.**' })).version).toBe(2);
    // an edit of a version someone replaced meanwhile is refused
    const stale = await inject('PUT', '/api/admin/community-content/guidelines', editor.headers, { title: 'Mine', content: 'Mine', baseVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: COMMUNITY_MESSAGES.stale });

    const audits = await t.app.services.database.db
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.targetType, 'community_content'), eq(adminAuditLogs.targetLabel, 'guidelines')))
      .orderBy(adminAuditLogs.id);
    expect(audits.map((a) => a.action)).toEqual(['community_content_created', 'community_content_updated']);
    expect(audits[1]!.before).toEqual({ title: 'Guidelines', content: '# Be kind\n\nRate the plate, not the cook.', version: 1 });

    const versions = (await inject('GET', '/api/admin/community-content/guidelines/versions', editor.headers)).json<CommunityVersionsResponse>();
    expect(versions.versions).toEqual([
      expect.objectContaining({ version: 1, title: 'Guidelines', content: '# Be kind\n\nRate the plate, not the cook.', replacedBy: { id: editor.user.id, username: editor.user.username } }),
    ]);

    const restored = await inject('POST', '/api/admin/community-content/guidelines/restore', editor.headers, { version: 1 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, title: 'Guidelines' });
    expect(await publicPage('guidelines')).toMatchObject({ version: 3, content: '# Be kind\n\nRate the plate, not the cook.' });
    const [restoreAudit] = await t.app.services.database.db.select().from(adminAuditLogs).where(eq(adminAuditLogs.action, 'community_content_restored'));
    expect(restoreAudit).toMatchObject({ details: { restoredFrom: 1 }, before: expect.objectContaining({ version: 2, title: 'Community guidelines' }) });
    expect((await inject('GET', '/api/admin/community-content/guidelines/versions', editor.headers)).json<CommunityVersionsResponse>().versions.map((v) => v.version)).toEqual([2, 1]);

    expect((await inject('POST', '/api/admin/community-content/guidelines/restore', editor.headers, { version: 3 })).statusCode).toBe(409);
    expect((await inject('POST', '/api/admin/community-content/guidelines/restore', editor.headers, { version: 9 })).statusCode).toBe(404);
    expect((await inject('POST', '/api/admin/community-content/about/restore', editor.headers, { version: 1 })).statusCode).toBe(404);

    const list = (await inject('GET', '/api/admin/community-content', editor.headers)).json<AdminCommunityContentResponse>();
    expect(list.pages.map((p) => [p.contentType, p.page?.version ?? null])).toEqual([
      ['about', null],
      ['how_it_works', null],
      ['guidelines', 3],
    ]);
  });

  it('bounds title and content, and refuses NUL bytes and lone surrogates', async () => {
    const url = '/api/admin/community-content/about';
    for (const body of [
      { title: '', content: 'x' },
      { title: 'x'.repeat(COMMUNITY_TITLE_MAX + 1), content: 'x' },
      { title: 'About', content: ' ' },
      { title: 'About', content: 'x'.repeat(COMMUNITY_CONTENT_MAX + 1) },
      { title: 'About', content: 'nul \u0000 here' },
      { title: 'About \ud800', content: 'lone surrogate' },
    ]) {
      const res = await inject('PUT', url, editor.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await save('about', { title: 'About', content: 'é'.repeat(COMMUNITY_CONTENT_MAX) })).version).toBe(1);
  });
});
