import { randomBytes } from 'node:crypto';
import { SEARCH, SEARCH_MESSAGES, type AdvancedSearchResponse, type ErrorBody } from '@plates/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, likes, posts, userBlocks, type NewPost, type Post, type User } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser, signIn } from '../../test/factories.js';
import { countStatements } from '../../test/statements.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** A random lower-case word (letters only), so each test matches only its own rows. */
const word = (prefix = 'zq') => `${prefix}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

async function headersOf(user: User) {
  return { authorization: (await signIn(t.app, user.username)).authorization };
}

async function advanced(query: Record<string, string | number | boolean>, headers: Record<string, string> = {}) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.app.inject({ method: 'GET', url: `/api/search/posts?${params}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdvancedSearchResponse>();
}

async function refused(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/search/posts?${query}` });
  expect(res.statusCode, res.body).toBe(400);
  return res.json<ErrorBody>();
}

const ids = (r: AdvancedSearchResponse) => r.posts.map((p) => p.id);
const idsOf = (posts: Post[]) => posts.map((p) => p.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** An author of their own, and a maker of their plates: `author=<username>` scopes a search to them. */
async function cook() {
  const user = await makeUser(t.app, { username: word('au') });
  let n = 0;
  const plate = (overrides: Partial<NewPost> & { categoryIds?: number[] } = {}) => {
    n += 1;
    return makePost(t.app, { title: `Plate ${n}`, createdAt: new Date(Date.now() - n * 1000), ...overrides, userId: user.id });
  };
  return { user, plate, scope: { author: user.username } };
}

async function like(post: Post, count: number) {
  const db = t.app.services.database.db;
  for (let i = 0; i < count; i++) {
    const fan = await makeUser(t.app);
    await db.insert(likes).values({ postId: post.id, userId: fan.id });
  }
}

describe('GET /api/search/posts: filters', () => {
  it('without filters lists the approved plates newest first; a text sorts by relevance', async () => {
    const c = await cook();
    const older = await c.plate({ title: 'Lentil soup', createdAt: new Date(Date.now() - DAY) });
    const newer = await c.plate({ title: 'Tomato soup' });
    const described = await c.plate({ title: 'Bread', description: 'Dip it in lentil soup', createdAt: new Date() });
    expect(ids(await advanced(c.scope))).toEqual([described.id, newer.id, older.id]);
    expect(ids(await advanced({ ...c.scope, q: 'lentil' }))).toEqual([older.id, described.id]);
  });

  it('location: a case- and accent-insensitive substring, with % and _ as text', async () => {
    const c = await cook();
    const centre = await c.plate({ location: 'Lyon Centre' });
    const upper = await c.plate({ location: 'LYON' });
    const accented = await c.plate({ location: 'Lyön 3e' });
    await c.plate({ location: 'Paris' });
    await c.plate({ location: null });
    const percent = await c.plate({ location: '100% Lyon' });
    const underscore = await c.plate({ location: 'Rue_du_Four' });
    expect(sorted(ids(await advanced({ ...c.scope, location: 'lyon' })))).toEqual(
      sorted(idsOf([centre, upper, accented, percent])),
    );
    expect(ids(await advanced({ ...c.scope, location: '%' }))).toEqual([percent.id]);
    expect(ids(await advanced({ ...c.scope, location: '_' }))).toEqual([underscore.id]);
    expect(ids(await advanced({ ...c.scope, location: "'; --" }))).toEqual([]);
  });

  it('author: one cook, by username (any case, with or without @) or display name (accents and case aside)', async () => {
    const w = word();
    const chef = await makeUser(t.app, { username: `${w}_chef`, displayName: 'Hélène Dupré' });
    const other = await makeUser(t.app, { username: word('au') });
    const byChef = await makePost(t.app, { userId: chef.id });
    await makePost(t.app, { userId: other.id });
    expect(ids(await advanced({ author: `${w}_chef` }))).toEqual([byChef.id]);
    expect(ids(await advanced({ author: `@${w.toUpperCase()}_CHEF` }))).toEqual([byChef.id]);
    expect(ids(await advanced({ author: `helene dupre` }))).toEqual([byChef.id]);
    expect(ids(await advanced({ author: `${w}_chef`, q: 'nothing like it' }))).toEqual([]);
  });

  it("author: never another cook's plates, when theirs do not match or the name is nobody's", async () => {
    const w = word();
    // A cook with no plate in the results, and one whose name is a close neighbour of theirs.
    const quiet = await makeUser(t.app, { username: `${w}_ann` });
    await makePost(t.app, { userId: quiet.id, title: 'Porridge' });
    const neighbour = await makeUser(t.app, { username: `${w}_anna` });
    await makePost(t.app, { userId: neighbour.id, title: 'Pancakes' });
    expect(ids(await advanced({ author: quiet.username, q: 'pancakes' }))).toEqual([]);
    expect(ids(await advanced({ author: `${w}_an` }))).toEqual([]);
    expect(ids(await advanced({ author: `${w}_nobody` }))).toEqual([]);
  });

  it('minRating and maxRating bound the average; an unrated plate counts as 0', async () => {
    const c = await cook();
    const unrated = await c.plate();
    const two = await c.plate({ ratingCount: 2, ratingSum: 5 });
    const four = await c.plate({ ratingCount: 3, ratingSum: 12 });
    const five = await c.plate({ ratingCount: 1, ratingSum: 5 });
    const search = async (q: Record<string, number>) => sorted(ids(await advanced({ ...c.scope, ...q })));
    expect(await search({ minRating: 1 })).toEqual(sorted(idsOf([two, four, five])));
    expect(await search({ minRating: 4 })).toEqual(sorted(idsOf([four, five])));
    expect(await search({ maxRating: 3 })).toEqual(sorted(idsOf([unrated, two])));
    expect(await search({ minRating: 2.5, maxRating: 4.5 })).toEqual(sorted(idsOf([two, four])));
    expect(await search({ minRating: 5, maxRating: 5 })).toEqual([five.id]);
  });

  it('dateRange reaches back 24 hours, 7, 30 or 365 days from now', async () => {
    const c = await cook();
    const at = (ms: number) => new Date(Date.now() - ms);
    const hours = await c.plate({ createdAt: at(2 * HOUR) });
    const days = await c.plate({ createdAt: at(3 * DAY) });
    const weeks = await c.plate({ createdAt: at(20 * DAY) });
    const months = await c.plate({ createdAt: at(200 * DAY) });
    const old = await c.plate({ createdAt: at(400 * DAY) });
    const range = async (dateRange: string) => ids(await advanced({ ...c.scope, dateRange }));
    expect(await range('today')).toEqual([hours.id]);
    expect(await range('week')).toEqual(idsOf([hours, days]));
    expect(await range('month')).toEqual(idsOf([hours, days, weeks]));
    expect(await range('year')).toEqual(idsOf([hours, days, weeks, months]));
    expect(await range('all')).toEqual(idsOf([hours, days, weeks, months, old]));
  });

  it('cuisineTypes: plates in any of the named cuisines, names in any case', async () => {
    const c = await cook();
    const thai = await c.plate({ categoryIds: [7] });
    const italianFrench = await c.plate({ categoryIds: [1, 6] });
    await c.plate({ categoryIds: [3] });
    await c.plate();
    expect(sorted(ids(await advanced({ ...c.scope, cuisineTypes: 'thai, French' })))).toEqual(
      sorted(idsOf([thai, italianFrench])),
    );
    expect(ids(await advanced({ ...c.scope, cuisineTypes: 'Italian,French' }))).toEqual([italianFrench.id]);
    expect(ids(await advanced({ ...c.scope, cuisineTypes: 'Korean' }))).toEqual([]);
    expect(ids(await advanced({ ...c.scope, cuisineTypes: '' }))).toHaveLength(4);
  });

  it('hasImage, hasLocation and minComments', async () => {
    const c = await cook();
    const located = await c.plate({ location: 'Naples', commentCount: 3 });
    const blank = await c.plate({ location: '   ', commentCount: 10 });
    const none = await c.plate({ location: null });
    expect(ids(await advanced({ ...c.scope, hasImage: true }))).toHaveLength(3);
    expect(ids(await advanced({ ...c.scope, hasImage: false }))).toEqual([]);
    expect(ids(await advanced({ ...c.scope, hasLocation: true }))).toEqual([located.id]);
    expect(ids(await advanced({ ...c.scope, hasLocation: false }))).toEqual(idsOf([blank, none]));
    expect(ids(await advanced({ ...c.scope, minComments: 3 }))).toEqual(idsOf([located, blank]));
    expect(ids(await advanced({ ...c.scope, minComments: 10 }))).toEqual([blank.id]);
    expect(ids(await advanced({ ...c.scope, minComments: 0 }))).toHaveLength(3);
  });

  it('combines every filter', async () => {
    const c = await cook();
    const base = { location: 'Osaka', ratingCount: 2, ratingSum: 9, commentCount: 4, categoryIds: [3] };
    const hit = await c.plate({ ...base, title: 'Tonkotsu ramen' });
    await c.plate({ ...base, title: 'Shoyu udon' });
    await c.plate({ ...base, title: 'Miso ramen', location: 'Kyoto' });
    await c.plate({ ...base, title: 'Shio ramen', ratingSum: 6 });
    await c.plate({ ...base, title: 'Veggie ramen', categoryIds: [1] });
    await c.plate({ ...base, title: 'Old ramen', createdAt: new Date(Date.now() - 40 * DAY) });
    await c.plate({ ...base, title: 'Quiet ramen', commentCount: 1 });
    const result = await advanced({
      ...c.scope,
      q: 'ramen',
      location: 'osaka',
      minRating: 4,
      maxRating: 5,
      dateRange: 'month',
      cuisineTypes: 'Japanese,Korean',
      hasImage: true,
      hasLocation: true,
      minComments: 2,
      sortBy: 'rating',
    });
    expect(ids(result)).toEqual([hit.id]);
    expect(result).toMatchObject({ total: 1, page: 1, totalPages: 1, hasMore: false });
  });
});

describe('GET /api/search/posts: sorting', () => {
  it('newest and oldest', async () => {
    const c = await cook();
    const a = await c.plate({ createdAt: new Date(Date.now() - 3 * HOUR) });
    const b = await c.plate({ createdAt: new Date(Date.now() - 2 * HOUR) });
    const d = await c.plate({ createdAt: new Date(Date.now() - HOUR) });
    expect(ids(await advanced({ ...c.scope, sortBy: 'newest' }))).toEqual(idsOf([d, b, a]));
    expect(ids(await advanced({ ...c.scope, sortBy: 'oldest' }))).toEqual(idsOf([a, b, d]));
  });

  it('rating: the average first, then the number of ratings; unrated last', async () => {
    const c = await cook();
    const unrated = await c.plate();
    const fiveOnce = await c.plate({ ratingCount: 1, ratingSum: 5 });
    const fiveThrice = await c.plate({ ratingCount: 3, ratingSum: 15 });
    const fourHalf = await c.plate({ ratingCount: 2, ratingSum: 9 });
    expect(ids(await advanced({ ...c.scope, sortBy: 'rating' }))).toEqual(idsOf([fiveThrice, fiveOnce, fourHalf, unrated]));
  });

  it('popular: ratings, comments, likes and saves together', async () => {
    const c = await cook();
    const quiet = await c.plate();
    const liked = await c.plate({ ratingCount: 1, ratingSum: 3 });
    await like(liked, 3);
    const discussed = await c.plate({ commentCount: 2, saveCount: 1 });
    expect(ids(await advanced({ ...c.scope, sortBy: 'popular' }))).toEqual(idsOf([liked, discussed, quiet]));
  });

  it('trending: engagement divided by (age in hours + 2)^1.5', async () => {
    const c = await cook();
    const old = await c.plate({ commentCount: 100, createdAt: new Date(Date.now() - 100 * HOUR) });
    const fresh = await c.plate({ commentCount: 10, createdAt: new Date(Date.now() - HOUR) });
    const silent = await c.plate({ createdAt: new Date() });
    expect(ids(await advanced({ ...c.scope, sortBy: 'trending' }))).toEqual(idsOf([fresh, old, silent]));
    expect(ids(await advanced({ ...c.scope, sortBy: 'popular' }))).toEqual(idsOf([old, fresh, silent]));
  });
});

describe('GET /api/search/posts: pages', () => {
  it('counts pages; past the end is empty with the total kept; nothing found is 0 pages', async () => {
    const c = await cook();
    const made: Post[] = [];
    for (let i = 0; i < 5; i++) made.push(await c.plate());
    const page = async (p: number) => advanced({ ...c.scope, limit: 2, page: p });
    const first = await page(1);
    expect([ids(first), first.total, first.totalPages, first.hasMore, first.page]).toEqual([
      idsOf(made.slice(0, 2)),
      5,
      3,
      true,
      1,
    ]);
    const last = await page(3);
    expect([ids(last), last.total, last.totalPages, last.hasMore]).toEqual([[made[4]!.id], 5, 3, false]);
    const beyond = await page(4);
    expect([ids(beyond), beyond.total, beyond.totalPages, beyond.hasMore, beyond.page]).toEqual([[], 5, 3, false, 4]);
    const exact = await advanced({ ...c.scope, limit: 5 });
    expect([exact.posts.length, exact.totalPages, exact.hasMore]).toEqual([5, 1, false]);
    const nothing = await advanced({ ...c.scope, q: 'no such plate' });
    expect(nothing).toEqual({ posts: [], total: 0, page: 1, totalPages: 0, hasMore: false });
  });

  it('runs the same number of statements for 1 result as for 20, whatever the sort', async () => {
    const one = await cook();
    const many = await cook();
    await one.plate();
    for (let i = 0; i < 20; i++) await many.plate({ categoryIds: [2, 5] });
    const counts: number[] = [];
    for (const scope of [one.scope, many.scope]) {
      for (const sortBy of ['trending', 'popular']) {
        let result: AdvancedSearchResponse | undefined;
        counts.push(
          await countStatements(t.app, async () => {
            result = await advanced({ ...scope, sortBy, limit: 20 });
          }),
        );
        expect(result?.posts).toHaveLength(scope === one.scope ? 1 : 20);
      }
    }
    // The candidates with their total and the cards' versions; the first sort also loads the cards
    // and their cuisines, which the second finds in memory (posts/post-cards.ts).
    expect(counts).toEqual([4, 2, 4, 2]);
  });
});

describe('GET /api/search/posts: counts stop at the cap', () => {
  it('answers the cap and says so when more plates match, whatever the sort; pages end there', async () => {
    const c = await cook();
    await t.app.services.database.db.insert(posts).values(
      Array.from({ length: SEARCH.countCap + 1 }, (_, i) => ({
        userId: c.user.id,
        title: `Plate ${i}`,
        imageUrl: `/uploads/posts/${c.user.username}-${i}.webp`,
        approvalStatus: 'approved' as const,
        createdAt: new Date(Date.now() - i * 1000),
      })),
    );
    for (const sortBy of ['newest', 'oldest', 'rating', 'popular', 'trending']) {
      const first = await advanced({ ...c.scope, sortBy, limit: 10 });
      expect(first, sortBy).toMatchObject({ total: 1000, totalCapped: true, page: 1, totalPages: 100, hasMore: true });
    }
    const last = await advanced({ ...c.scope, limit: 10, page: 100 });
    expect([last.posts.length, last.hasMore, last.posts.at(-1)?.title]).toEqual([10, false, 'Plate 999']);
    const beyond = await advanced({ ...c.scope, limit: 10, page: 101 });
    expect(beyond).toEqual({ posts: [], total: 1000, totalCapped: true, page: 101, totalPages: 100, hasMore: false });
    // Under the cap the flag is absent, as before.
    expect(Object.keys(await advanced({ ...c.scope, q: 'Plate 7' }))).not.toContain('totalCapped');
  });
});

describe('GET /api/search/posts: visibility', () => {
  it('shows the approved plates the viewer may see in the feed', async () => {
    const place = word('town');
    const viewer = await makeUser(t.app);
    const db = t.app.services.database.db;
    const at = { location: place };
    const open = await makePost(t.app, at);
    const own = await makePost(t.app, { ...at, userId: viewer.id });
    await makePost(t.app, { ...at, userId: viewer.id, approvalStatus: 'pending' });
    await makePost(t.app, { ...at, approvalStatus: 'pending' });
    const privateAuthor = await makeUser(t.app, { isPrivate: true });
    await makePost(t.app, { ...at, userId: privateAuthor.id });
    const followedAuthor = await makeUser(t.app, { isPrivate: true });
    await db.insert(follows).values({ followerId: viewer.id, followingId: followedAuthor.id });
    const followed = await makePost(t.app, { ...at, userId: followedAuthor.id });
    const blocked = await makeUser(t.app);
    const blocker = await makeUser(t.app);
    await db.insert(userBlocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ]);
    await makePost(t.app, { ...at, userId: blocked.id });
    await makePost(t.app, { ...at, userId: blocker.id });
    const gone = await makeUser(t.app, { accountStatus: 'deactivated' });
    await makePost(t.app, { ...at, userId: gone.id });

    const seen = await advanced({ location: place }, await headersOf(viewer));
    expect(sorted(ids(seen))).toEqual(sorted(idsOf([open, own, followed])));
    expect(seen.total).toBe(3);
    // anonymous: no private authors, but nobody's blocks
    expect(await advanced({ location: place })).toMatchObject({ total: 4 });
  });
});

describe('GET /api/search/posts: validation', () => {
  const invalid = (message: string, field: string) => ({ message, code: 'VALIDATION_ERROR', field });

  it('refuses unknown sorts, date ranges and cuisines', async () => {
    expect(await refused('sortBy=best')).toEqual(invalid(SEARCH_MESSAGES.badSort, 'sortBy'));
    expect(await refused('sortBy=relevance')).toEqual(invalid(SEARCH_MESSAGES.badSort, 'sortBy'));
    expect(await refused('dateRange=decade')).toEqual(invalid(SEARCH_MESSAGES.badDateRange, 'dateRange'));
    expect(await refused('cuisineTypes=Thai,Martian')).toEqual(
      invalid(`${SEARCH_MESSAGES.badCuisine}: Martian`, 'cuisineTypes'),
    );
  });

  it('refuses ratings outside 1-5 and a minimum above the maximum', async () => {
    for (const value of ['0', '6', 'abc', '-1']) {
      expect(await refused(`minRating=${value}`), value).toEqual(invalid(SEARCH_MESSAGES.badRating, 'minRating'));
    }
    expect(await refused('maxRating=5.5')).toEqual(invalid(SEARCH_MESSAGES.badRating, 'maxRating'));
    expect(await refused('minRating=4&maxRating=2')).toEqual(invalid(SEARCH_MESSAGES.badRatingRange, 'minRating'));
  });

  it('refuses minComments other than a whole number 0-50, flags other than true or false, a 1-character text', async () => {
    for (const value of ['51', '-1', '2.5', 'many']) {
      expect(await refused(`minComments=${value}`), value).toEqual(invalid(SEARCH_MESSAGES.badComments, 'minComments'));
    }
    expect(await refused('hasImage=yes')).toEqual(invalid(`hasImage ${SEARCH_MESSAGES.badBoolean}`, 'hasImage'));
    expect(await refused('hasLocation=1')).toEqual(invalid(`hasLocation ${SEARCH_MESSAGES.badBoolean}`, 'hasLocation'));
    expect(await refused('q=a')).toEqual(invalid(SEARCH_MESSAGES.tooShort, 'q'));
    expect(await refused(`q=${'a'.repeat(101)}`)).toEqual(invalid(SEARCH_MESSAGES.tooLong, 'q'));
    expect(await refused('limit=0')).toMatchObject({ field: 'limit' });
    expect(await refused('page=1001')).toMatchObject({ field: 'page' });
  });

  it('accepts an empty text as filters alone', async () => {
    const c = await cook();
    const plate = await c.plate();
    expect(ids(await advanced({ ...c.scope, q: '' }))).toEqual([plate.id]);
    expect(ids(await advanced({ ...c.scope, q: '   ' }))).toEqual([plate.id]);
  });
});
