import type { FeedResponse, PostDto } from '@plates/common';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointTransactions, posts, saves, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn } from '../../test/factories.js';
import { sized } from '../../test/media.fixtures.js';
import { MEDIA_MESSAGES } from '../media/media.messages.js';
import { MULTIPART_LIMITS } from '../media/multipart.js';
import { multipartBody, multipartBodyWithBoundary, type FormPart } from '../../test/multipart.js';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await sized(900, 600);
});
afterAll(async () => {
  await t?.close();
});

async function headersOf(user: User) {
  return { authorization: (await signIn(t.app, user.username)).authorization };
}

type Part = FormPart;

async function upload(parts: Part[], headers: Record<string, string> = {}, app = t.app) {
  const body = await multipartBody(parts);
  return app.inject({ method: 'POST', url: '/api/posts', payload: body.payload, headers: { ...body.headers, ...headers } });
}

const image = (): Part => ['image', { bytes: png, filename: 'dish.png', type: 'image/png' }];

describe('POST /api/posts', () => {
  it('needs a signed-in user', async () => {
    const res = await upload([['title', 'Ramen'], image()]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
  });

  it('creates a pending plate for a user, with renditions, alt text and cuisines', async () => {
    const cook = await makeUser(t.app);
    const res = await upload(
      [
        ['title', '  Tonkotsu ramen  '],
        ['description', 'Twelve-hour broth'],
        ['location', 'Fukuoka'],
        ['altText', 'A bowl of ramen with egg'],
        ['categoryIds', '3, 10'],
        image(),
      ],
      await headersOf(cook),
    );
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<PostDto>();
    expect(post).toMatchObject({
      userId: cook.id,
      title: 'Tonkotsu ramen',
      description: 'Twelve-hour broth',
      location: 'Fukuoka',
      approvalStatus: 'pending',
      rejectionReason: null,
      ratingCount: 0,
      averageRating: 0,
      isSaved: false,
    });
    expect(post.categories.map((c) => c.name).sort()).toEqual(['Japanese', 'Korean']);
    expect(post.image).toMatchObject({ width: 900, height: 600, aspect: 'square', alt: 'A bowl of ramen with egg' });
    expect(post.image.variants.map((v) => v.width)).toEqual([320, 640, 900]);
    expect(post.image.placeholder).toBeTruthy();
    expect(post.imageUrl).toBe(post.image.variants[2]?.url);
    const key = t.app.services.storage.keyFromUrl(post.imageUrl);
    expect(key && (await t.app.services.storage.exists(key))).toBe(true);
    // not in the public feed, nor for anyone else
    expect((await t.app.inject(`/api/posts/${post.id}`)).statusCode).toBe(404);
    // no points until approved
    const [row] = await t.app.services.database.db.select().from(users).where(eq(users.id, cook.id));
    expect(row?.points).toBe(0);
  });

  it("stores no location when the client sends the 'Unknown location' placeholder, in any case", async () => {
    const cook = await makeUser(t.app);
    for (const sent of ['Unknown location', '  unknown LOCATION ']) {
      const res = await upload([['title', 'Mystery stew'], ['location', sent], image()], await headersOf(cook));
      expect(res.statusCode, res.body).toBe(201);
      const post = res.json<PostDto>();
      expect(post.location).toBeNull();
      const [row] = await t.app.services.database.db.select({ location: posts.location }).from(posts).where(eq(posts.id, post.id));
      expect(row?.location).toBeNull();
    }
    // A place that merely mentions the words is still a place.
    const named = await upload([['title', 'Mystery stew'], ['location', 'Unknown location bar, Porto'], image()], await headersOf(cook));
    expect(named.json<PostDto>().location).toBe('Unknown location bar, Porto');
  });

  it("approves an admin's plate at once and awards the approval points", async () => {
    const admin = await makeUser(t.app, { isAdmin: true });
    const res = await upload([['title', 'Admin soup'], image()], await headersOf(admin));
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<PostDto>();
    expect(post.approvalStatus).toBe('approved');
    const db = t.app.services.database.db;
    const [row] = await db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.approvedBy).toBe(admin.id);
    expect(row?.approvedAt).toBeInstanceOf(Date);
    const [me] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(me?.points).toBe(100);
    expect((await t.app.inject(`/api/posts/${post.id}`)).statusCode).toBe(200);
  });

  it('refuses bad fields with the catalogue messages', async () => {
    const cook = await makeUser(t.app);
    const headers = await headersOf(cook);
    const cases: Array<[Part[], number, string, string, string | undefined]> = [
      [[['title', 'Ramen']], 400, 'FILE_REQUIRED', 'Image required - Please select an image to upload', 'image'],
      [[['title', 'Ra'], image()], 400, 'VALIDATION_ERROR', 'Title must be at least 3 characters', 'title'],
      [[['title', 'x'.repeat(51)], image()], 400, 'VALIDATION_ERROR', 'Title cannot exceed 50 characters to maintain layout', 'title'],
      [[image()], 400, 'VALIDATION_ERROR', 'Title is required', 'title'],
      [[['title', 'Ramen'], ['categoryIds', '1,999'], image()], 400, 'VALIDATION_ERROR', 'Invalid cuisine', 'categoryIds'],
      [[['title', 'Ramen'], ['categoryIds', 'italian'], image()], 400, 'VALIDATION_ERROR', 'Invalid cuisine', 'categoryIds'],
      [[['title', 'Ramen'], ['image', { bytes: Buffer.from('not an image at all'), filename: 'x.png', type: 'image/png' }]], 400, 'INVALID_FILE_TYPE', '', 'image'],
    ];
    for (const [parts, status, code, message, field] of cases) {
      const res = await upload(parts, headers);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ code: string; message: string; field?: string }>();
      expect(body.code, res.body).toBe(code);
      if (message) expect(body.message).toBe(message);
      if (field && code !== 'INVALID_FILE_TYPE') expect(body.field).toBe(field);
    }
    const count = await t.app.services.database.db.select().from(posts).where(eq(posts.userId, cook.id));
    expect(count).toHaveLength(0);
  });

  it('refuses a broken form with 4xx, not 500: a 300-character boundary, the photo under another name, a long field name', async () => {
    const cook = await makeUser(t.app);
    const headers = await headersOf(cook);
    const longBoundary = await multipartBodyWithBoundary([['title', 'Ramen'], image()], 'a'.repeat(300));
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: longBoundary.payload,
      headers: { ...longBoundary.headers, ...headers },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: 'BAD_REQUEST', message: MEDIA_MESSAGES.malformedForm });

    const elsewhere = await upload([['title', 'Ramen'], ['photo', { bytes: png, filename: 'dish.png', type: 'image/png' }]], headers);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid request: send the image as the form field "image".',
      field: 'image',
    });

    const longName = await upload([['title', 'Ramen'], ['t'.repeat(MULTIPART_LIMITS.fieldNameSize + 1), 'x'], image()], headers);
    expect(longName.statusCode).toBe(413);
    expect(longName.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MEDIA_MESSAGES.fieldsTooLarge });

    const count = await t.app.services.database.db.select().from(posts).where(eq(posts.userId, cook.id));
    expect(count).toHaveLength(0);
  });
});

