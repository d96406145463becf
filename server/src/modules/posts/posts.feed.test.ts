import { ID_MESSAGE, type FeedResponse, type PostDto } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { follows, posts, saves, userBlocks, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { countStatements } from '../../test/statements.js';
import { makePost, makeUser, signIn } from '../../test/factories.js';
import { encodeKeyset } from '../../lib/keyset.js';
import { multipartBody } from '../../test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function headersOf(user: User) {
  return { authorization: (await signIn(t.app, user.username)).authorization };
}

async function getFeed(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedResponse>();
}

/** Every page of a feed URL, following nextCursor to the end. */
async function allPages(base: string, headers: Record<string, string> = {}, limit = 3) {
  const pages: PostDto[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const sep = base.includes('?') ? '&' : '?';
    const url: string = `${base}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await getFeed(url, headers);
    pages.push(page.posts);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return pages;
}


describe('GET /api/posts', () => {
  it('pages newest first across equal timestamps with no duplicates and no gaps', async () => {
    const author = await makeUser(t.app);
    const location = `Sameville ${author.id}`;
    const same = new Date('2024-03-01T12:00:00.123Z');
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makePost(t.app, { userId: author.id, location, createdAt: same }));
    // microsecond-distinct times that a millisecond cursor would confuse
    const micro = await makePost(t.app, { userId: author.id, location, createdAt: new Date('2024-03-01T12:00:00.124Z') });
    const older = await makePost(t.app, { userId: author.id, location, createdAt: new Date('2024-02-01T00:00:00Z') });
    const pages = await allPages(`/api/posts?location=${encodeURIComponent(location)}`, {}, 3);
    const ids = pages.flat().map((p) => p.id);
    const expected = [micro.id, ...made.map((p) => p.id).sort((a, b) => b - a), older.id];
    expect(ids).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3]);
  });

  it('keeps microsecond order: rows a millisecond apart in PostgreSQL never repeat across pages', async () => {
    const author = await makeUser(t.app);
    const location = `Microtown ${author.id}`;
    const db = t.app.services.database.db;
    const a = await makePost(t.app, { userId: author.id, location });
    const b = await makePost(t.app, { userId: author.id, location });
    const { sql } = await import('drizzle-orm');
    await db.execute(sql`update posts set created_at = '2024-05-05 10:00:00.000700+00' where id = ${a.id}`);
    await db.execute(sql`update posts set created_at = '2024-05-05 10:00:00.000200+00' where id = ${b.id}`);
    const pages = await allPages(`/api/posts?location=${encodeURIComponent(location)}`, {}, 1);
    expect(pages.flat().map((p) => p.id)).toEqual([a.id, b.id]);
  });

  it('shows approved plates to everyone and the viewer their own pending and rejected ones, marked', async () => {
    const owner = await makeUser(t.app);
    const other = await makeUser(t.app);
    const location = `Pendington ${owner.id}`;
    const live = await makePost(t.app, { userId: owner.id, location });
    const pending = await makePost(t.app, { userId: owner.id, location, approvalStatus: 'pending' });
    const rejected = await makePost(t.app, {
      userId: owner.id,
      location,
      approvalStatus: 'rejected',
      rejectionReason: 'Blurry',
    });
    const url = `/api/posts?location=${encodeURIComponent(location)}`;
    expect((await getFeed(url)).posts.map((p) => p.id)).toEqual([live.id]);
    expect((await getFeed(url, await headersOf(other))).posts.map((p) => p.id)).toEqual([live.id]);
    const mine = (await getFeed(url, await headersOf(owner))).posts;
    expect(mine.map((p) => [p.id, p.approvalStatus])).toEqual([
      [rejected.id, 'rejected'],
      [pending.id, 'pending'],
      [live.id, 'approved'],
    ]);
    expect(mine[0]?.rejectionReason).toBe('Blurry');
  });

  it('filters by location exactly, in any case', async () => {
    const author = await makeUser(t.app);
    const location = `Lyon ${author.id}`;
    const hit = await makePost(t.app, { userId: author.id, location });
    await makePost(t.app, { userId: author.id, location: `${location} Centre` });
    const page = await getFeed(`/api/posts?location=${encodeURIComponent(location.toUpperCase())}`);
    expect(page.posts.map((p) => p.id)).toEqual([hit.id]);
  });

  it('hides plates across blocks and of private users the viewer does not follow', async () => {
    const viewer = await makeUser(t.app);
    const blocked = await makeUser(t.app);
    const blocker = await makeUser(t.app);
    const privateFollowed = await makeUser(t.app, { isPrivate: true });
    const privateStranger = await makeUser(t.app, { isPrivate: true });
    const location = `Blockburg ${viewer.id}`;
    const db = t.app.services.database.db;
    await db.insert(userBlocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ]);
    await db.insert(follows).values({ followerId: viewer.id, followingId: privateFollowed.id, status: 'accepted' });
    const visible = await makePost(t.app, { location });
    await makePost(t.app, { userId: blocked.id, location });
    await makePost(t.app, { userId: blocker.id, location });
    const followed = await makePost(t.app, { userId: privateFollowed.id, location });
    await makePost(t.app, { userId: privateStranger.id, location });
    const url = `/api/posts?location=${encodeURIComponent(location)}`;
    const seen = (await getFeed(url, await headersOf(viewer))).posts.map((p) => p.id);
    expect(seen.sort()).toEqual([visible.id, followed.id].sort());
    const anonymous = (await getFeed(url)).posts.length;
    expect(anonymous).toBe(3); // visible, blocked's and blocker's: no private ones
  });

  it("carries the viewer's save and star rating", async () => {
    const viewer = await makeUser(t.app);
    const location = `Saveton ${viewer.id}`;
    const post = await makePost(t.app, { location });
    const db = t.app.services.database.db;
    await db.insert(saves).values({ postId: post.id, userId: viewer.id });
    const { ratings } = await import('../../db/schema/index.js');
    await db.insert(ratings).values({ postId: post.id, userId: viewer.id, rating: 4 });
    const url = `/api/posts?location=${encodeURIComponent(location)}`;
    const [mine] = (await getFeed(url, await headersOf(viewer))).posts;
    expect(mine).toMatchObject({ id: post.id, isSaved: true, userRating: 4 });
    const [anon] = (await getFeed(url)).posts;
    expect(anon).toMatchObject({ id: post.id, isSaved: false, userRating: null });
  });

  it('runs the same number of SQL statements for 1 plate as for 30', async () => {
    const viewer = await makeUser(t.app);
    const headers = await headersOf(viewer);
    const { ratings } = await import('../../db/schema/index.js');
    const db = t.app.services.database.db;
    const one = `Onesburg ${viewer.id}`;
    const many = `Manyville ${viewer.id}`;
    const p = await makePost(t.app, { location: one, categoryIds: [1] });
    await db.insert(saves).values({ postId: p.id, userId: viewer.id });
    for (let i = 0; i < 30; i++) {
      const q = await makePost(t.app, { location: many, categoryIds: [1 + (i % 16), 1 + ((i + 3) % 16)] });
      if (i % 2) await db.insert(saves).values({ postId: q.id, userId: viewer.id });
      if (i % 3) await db.insert(ratings).values({ postId: q.id, userId: viewer.id, rating: 1 + (i % 5) });
    }
    const feed = (location: string) => () =>
      t.app.inject({ url: `/api/posts?limit=50&location=${encodeURIComponent(location)}`, headers });
    // warm up (the session lookup may touch the session row once) on a page with no plates
    await feed(`Nowhere ${viewer.id}`)();
    // Cards not held yet: the session, the page with the viewer's flags, the cards, their categories.
    const forOne = await countStatements(t.app, feed(one));
    const forMany = await countStatements(t.app, feed(many));
    expect(forMany).toBe(forOne);
    expect(forOne).toBe(4);
    // Cards held (post-cards.ts): the session and the page only.
    expect(await countStatements(t.app, feed(many))).toBe(2);
    const res = await feed(many)();
    expect(res.json<FeedResponse>().posts).toHaveLength(30);
  });

  it('refuses malformed cursors and limits out of range with 400', async () => {
    for (const cursor of ['not-base64!', 'eyJ4IjoxfQ', encodeKeyset({ at: "2024-01-01'; drop table posts;--", id: 1 }), 'x'.repeat(201)]) {
      const res = await t.app.inject(`/api/posts?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    for (const limit of ['0', '51', 'abc']) {
      expect((await t.app.inject(`/api/posts?limit=${limit}`)).statusCode).toBe(400);
    }
  });
});

