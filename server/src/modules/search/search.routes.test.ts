import { randomBytes } from 'node:crypto';
import { SEARCH, SEARCH_MESSAGES, SearchResponse as SearchResponseShape, type ErrorBody, type SearchResponse } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, likes, posts, userBlocks, users, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { countStatements } from '../../test/statements.js';
import { createSearchRepository } from './search.repository.js';
import { createSearchService } from './search.service.js';
import { makePost, makeSignedInUser, makeUser, signIn, verifyUser } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A random lower-case word, so each test's plates and people match only its own searches. */
const word = (prefix = 'zq') => `${prefix}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

async function headersOf(user: User) {
  return { authorization: (await signIn(t.app, user.username)).authorization };
}

async function search(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${params}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

async function refused(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(400);
  return res.json<ErrorBody>();
}

const postIds = (r: SearchResponse) => r.posts.map((p) => p.id);
const userIds = (r: SearchResponse) => r.users.map((u) => u.id);


describe('GET /api/search: plates', () => {
  it('ranks a title match above a cuisine, a location and a description match, ties newest first', async () => {
    const w = word();
    const inDescription = await makePost(t.app, { title: 'Plain rice', description: `Goes well with ${w}` });
    const inLocation = await makePost(t.app, { title: 'Plain noodles', location: `${w} harbour` });
    const inTitle = await makePost(t.app, { title: `${w} royale`, description: 'Nothing else' });
    const olderTitle = await makePost(t.app, {
      title: `${w} royale`,
      description: 'Nothing else',
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const result = await search({ q: w });
    expect(postIds(result)).toEqual([inTitle.id, olderTitle.id, inLocation.id, inDescription.id]);
    expect(result.postCount).toBe(4);
    expect(result.hasMorePosts).toBe(false);
  });

  it("answers the card fields: image, author (with their badge), rating, counts and cuisine names", async () => {
    const w = word();
    const author = await makeUser(t.app, { displayName: 'Card Cook', profileImage: '/uploads/avatar.webp' });
    await verifyUser(t.app, author.id, 'business');
    const fan = await makeUser(t.app);
    const post = await makePost(t.app, {
      userId: author.id,
      title: `${w} tart`,
      location: 'Lisbon',
      ratingCount: 2,
      ratingSum: 9,
      commentCount: 3,
      categoryIds: [6, 1],
    });
    await t.app.services.database.db.insert(likes).values({ postId: post.id, userId: fan.id });
    const [card] = (await search({ q: w })).posts;
    expect(card).toMatchObject({
      id: post.id,
      title: `${w} tart`,
      description: 'A plate made for a test',
      location: 'Lisbon',
      averageRating: 4.5,
      ratingCount: 2,
      likeCount: 1,
      commentCount: 3,
      categories: ['French', 'Italian'],
      user: { id: author.id, username: author.username, displayName: 'Card Cook', profileImage: '/uploads/avatar.webp', isVerified: true, verifiedType: 'business' },
    });
    expect(card?.imageUrl).toBe(post.imageUrl);
    expect(card?.image).toMatchObject({ url: post.imageUrl, width: 1080, height: 1080, aspect: 'square' });
    expect(card?.image.variants.map((v) => v.width)).toEqual([320, 640, 1080]);
    expect(Object.keys(card ?? {})).not.toContain('isSaved');
  });

  it('matches words by prefix, in any order and case', async () => {
    const w = word();
    const post = await makePost(t.app, { title: `Smoky ${w} stew` });
    for (const q of [w.slice(0, 5), `STEW ${w}`, `${w.slice(0, 4)} smo`]) {
      expect(postIds(await search({ q })), q).toContain(post.id);
    }
    expect(postIds(await search({ q: `${w} cake` }))).not.toContain(post.id);
  });

  it('finds misspelt titles by trigram similarity', async () => {
    const margherita = await makePost(t.app, { title: 'Pizza Margherita' });
    const ramen = await makePost(t.app, { title: 'Spicy tonkotsu ramen' });
    const tiramisu = await makePost(t.app, { title: 'Tiramisu' });
    expect(postIds(await search({ q: 'piza' }))).toContain(margherita.id);
    expect(postIds(await search({ q: 'margarita' }))).toContain(margherita.id);
    expect(postIds(await search({ q: 'piza margarita' }))).toContain(margherita.id);
    expect(postIds(await search({ q: 'tonkotsu ramn' }))).toContain(ramen.id);
    expect(postIds(await search({ q: 'tiramsu' }))).toContain(tiramisu.id);
    expect(postIds(await search({ q: 'lasagne' }))).not.toContain(margherita.id);
  });

  it('ignores accents both ways', async () => {
    const brulee = await makePost(t.app, { title: 'Crème brûlée' });
    const plain = await makePost(t.app, { title: 'Creme caramel', location: 'Ōsaka' });
    expect(postIds(await search({ q: 'creme brulee' }))).toEqual([brulee.id]);
    expect(postIds(await search({ q: 'CRÈME' }))).toEqual(expect.arrayContaining([brulee.id, plain.id]));
    expect(postIds(await search({ q: 'osaka' }))).toContain(plain.id);
    expect(postIds(await search({ q: 'brûl' }))).toContain(brulee.id);
  });

  it('finds plates by cuisine, alone or with words of the title', async () => {
    const w = word();
    const curry = await makePost(t.app, { title: `Green ${w} curry`, categoryIds: [7] });
    await makePost(t.app, { title: `Red ${w} curry`, categoryIds: [4] });
    const thai = await search({ q: `thai ${w}` });
    expect(postIds(thai)).toEqual([curry.id]);
  });

  it('searches quotes, wildcards, operators and other hostile text as text', async () => {
    const w = word();
    const grandma = await makePost(t.app, { title: `Grandma's ${w} pie` });
    await makePost(t.app, { title: `Something ${w} else` });
    expect(postIds(await search({ q: `grandma's ${w}` }))).toEqual([grandma.id]);
    // Text without letters or digits finds no plates (people only by LIKE, as text); the rest
    // search their words. None may fail.
    const noWords = ['%%', '__', "''", '""', '\\\\', ':*', '&|!()', '<-> <2>', '🍕🍕', '％＿＼', '\u0001\u0002'];
    const withWords = [
      "' OR 1=1 --",
      "'; drop table posts; --",
      'a:*',
      'a & | b',
      '🍕 pizza',
      'ŉ ʼn ː ½ ⑴ ℀',
      'x'.repeat(100),
      `${'ab '.repeat(33)}a`,
    ];
    const answers = new Map<string, { status: number; body: string }>();
    for (const q of [...noWords, ...withWords]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
      answers.set(q, { status: res.statusCode, body: res.body });
    }
    // A NUL is refused like in any other field of any request (plugins/text-safety).
    const nul = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent('pie\u0000')}` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' });
    for (const [q, { status, body }] of answers) {
      expect(status, `${JSON.stringify(q)}: ${body}`).toBe(200);
      expect(SearchResponseShape.safeParse(JSON.parse(body)).success, q).toBe(true);
    }
    for (const q of noWords) {
      const body = JSON.parse(answers.get(q)!.body) as SearchResponse;
      expect([body.postCount, body.userCount], q).toEqual([0, 0]);
    }
  });
});

describe('GET /api/search: people', () => {
  it('puts the exact username first, then usernames starting with the text, then similar ones', async () => {
    const w = word('ck');
    const similar = await makeUser(t.app, { username: `${w.slice(0, -1)}x` });
    const longer = await makeUser(t.app, { username: `${w}_kitchen` });
    const exact = await makeUser(t.app, { username: w });
    const named = await makeUser(t.app, { displayName: `Chef ${w}` });
    await verifyUser(t.app, longer.id, 'gold');
    const result = await search({ q: w.toUpperCase(), tab: 'users' });
    expect(userIds(result).slice(0, 2)).toEqual([exact.id, longer.id]);
    expect(userIds(result)).toEqual(expect.arrayContaining([similar.id, named.id]));
    expect(result.userCount).toBe(4);
    expect(result.users[0]).toEqual({
      id: exact.id,
      username: w,
      displayName: null,
      profileImage: null,
      bio: null,
      location: null,
      isAdmin: false,
      isVerified: false,
      verifiedType: null,
    });
    expect(result.users[1]).toMatchObject({ id: longer.id, isVerified: true, verifiedType: 'gold' });
  });

  it('finds partial and misspelt usernames and accented display names', async () => {
    const alice = await makeUser(t.app, { username: 'alice', bio: 'Bakes', location: 'Lyon' });
    const zoe = await makeUser(t.app, { username: word('zo'), displayName: 'Zoë Brontë' });
    expect(userIds(await search({ q: 'alic' }))).toContain(alice.id);
    expect(userIds(await search({ q: 'alise' }))).toContain(alice.id);
    expect(userIds(await search({ q: 'zoe bronte' }))).toEqual([zoe.id]);
    expect(userIds(await search({ q: 'bronte' }))).toEqual([zoe.id]);
    const found = (await search({ q: 'alice' })).users.find((u) => u.id === alice.id);
    expect(found).toMatchObject({ bio: 'Bakes', location: 'Lyon' });
  });

  it('treats % _ and \\ as text', async () => {
    const w = word();
    const percent = await makeUser(t.app, { displayName: `${w} 50% chef` });
    const fifty = await makeUser(t.app, { displayName: `${w} 5000 chef` });
    const underscore = await makeUser(t.app, { displayName: 'q_x' });
    const lookalike = await makeUser(t.app, { displayName: 'qzx' });
    const backslash = await makeUser(t.app, { displayName: `${w} back\\slash` });
    const pct = userIds(await search({ q: '50%' }));
    expect(pct).toContain(percent.id);
    expect(pct).not.toContain(fifty.id);
    const under = userIds(await search({ q: 'q_x' }));
    expect(under).toContain(underscore.id);
    expect(under).not.toContain(lookalike.id);
    expect(userIds(await search({ q: 'k\\sla' }))).toEqual([backslash.id]);
    expect((await search({ q: '%%' })).userCount).toBe(0);
    expect((await search({ q: '__' })).userCount).toBe(0);
  });

  it('lists only active, verified accounts outside blocks in either direction', async () => {
    const w = word();
    const viewer = await makeUser(t.app);
    const shown = await makeUser(t.app, { username: `${w}_shown` });
    const privateOne = await makeUser(t.app, { username: `${w}_private`, isPrivate: true });
    await makeUser(t.app, { username: `${w}_gone`, accountStatus: 'deactivated' });
    await makeUser(t.app, { username: `${w}_banned`, accountStatus: 'suspended' });
    await makeUser(t.app, { username: `${w}_unverified`, emailVerified: false });
    const blocked = await makeUser(t.app, { username: `${w}_blocked` });
    const blocker = await makeUser(t.app, { username: `${w}_blocker` });
    await t.app.services.database.db.insert(userBlocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ]);
    const asViewer = await search({ q: w, tab: 'users' }, await headersOf(viewer));
    expect(userIds(asViewer).sort()).toEqual([shown.id, privateOne.id].sort());
    expect(asViewer.userCount).toBe(2);
    const anonymous = await search({ q: w, tab: 'users' });
    expect(userIds(anonymous).sort()).toEqual([shown.id, privateOne.id, blocked.id, blocker.id].sort());
  });
});

describe('GET /api/search: visibility', () => {
  it('shows approved plates the viewer may see in the feed, and nobody pending ones', async () => {
    const w = word();
    const viewer = await makeUser(t.app);
    const db = t.app.services.database.db;
    const open = await makePost(t.app, { title: `${w} open` });
    const own = await makePost(t.app, { userId: viewer.id, title: `${w} mine` });
    await makePost(t.app, { userId: viewer.id, title: `${w} my pending`, approvalStatus: 'pending' });
    await makePost(t.app, { title: `${w} pending`, approvalStatus: 'pending' });
    await makePost(t.app, { title: `${w} rejected`, approvalStatus: 'rejected' });
    const privateAuthor = await makeUser(t.app, { isPrivate: true });
    const privateFollowed = await makeUser(t.app, { isPrivate: true });
    await db.insert(follows).values({ followerId: viewer.id, followingId: privateFollowed.id, status: 'accepted' });
    const pendingFollow = await makeUser(t.app, { isPrivate: true });
    await db.insert(follows).values({ followerId: viewer.id, followingId: pendingFollow.id, status: 'pending' });
    await makePost(t.app, { userId: privateAuthor.id, title: `${w} private` });
    const followed = await makePost(t.app, { userId: privateFollowed.id, title: `${w} followed` });
    await makePost(t.app, { userId: pendingFollow.id, title: `${w} requested` });
    const blocked = await makeUser(t.app);
    const blocker = await makeUser(t.app);
    await db.insert(userBlocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ]);
    const ofBlocked = await makePost(t.app, { userId: blocked.id, title: `${w} blocked` });
    const ofBlocker = await makePost(t.app, { userId: blocker.id, title: `${w} blocker` });
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    await makePost(t.app, { userId: gone.id, title: `${w} gone` });

    const asViewer = await search({ q: w, tab: 'food' }, await headersOf(viewer));
    expect(postIds(asViewer).sort()).toEqual([open.id, own.id, followed.id].sort());
    expect(asViewer.postCount).toBe(3);
    const anonymous = await search({ q: w, tab: 'food' });
    expect(postIds(anonymous).sort()).toEqual([open.id, own.id, ofBlocked.id, ofBlocker.id].sort());
  });
});

describe('GET /api/search: tabs, pages and counts', () => {
  it('answers one group for a tab and counts both', async () => {
    const w = word();
    const person = await makeUser(t.app, { username: `${w}_cook` });
    const plate = await makePost(t.app, { title: `${w} soup` });
    const all = await search({ q: w });
    expect([userIds(all), postIds(all), all.userCount, all.postCount]).toEqual([[person.id], [plate.id], 1, 1]);
    const users = await search({ q: w, tab: 'users' });
    expect([userIds(users), postIds(users), users.userCount, users.postCount]).toEqual([[person.id], [], 1, 1]);
    expect(users.hasMorePosts).toBe(false);
    const food = await search({ q: w, tab: 'food' });
    expect([userIds(food), postIds(food), food.userCount, food.postCount]).toEqual([[], [plate.id], 1, 1]);
  });

  it('pages by page and limit; past the end is empty with the totals kept', async () => {
    const w = word();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await makePost(t.app, { title: `${w} dish`, createdAt: new Date(Date.now() - i * 60_000) }));
    }
    const first = await search({ q: w, limit: 2, tab: 'food' });
    expect([postIds(first), first.postCount, first.hasMorePosts, first.page]).toEqual([
      [made[0]!.id, made[1]!.id],
      5,
      true,
      1,
    ]);
    const last = await search({ q: w, limit: 2, page: 3, tab: 'food' });
    expect([postIds(last), last.hasMorePosts]).toEqual([[made[4]!.id], false]);
    const beyond = await search({ q: w, limit: 2, page: 4 });
    expect([postIds(beyond), beyond.postCount, beyond.hasMorePosts, beyond.userCount]).toEqual([[], 5, false, 0]);
    const exact = await search({ q: w, limit: 5, tab: 'food' });
    expect([exact.posts.length, exact.hasMorePosts]).toEqual([5, false]);
  });

  it('runs the same number of statements for 1 result as for 20', async () => {
    const one = word();
    const many = word();
    const author = await makeUser(t.app, { username: `${many}_cook` });
    await verifyUser(t.app, author.id);
    await makePost(t.app, { title: `${one} only` });
    await verifyUser(t.app, (await makeUser(t.app, { username: `${one}_cook` })).id);
    for (let i = 0; i < 20; i++) await makePost(t.app, { userId: author.id, title: `${many} ${i}`, categoryIds: [1, 2] });
    // A member: a visitor's repeated search is answered from the visitors' copy.
    const { headers } = await makeSignedInUser(t.app);
    await search({ q: word(), limit: 20 }, headers); // the session's first use may touch its row
    let small: SearchResponse | undefined;
    let big: SearchResponse | undefined;
    const forOne = await countStatements(t.app, async () => {
      small = await search({ q: one, limit: 20 }, headers);
    });
    const forTwenty = await countStatements(t.app, async () => {
      big = await search({ q: many, limit: 20 }, headers);
    });
    expect(small?.posts).toHaveLength(1);
    expect(big?.posts).toHaveLength(20);
    // the session, people, the plates' candidates, the member's blocks and follows, the cards'
    // versions, then the cards not held yet and their cuisines
    expect(forOne).toBe(7);
    expect(forTwenty).toBe(forOne);
    // The cards held (posts/post-cards.ts), the candidates read again (the shared list dropped, as
    // a write drops it): the session, people, candidates, blocks and follows, versions.
    t.app.services.posts.publicChanged();
    expect(await countStatements(t.app, () => search({ q: many, limit: 20 }, headers))).toBe(5);
  });
});

describe('GET /api/search: counts stop at the cap', () => {
  it('answers the cap and says so when more plates and people match; pages end there', async () => {
    const w = word();
    const db = t.app.services.database.db;
    const cook = await makeUser(t.app);
    const { password } = cook;
    const past = SEARCH.countCap + 1;
    await db.insert(users).values(
      Array.from({ length: past }, (_, i) => ({ username: `${w}_${i}`, email: `${w}_${i}@example.test`, password, emailVerified: true })),
    );
    await db.insert(posts).values(
      Array.from({ length: past }, (_, i) => ({
        userId: cook.id,
        title: `${w} dish ${i}`,
        imageUrl: `/uploads/posts/${w}-${i}.webp`,
        approvalStatus: 'approved' as const,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    const first = await search({ q: w, limit: 10 });
    expect(first).toMatchObject({ userCount: 1000, userCountCapped: true, postCount: 1000, postCountCapped: true });
    expect([first.hasMoreUsers, first.hasMorePosts, first.posts[0]?.title]).toEqual([true, true, `${w} dish 0`]);
    const last = await search({ q: w, limit: 10, page: 100, tab: 'food' });
    expect([last.posts.length, last.hasMorePosts, last.posts.at(-1)?.title]).toEqual([10, false, `${w} dish 999`]);
    const beyond = await search({ q: w, limit: 10, page: 101, tab: 'food' });
    expect([beyond.posts.length, beyond.postCount, beyond.postCountCapped, beyond.hasMorePosts]).toEqual([0, 1000, true, false]);
    // A group only counted is capped too.
    expect(await search({ q: w, tab: 'users', limit: 1 })).toMatchObject({ postCount: 1000, postCountCapped: true, posts: [] });
    // Under the cap the flags are absent, as before.
    const one = word();
    await makePost(t.app, { title: `${one} soup` });
    expect(Object.keys(await search({ q: one }))).not.toContain('postCountCapped');
  });
});

describe('GET /api/search: the visitors\' copy', () => {
  it('serves visitors one copy of an answer for its time, and members their own answer', async () => {
    const w = word();
    const search = createSearchService({
      repo: createSearchRepository(t.app.services.database.db),
      postsByIds: t.app.services.posts.postsByIds,
      visitorCopyTtlMs: 60_000,
    });
    const query = { q: w, tab: 'all' as const, page: 1, limit: 10 };
    const first = await makePost(t.app, { title: `${w} soup` });
    const before = (await search.visitorSearch(query)).toString();
    const second = await makePost(t.app, { title: `${w} stew` });
    expect((await search.visitorSearch(query)).toString()).toBe(before);
    expect(JSON.parse(before)).toMatchObject({ postCount: 1, posts: [{ id: first.id }] });
    const member = await makeUser(t.app);
    expect((await search.search({ id: member.id, isAdmin: false }, query)).posts.map((p) => p.id)).toEqual([second.id, first.id]);
    // Another page, tab or text is another copy.
    expect(JSON.parse((await search.visitorSearch({ ...query, tab: 'food' })).toString())).toMatchObject({ postCount: 2 });
  });

  it("never gives a visitor what a member's answer held", async () => {
    const w = word();
    const author = await makeUser(t.app, { isPrivate: true });
    const mine = await makePost(t.app, { userId: author.id, title: `${w} private` });
    expect(postIds(await search({ q: w, tab: 'food' }, await headersOf(author)))).toEqual([mine.id]);
    expect(await search({ q: w, tab: 'food' })).toMatchObject({ posts: [], postCount: 0 });
  });
});

describe('GET /api/search: validation', () => {
  it('refuses a missing, short or long text and an unknown tab', async () => {
    expect(await refused('')).toEqual({ message: SEARCH_MESSAGES.tooShort, code: 'VALIDATION_ERROR', field: 'q' });
    expect(await refused('q=a')).toEqual({ message: SEARCH_MESSAGES.tooShort, code: 'VALIDATION_ERROR', field: 'q' });
    expect(await refused('q=%20%20a%20%20')).toMatchObject({ message: SEARCH_MESSAGES.tooShort, field: 'q' });
    expect(await refused(`q=${'a'.repeat(101)}`)).toMatchObject({ message: SEARCH_MESSAGES.tooLong, field: 'q' });
    expect(await refused('q=pizza&tab=plates')).toEqual({
      message: SEARCH_MESSAGES.badTab,
      code: 'VALIDATION_ERROR',
      field: 'tab',
    });
    expect(await refused('q=pizza&page=0')).toMatchObject({ field: 'page' });
    expect(await refused('q=pizza&page=1001')).toMatchObject({ field: 'page' });
    expect(await refused('q=pizza&limit=51')).toMatchObject({ field: 'limit' });
  });
});