describe('PATCH /api/posts/{id}', () => {
  it('lets the owner edit title, location, description, alt text and cuisines', async () => {
    const owner = await makeUser(t.app);
    const post = await makePost(t.app, { userId: owner.id, location: 'Rome', categoryIds: [1] });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: await headersOf(owner),
      payload: { title: ' Cacio e pepe ', location: '   ', description: 'Pepper!', altText: 'Pasta', categoryIds: [6, 1, 6] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json<PostDto>();
    expect(dto).toMatchObject({ title: 'Cacio e pepe', location: null, description: 'Pepper!' });
    expect(dto.image.alt).toBe('Pasta');
    expect(dto.categories.map((c) => c.name).sort()).toEqual(['French', 'Italian']);
    const trimmed = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: await headersOf(owner),
      payload: { location: '  Milan  ' },
    });
    expect(trimmed.json<PostDto>()).toMatchObject({ location: 'Milan', title: 'Cacio e pepe' });
    const placeholder = await t.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      headers: await headersOf(owner),
      payload: { location: 'Unknown location' },
    });
    expect(placeholder.statusCode, placeholder.body).toBe(200);
    expect(placeholder.json<PostDto>()).toMatchObject({ location: null, title: 'Cacio e pepe' });
  });

  it('refuses guests (401), other users and admins (403), blank titles and unknown cuisines (400)', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    const post = await makePost(t.app, { userId: owner.id });
    const patch = async (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/posts/${post.id}`, headers, payload });
    expect((await patch({}, { title: 'New' })).statusCode).toBe(401);
    expect((await patch({}, { title: '' })).statusCode).toBe(401);
    const forbidden = await patch(await headersOf(other), { title: 'Mine now' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await patch(await headersOf(admin), { title: 'Admin edit' })).statusCode).toBe(403);
    const blank = await patch(await headersOf(owner), { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Title is required', field: 'title' });
    const cuisine = await patch(await headersOf(owner), { categoryIds: [999] });
    expect(cuisine.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid cuisine', field: 'categoryIds' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/posts/999999', headers: await headersOf(owner), payload: {} })).statusCode).toBe(404);
    const [row] = await t.app.services.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.title).toBe(post.title);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('lets the owner delete their plate and its image files', async () => {
    const owner = await makeUser(t.app);
    const headers = await headersOf(owner);
    const created = (await upload([['title', 'Short-lived'], ['image', { bytes: await sized(700, 700), filename: 'a.png', type: 'image/png' }]], headers)).json<PostDto>();
    const keys = created.image.variants.map((v) => t.app.services.storage.keyFromUrl(v.url)!);
    for (const key of keys) expect(await t.app.services.storage.exists(key)).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/posts/${created.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Post deleted successfully' });
    for (const key of keys) expect(await t.app.services.storage.exists(key)).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${created.id}`, headers })).statusCode).toBe(404);
  });

  it('keeps files another plate still shows (same photo uploaded twice)', async () => {
    const a = await makeUser(t.app);
    const b = await makeUser(t.app);
    const bytes = await sized(500, 500);
    const first = (await upload([['title', 'Twin one'], ['image', { bytes, filename: 'a.png', type: 'image/png' }]], await headersOf(a))).json<PostDto>();
    const second = (await upload([['title', 'Twin two'], ['image', { bytes, filename: 'b.png', type: 'image/png' }]], await headersOf(b))).json<PostDto>();
    expect(second.imageUrl).toBe(first.imageUrl);
    await t.app.inject({ method: 'DELETE', url: `/api/posts/${first.id}`, headers: await headersOf(a) });
    const key = t.app.services.storage.keyFromUrl(second.imageUrl)!;
    expect(await t.app.services.storage.exists(key)).toBe(true);
  });

  it('lets an admin delete any plate; refuses guests and other users', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    const post = await makePost(t.app, { userId: owner.id });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}` })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: await headersOf(other) });
    expect(forbidden.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: await headersOf(admin) });
    expect(res.statusCode).toBe(200);
    expect(await t.app.services.database.db.select().from(posts).where(eq(posts.id, post.id))).toHaveLength(0);
  });
});

describe('saves', () => {
  const saveCount = async (postId: number) =>
    (await t.app.services.database.db.select().from(posts).where(eq(posts.id, postId)))[0]?.saveCount;

  it('saves and unsaves idempotently, keeping save_count right', async () => {
    const viewer = await makeUser(t.app);
    const headers = await headersOf(viewer);
    const post = await makePost(t.app);
    const url = `/api/posts/${post.id}/saves`;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<PostDto>()).toMatchObject({ id: post.id, isSaved: true });
    }
    expect(await saveCount(post.id)).toBe(1);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'DELETE', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<PostDto>().isSaved).toBe(false);
    }
    expect(await saveCount(post.id)).toBe(0);
  });

  it('counts right under concurrent saves and unsaves', async () => {
    const post = await makePost(t.app);
    const savers = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.app)));
    const headers = await Promise.all(savers.map(headersOf));
    const url = `/api/posts/${post.id}/saves`;
    await Promise.all(headers.flatMap((h) => [0, 1, 2].map(() => t.app.inject({ method: 'POST', url, headers: h }))));
    expect(await saveCount(post.id)).toBe(6);
    await Promise.all(
      headers.slice(0, 4).flatMap((h) => [0, 1].map(() => t.app.inject({ method: 'DELETE', url, headers: h }))),
    );
    expect(await saveCount(post.id)).toBe(2);
    const rows = await t.app.services.database.db.select().from(saves).where(eq(saves.postId, post.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses guests and hidden plates', async () => {
    const post = await makePost(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/saves` });
    expect(res.statusCode).toBe(401);
    const viewer = await makeUser(t.app);
    const pending = await makePost(t.app, { approvalStatus: 'pending' });
    const hidden = await t.app.inject({ method: 'POST', url: `/api/posts/${pending.id}/saves`, headers: await headersOf(viewer) });
    expect(hidden.statusCode).toBe(404);
    expect((await t.app.inject('/api/saved-posts')).statusCode).toBe(401);
  });

  it('lists saved plates, most recently saved first, a cursor page at a time', async () => {
    const viewer = await makeUser(t.app);
    const headers = await headersOf(viewer);
    const plates = [];
    for (let i = 0; i < 5; i++) plates.push(await makePost(t.app));
    const order = [plates[2]!, plates[0]!, plates[4]!, plates[1]!, plates[3]!];
    for (const p of order) {
      expect((await t.app.inject({ method: 'POST', url: `/api/posts/${p.id}/saves`, headers })).statusCode).toBe(200);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/saved-posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ url, headers })).json<FeedResponse>();
      expect(page.posts.every((p) => p.isSaved)).toBe(true);
      seen.push(...page.posts.map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(order.map((p) => p.id).reverse());
    // an unsaved plate leaves the list
    await t.app.inject({ method: 'DELETE', url: `/api/posts/${plates[4]!.id}/saves`, headers });
    const after = (await t.app.inject({ url: '/api/saved-posts', headers })).json<FeedResponse>();
    expect(after.posts.map((p) => p.id)).not.toContain(plates[4]!.id);
    expect(after.posts).toHaveLength(4);
    const noPoints = await t.app.services.database.db
      .select()
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userId, viewer.id)));
    expect(noPoints).toHaveLength(0);
  });
});

describe('upload rate limit', () => {
  let limitedApp: TestApp;
  beforeAll(async () => {
    limitedApp = await buildTestApp({ rateLimits: { uploadsPerUser: 2 } });
  });
  afterAll(async () => {
    await limitedApp?.close();
  });

  it('stops one member after their hourly uploads, before reading the photo, and not the others', async () => {
    const cook = await makeUser(limitedApp.app);
    const other = await makeUser(limitedApp.app);
    const as = async (user: User) => ({ authorization: (await signIn(limitedApp.app, user.username)).authorization });
    const cookHeaders = await as(cook);
    for (const title of ['First plate', 'Second plate']) {
      expect((await upload([['title', title], image()], cookHeaders, limitedApp.app)).statusCode).toBe(201);
    }
    const third = await upload([['title', 'Third plate'], image()], cookHeaders, limitedApp.app);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many uploads. Please try again later.' });
    expect(third.headers.connection).toBe('close');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload([['title', 'Someone else'], image()], await as(other), limitedApp.app)).statusCode).toBe(201);
  });
});