describe("the visitors' shared copy of the feed", () => {
  const db = () => t.app.services.database.db;
  const titlesOf = async (url: string, headers: Record<string, string> = {}) => (await getFeed(url, headers)).posts.map((p) => p.title);

  it('serves visitors one copy, never a member, and holds nothing of any viewer', async () => {
    const author = await makeUser(t.app);
    const member = await makeUser(t.app);
    const location = `Sharedtown ${author.id}`;
    const url = `/api/posts?location=${encodeURIComponent(location)}`;
    const plate = await makePost(t.app, { userId: author.id, location, title: 'Before' });
    const pending = await makePost(t.app, { userId: author.id, location, title: 'Pending', approvalStatus: 'pending' });
    const headers = await headersOf(member);
    expect((await t.app.inject({ method: 'POST', url: `/api/posts/${plate.id}/saves`, headers })).statusCode).toBeLessThan(300);

    expect(await titlesOf(url)).toEqual(['Before']);
    // A change no service saw (straight into the table): visitors keep their copy for its second…
    await db().update(posts).set({ title: 'Quietly' }).where(eq(posts.id, plate.id));
    expect(await titlesOf(url)).toEqual(['Before']);
    // …a member is never served it: their own read, with their save.
    const mine = await getFeed(url, headers);
    expect(mine.posts.map((p) => [p.title, p.isSaved])).toEqual([['Quietly', true]]);
    // The author sees their pending plate; the visitors' copy never holds it, nor anyone's save.
    expect(await titlesOf(url, await headersOf(author))).toEqual(['Pending', 'Quietly']);
    const visitors = await getFeed(url);
    expect(visitors.posts.map((p) => [p.id, p.isSaved, p.userRating])).toEqual([[plate.id, false, null]]);
    expect(visitors.posts.map((p) => p.id)).not.toContain(pending.id);
  });

  it('is dropped at once by an edit, a deletion, a suspension and an author turning private', async () => {
    const author = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    const location = `Droptown ${author.id}`;
    const url = `/api/posts?location=${encodeURIComponent(location)}`;
    await makePost(t.app, { userId: author.id, location, title: 'Soup' });
    const b = await makePost(t.app, { userId: author.id, location, title: 'Stew' });
    const authorHeaders = await headersOf(author);
    expect(await titlesOf(url)).toEqual(['Stew', 'Soup']);

    const edit = await t.app.inject({ method: 'PATCH', url: `/api/posts/${b.id}`, headers: authorHeaders, payload: { title: 'Hearty stew' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await titlesOf(url)).toEqual(['Hearty stew', 'Soup']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/posts/${b.id}`, headers: authorHeaders })).statusCode).toBe(200);
    expect(await titlesOf(url)).toEqual(['Soup']);

    const body = await multipartBody([['isPrivate', 'true']]);
    const privacy = await t.app.inject({ method: 'PUT', url: '/api/user/profile', payload: body.payload, headers: { ...body.headers, ...authorHeaders } });
    expect(privacy.statusCode, privacy.body).toBe(200);
    expect(await titlesOf(url)).toEqual([]);

    const other = await makeUser(t.app);
    const otherLocation = `Droptown ${other.id}`;
    const otherUrl = `/api/posts?location=${encodeURIComponent(otherLocation)}`;
    await makePost(t.app, { userId: other.id, location: otherLocation, title: 'Curry' });
    expect(await titlesOf(otherUrl)).toEqual(['Curry']);
    const suspend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${other.id}/actions`,
      headers: await headersOf(admin),
      payload: { action: 'suspend', reason: 'Spam', days: 3 },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect(await titlesOf(otherUrl)).toEqual([]);
  });
});

describe('GET /api/posts/{id} and neighbors', () => {
  it('answers a plate, 404 for unknown or hidden ones and 400 for ids that are not positive integers', async () => {
    const post = await makePost(t.app);
    const res = await t.app.inject(`/api/posts/${post.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<PostDto>().id).toBe(post.id);
    const pending = await makePost(t.app, { approvalStatus: 'pending' });
    const hidden = await t.app.inject(`/api/posts/${pending.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    expect((await t.app.inject('/api/posts/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '99999999999999999999']) {
      const res = await t.app.inject(`/api/posts/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toEqual({ message: ID_MESSAGE, code: 'VALIDATION_ERROR', field: 'id' });
    }
  });

  it('names the newer and older plate in feed order, skipping what the viewer may not see', async () => {
    const author = await makeUser(t.app);
    const base = Date.parse('2030-01-01T00:00:00Z') + author.id * 1000;
    const newest = await makePost(t.app, { userId: author.id, createdAt: new Date(base + 3) });
    await makePost(t.app, { approvalStatus: 'pending', createdAt: new Date(base + 2) });
    const middle = await makePost(t.app, { userId: author.id, createdAt: new Date(base + 1) });
    const res = await t.app.inject(`/api/posts/${middle.id}/neighbors`);
    expect(res.statusCode).toBe(200);
    const { previousId, nextId } = res.json<{ previousId: number | null; nextId: number | null }>();
    expect(previousId).toBe(newest.id);
    expect(nextId).not.toBeNull();
    expect(nextId).not.toBe(middle.id);
    const top = await t.app.inject(`/api/posts/${newest.id}/neighbors`);
    expect(top.json()).toMatchObject({ nextId: middle.id });
    expect((await t.app.inject('/api/posts/999999/neighbors')).statusCode).toBe(404);
  });
});

describe('GET /api/categories', () => {
  it('lists the 16 cuisines', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.statusCode).toBe(200);
    const names = res.json<Array<{ id: number; name: string }>>().map((c) => c.name);
    expect(names).toHaveLength(16);
    expect(names).toContain('Moroccan');
    expect(names[0]).toBe('Italian');
  });
});
