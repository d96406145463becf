import { DEFAULT_CHAT_REQUEST_MESSAGE, type ContentFilterBody, type ContentFilterDto, type FilterHitDto } from '@plates/common';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, commentReplies, posts, ratings, securityEvents, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makePost, makeSignedInUser } from '../../test/factories.js';
import { multipartBody, type FormPart } from '../../test/multipart.js';
import { sized } from '../../test/media.fixtures.js';
import { PATTERN_MESSAGES } from './pattern-safety.js';
import { FILTER_HIT_EVENT } from './content-filters.repository.js';
import { FILTER_MESSAGES } from './content-filters.service.js';

type Headers = { authorization: string };

describe('content filters', () => {
  let t: TestApp;
  let admin: { headers: Headers };
  let keeper: { user: { id: number }; headers: Headers };
  let png: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    png = await sized(600, 600);
    admin = await makeSignedInUser(t.app, { isAdmin: true });
    keeper = await makeSignedInUser(t.app);
    await grantRole(t.app, keeper.user.id, 'moderator', { permissions: ['manage_filters'] });
  });
  afterAll(async () => t?.close());

  const db = () => t.app.services.database.db;
  const createFilter = async (body: ContentFilterBody, headers = keeper.headers) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/content-filters', headers, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentFilterDto>();
  };
  const setActive = (filter: ContentFilterDto, isActive: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/content-filters/${filter.id}`,
      headers: keeper.headers,
      payload: { name: filter.name, filterType: filter.filterType, pattern: filter.pattern, action: filter.action, severity: filter.severity, appliesTo: filter.appliesTo, isActive },
    });
  const upload = async (headers: Headers, fields: FormPart[]) => {
    const body = await multipartBody([...fields, ['image', { bytes: png, filename: 'dish.png', type: 'image/png' }]]);
    return t.app.inject({ method: 'POST', url: '/api/posts', payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const hitsOf = async (entityType: string, entityId: number) =>
    (await db().select().from(securityEvents).where(and(eq(securityEvents.eventType, FILTER_HIT_EVENT), sql`${securityEvents.metadata}->>'entityType' = ${entityType}`, sql`${securityEvents.metadata}->>'entityId' = ${String(entityId)}`))).map((row) => row.metadata);

  it('are listed, added, changed and deleted by holders of manage_filters, each change audited', async () => {
    const created = await createFilter({ name: 'Spam words', filterType: 'word', pattern: ' Spam ,  EGGS, spam ', action: 'flag', severity: 'low', appliesTo: ['titles', 'chat'] });
    expect(created).toMatchObject({ name: 'Spam words', filterType: 'word', pattern: 'spam, eggs', action: 'flag', severity: 'low', appliesTo: ['titles', 'chat'], isActive: true, createdBy: keeper.user.id });
    // Defaults: flag, medium, everywhere, active.
    const defaults = await createFilter({ name: 'Links', filterType: 'pattern', pattern: 'https?://\\S+' });
    expect(defaults).toMatchObject({ action: 'flag', severity: 'medium', appliesTo: 'all', isActive: true });

    const list = await t.app.inject({ url: '/api/admin/content-filters', headers: keeper.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ filters: ContentFilterDto[] }>().filters.map((f) => f.name)).toEqual(expect.arrayContaining(['Spam words', 'Links']));

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/content-filters/${created.id}`,
      headers: keeper.headers,
      payload: { name: 'Spam', filterType: 'word', pattern: 'spam', action: 'block', severity: 'high', appliesTo: 'all', isActive: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.id, name: 'Spam', action: 'block', appliesTo: 'all', isActive: false });
    const stored = await db().execute(sql`select applies_to from content_filters where id = ${created.id}`);
    expect((stored.rows[0] as { applies_to: string }).applies_to).toBe('all');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${created.id}`, headers: keeper.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${created.id}`, headers: keeper.headers })).statusCode).toBe(404);
    expect((await setActive(created, true)).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${defaults.id}`, headers: keeper.headers });

    const audit = (await t.app.inject({ url: `/api/admin/audit?targetType=content_filter&targetId=${created.id}`, headers: admin.headers })).json<{
      entries: { action: string; adminRole: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
    }>();
    expect(audit.entries.map((e) => e.action)).toEqual(['content_filter_deleted', 'content_filter_updated', 'content_filter_created']);
    expect(audit.entries[1]).toMatchObject({ adminRole: 'moderator', before: { name: 'Spam words', appliesTo: 'titles,chat' }, after: { name: 'Spam', action: 'block', isActive: false } });
  });

  it('refuse invalid and catastrophic patterns with a 400 on pattern, and save nothing', async () => {
    for (const [pattern, message] of [
      ['(a+)+$', PATTERN_MESSAGES.slow],
      ['(a|aa)*b', PATTERN_MESSAGES.ambiguous],
      ['(.*a){20}', PATTERN_MESSAGES.slow],
      ['(unclosed', expect.stringContaining('This is not a valid regular expression')],
      ['x'.repeat(201), expect.stringContaining('cannot exceed 200 characters')],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/content-filters', headers: keeper.headers, payload: { name: 'Bad', filterType: 'pattern', pattern } });
      expect(res.statusCode, pattern).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'pattern', message });
    }
    const words = await t.app.inject({ method: 'POST', url: '/api/admin/content-filters', headers: keeper.headers, payload: { name: 'Empty', filterType: 'word', pattern: ' , ,' } });
    expect(words.json()).toMatchObject({ field: 'pattern', message: FILTER_MESSAGES.noWords });
    const all = (await t.app.inject({ url: '/api/admin/content-filters', headers: keeper.headers })).json<{ filters: ContentFilterDto[] }>();
    expect(all.filters.filter((f) => f.name === 'Bad' || f.name === 'Empty')).toEqual([]);
  });

  it('answer which filters match a text, with the matching parts, for the admin page', async () => {
    const word = await createFilter({ name: 'Rude word', filterType: 'word', pattern: 'crud', action: 'hold', isActive: false });
    const pills = await createFilter({ name: 'Pills', filterType: 'pattern', pattern: 'v[i1]agra', action: 'block' });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/content-filters/test', headers: keeper.headers, payload: { text: 'Cr\u200Bud! Buy VIAGRA or v1agra' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().matches).toEqual([
      expect.objectContaining({ filterId: pills.id, action: 'block', isActive: true, parts: [{ start: 11, end: 17, text: 'VIAGRA' }, { start: 21, end: 27, text: 'v1agra' }] }),
      expect.objectContaining({ filterId: word.id, isActive: false, parts: [{ start: 0, end: 5, text: 'Cr\u200Bud' }] }),
    ]);
    for (const filter of [word, pills]) await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${filter.id}`, headers: keeper.headers });
  });

  it('block a plate title: 400 naming the field, nothing stored, the attempt recorded', async () => {
    const filter = await createFilter({ name: 'Slur', filterType: 'word', pattern: 'grossword', action: 'block', severity: 'high', appliesTo: ['titles'] });
    const cook = await makeSignedInUser(t.app);
    const res = await upload(cook.headers, [['title', 'My GROSSWORD stew']]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'title', message: FILTER_MESSAGES.blocked.titles });
    expect(await db().select().from(posts).where(eq(posts.userId, cook.user.id))).toEqual([]);
    // Only titles: the same word in a description goes through.
    expect((await upload(cook.headers, [['title', 'Stew'], ['description', 'grossword']])).statusCode).toBe(201);
    // An edit is screened too.
    const mine = await makePost(t.app, { userId: cook.user.id, title: 'Fine stew' });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/posts/${mine.id}`, headers: cook.headers, payload: { title: 'grossword' } });
    expect(edit.json()).toMatchObject({ field: 'title', message: FILTER_MESSAGES.blocked.titles });
    const [kept] = await db().select().from(posts).where(eq(posts.id, mine.id));
    expect(kept?.title).toBe('Fine stew');
    await t.app.services.jobs.drain();
    const attempts = await db().select().from(securityEvents).where(and(eq(securityEvents.eventType, FILTER_HIT_EVENT), eq(securityEvents.userId, cook.user.id)));
    expect(attempts.map((a) => a.metadata)).toEqual([
      expect.objectContaining({ filterId: filter.id, action: 'block', scope: 'titles', field: 'title', match: 'GROSSWORD', entityType: null, entityId: null }),
      expect.objectContaining({ match: 'grossword', entityId: null }),
    ]);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${filter.id}`, headers: keeper.headers });
  });

  it('hold a plate for review (even an admin’s) and show the hits to its reviewers', async () => {
    const filter = await createFilter({ name: 'Hold me', filterType: 'pattern', pattern: 'miracle\\s+cure', action: 'hold', appliesTo: ['descriptions'] });
    const res = await upload(admin.headers, [['title', 'Soup'], ['description', 'A Miracle  Cure for colds']]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ approvalStatus: 'pending' });
    const id = res.json<{ id: number }>().id;

    const reviewer = await makeSignedInUser(t.app);
    await grantRole(t.app, reviewer.user.id, 'moderator');
    const hits = await t.app.inject({ url: `/api/admin/posts/${id}/filter-hits`, headers: reviewer.headers });
    expect(hits.statusCode).toBe(200);
    expect(hits.json<{ hits: FilterHitDto[] }>().hits).toEqual([
      expect.objectContaining({ filterId: filter.id, filterName: 'Hold me', action: 'hold', scope: 'descriptions', field: 'description', match: 'Miracle  Cure', entityType: 'post', entityId: id }),
    ]);

    // An approved plate edited to say it goes back to review.
    const cook = await makeSignedInUser(t.app);
    const live = await makePost(t.app, { userId: cook.user.id });
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/posts/${live.id}`, headers: cook.headers, payload: { description: 'miracle cure inside' } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ approvalStatus: 'pending' });
    expect(await hitsOf('post', live.id)).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${filter.id}`, headers: keeper.headers });
  });

  it('flag a comment and a reply: stored, with the hit recorded', async () => {
    const filter = await createFilter({ name: 'Meh', filterType: 'word', pattern: 'yuck', action: 'flag', appliesTo: ['comments', 'replies'] });
    const cook = await makeSignedInUser(t.app);
    const post = await makePost(t.app);
    const rated = await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/rate`, headers: cook.headers, payload: { comment: 'Yúck, too salty' } });
    expect(rated.statusCode).toBe(200);
    const [comment] = await db().select().from(ratings).where(and(eq(ratings.postId, post.id), eq(ratings.userId, cook.user.id)));
    expect(comment?.comment).toBe('Yúck, too salty');
    expect(await hitsOf('comment', comment!.id)).toEqual([
      expect.objectContaining({ filterId: filter.id, filterName: 'Meh', action: 'flag', scope: 'comments', field: 'comment', match: 'Yúck' }),
    ]);

    const replied = await t.app.inject({ method: 'POST', url: `/api/comments/${comment!.id}/replies`, headers: admin.headers, payload: { content: 'no yuck here' } });
    expect(replied.statusCode).toBe(201);
    const [reply] = await db().select().from(commentReplies).where(eq(commentReplies.id, replied.json<{ id: number }>().id));
    expect(reply?.content).toBe('no yuck here');
    expect(await hitsOf('reply', reply!.id)).toEqual([expect.objectContaining({ scope: 'replies', match: 'yuck' })]);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${filter.id}`, headers: keeper.headers });
  });

  it('block a chat message and a bio, and stop applying at once when turned off', async () => {
    const filter = await createFilter({ name: 'Scam', filterType: 'word', pattern: 'wire me money', action: 'block', appliesTo: ['chat', 'bios'] });
    const a = await makeSignedInUser(t.app);
    const b = await makeSignedInUser(t.app);
    const request = await t.app.inject({ method: 'POST', url: '/api/simple-chat/request', headers: a.headers, payload: { receiverId: b.user.id } });
    const accepted = await t.app.inject({ method: 'POST', url: `/api/simple-chat/accept/${request.json<{ id: number }>().id}`, headers: b.headers });
    const sessionId = accepted.json<{ session: { id: number } }>().session.id;
    const send = (content: string) =>
      t.app.inject({ method: 'POST', url: `/api/simple-chat/conversations/${sessionId}/messages`, headers: a.headers, payload: { content } });

    const refused = await send('Please WIRE me\u200B money today');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION_ERROR', field: 'content', message: FILTER_MESSAGES.blocked.chat });
    // only the greeting the request opened the conversation with
    const stored = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(stored.map((m) => m.content)).toEqual([DEFAULT_CHAT_REQUEST_MESSAGE]);

    const form = await multipartBody([['bio', 'wire me money']]);
    const bio = await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: form.payload, headers: { ...form.headers, ...a.headers } });
    expect(bio.json()).toMatchObject({ field: 'bio', message: FILTER_MESSAGES.blocked.bios });
    const [me] = await db().select({ bio: users.bio }).from(users).where(eq(users.id, a.user.id));
    expect(me?.bio).toBeNull();

    // Turned off: the very next message goes through.
    expect((await setActive(filter, false)).statusCode).toBe(200);
    expect((await send('Please wire me money today')).statusCode).toBe(201);
    const after = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(after.map((m) => m.content)).toEqual([DEFAULT_CHAT_REQUEST_MESSAGE, 'Please wire me money today']);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/content-filters/${filter.id}`, headers: keeper.headers });
  });
});
