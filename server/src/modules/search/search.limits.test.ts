import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likes, type NewPost, type Post } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { createSearchRepository, type PlateFilters, type PlateOrder, type SearchLimits } from './search.repository.js';
import { searchWords } from './search.text.js';

// How far search reads (docs/decisions/0022-search-at-scale.md), with limits small enough to pass
// in a few plates: the count's cap, the window of newest plates a text is matched in first, and
// how many candidates are sorted by a computed key. The app's own cap is tested in
// search.routes.test.ts and search.advanced.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60_000;

/** A random lower-case word (letters only), so each test matches only its own rows. */
const word = (prefix = 'zq') => `${prefix}${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

function repo(limits: Partial<SearchLimits>) {
  return createSearchRepository(t.app.services.database.db, limits);
}

const text = (typed: string) => ({ text: typed, words: searchWords(typed) });

async function page(limits: Partial<SearchLimits>, filters: PlateFilters, order: PlateOrder = 'relevance', limit = 20) {
  return repo(limits).plates(null, filters, order, { limit, offset: 0, now: new Date() });
}

/** Plates made oldest first, one hour apart, ending an hour ago. */
async function platesInOrder(list: Array<Partial<NewPost>>): Promise<Post[]> {
  const made: Post[] = [];
  for (const [i, values] of list.entries()) {
    made.push(await makePost(t.app, { createdAt: new Date(Date.now() - (list.length - i) * HOUR), ...values }));
  }
  return made;
}

const idsOf = (posts: Post[]) => posts.map((p) => p.id);

describe('search limits: the cap', () => {
  it('a count past the cap answers the cap and says so; pages end there', async () => {
    const w = word();
    const made = await platesInOrder(Array.from({ length: 5 }, () => ({ title: `${w} stew` })));
    const found = await page({ cap: 3 }, { text: text(w) });
    expect(found).toEqual({ ids: idsOf(made.slice(2).reverse()), total: 3, capped: true });
    expect(await repo({ cap: 3 }).countPlates(null, { text: text(w) })).toEqual({ total: 3, capped: true });
    const beyond = await repo({ cap: 3 }).plates(null, { text: text(w) }, 'relevance', { limit: 2, offset: 4, now: new Date() });
    expect(beyond).toEqual({ ids: [], total: 3, capped: true });
    // At the cap exactly, the count is whole.
    expect(await page({ cap: 5 }, { text: text(w) })).toMatchObject({ total: 5, capped: false });
    expect(await page({ cap: 3 }, { author: (await makeUser(t.app)).username })).toEqual({ ids: [], total: 0, capped: false });
  });

  it('counts people up to the cap too', async () => {
    const w = word('pp');
    for (let i = 0; i < 4; i++) await makeUser(t.app, { username: `${w}_${i}` });
    const people = await repo({ cap: 3 }).people(null, text(w), { limit: 2, offset: 0 });
    expect([people.rows.length, people.total, people.capped]).toEqual([2, 3, true]);
    expect(await repo({ cap: 3 }).countPeople(null, text(w))).toEqual({ total: 3, capped: true });
    expect(await repo({ cap: 4 }).countPeople(null, text(w))).toEqual({ total: 4, capped: false });
  });
});

describe('search limits: which plates a text is ranked among', () => {
  it('a title that is the text comes first, even when it is older than every other candidate', async () => {
    const w = word();
    const [exact, ...others] = await platesInOrder([
      { title: `${w.toUpperCase()}` },
      ...Array.from({ length: 4 }, () => ({ title: `${w} with rice` })),
    ]);
    const found = await page({ cap: 3 }, { text: text(w) });
    expect(found.ids).toEqual([exact!.id, ...idsOf(others.slice(-2).reverse())]);
    expect(found).toMatchObject({ total: 3, capped: true });
    // Without the cap, a title that is the text still comes before newer titles that hold it.
    expect((await page({}, { text: text(w) })).ids[0]).toBe(exact!.id);
  });

  it('matches among the newest plates first, and among all only when those hold no more than the cap', async () => {
    const w = word();
    // Older plates with the word in their title, then newer ones with it in the description only.
    const inTitle = await platesInOrder([{ title: `${w} pie` }, { title: `${w} tart` }]);
    const described = await platesInOrder(
      Array.from({ length: 3 }, () => ({ title: 'Plain bread', description: `Goes with ${w}` })),
    );
    // The newest three plates hold three matches, past a cap of two: the older titles are not read.
    const recent = await page({ cap: 2, recentPlates: 3 }, { text: text(w) });
    expect(recent).toEqual({ ids: idsOf(described.slice(1).reverse()), total: 2, capped: true });
    // A cap of three is not passed by them: all plates are read, and titles come first.
    const all = await page({ cap: 3, recentPlates: 3 }, { text: text(w) });
    expect(all.ids).toEqual([...idsOf(inTitle.reverse()), described[2]!.id]);
    expect(all).toMatchObject({ total: 3, capped: true });
  });

  it('sorts the first `ranked` candidates by relevance; the rest follow newest first', async () => {
    const w = word();
    const [richest, rich, plain, richer] = await platesInOrder([
      { title: `${w} soup`, location: `${w} bay`, description: `All ${w}, only ${w}` },
      { title: `${w} soup`, location: `${w} bay` },
      { title: `${w} soup` },
      { title: `${w} soup`, location: `${w} bay`, description: `Some ${w}` },
    ]);
    // Ranks: title 1, location 0.2, description 0.1 an occurrence (1.4, 1.2, 1, 1.3). The two
    // newest are ranked; the older ones follow newest first, whatever their rank.
    expect((await page({ ranked: 2 }, { text: text(w) })).ids).toEqual(idsOf([richer!, plain!, rich!, richest!]));
    expect((await page({}, { text: text(w) })).ids).toEqual(idsOf([richest!, richer!, rich!, plain!]));
  });

  it('trending sorts the newest `ranked` candidates by engagement over age; older ones follow newest first', async () => {
    const c = await makeUser(t.app, { username: word('au') });
    const scope = { author: c.username };
    const [busyOld, quietOld, busy, quiet] = await platesInOrder([
      { userId: c.id, commentCount: 50 },
      { userId: c.id },
      { userId: c.id, commentCount: 5 },
      { userId: c.id },
    ]);
    const fan = await makeUser(t.app);
    await t.app.services.database.db.insert(likes).values({ postId: quiet!.id, userId: fan.id });
    // Hours old 4, 3, 2, 1: busyOld 50 / 6^1.5 = 3.4, quietOld 0, busy 5 / 4^1.5 = 0.63, quiet 1 / 3^1.5 = 0.19.
    expect((await page({ ranked: 2 }, scope, 'trending')).ids).toEqual(idsOf([busy!, quiet!, quietOld!, busyOld!]));
    expect((await page({}, scope, 'trending')).ids).toEqual(idsOf([busyOld!, busy!, quiet!, quietOld!]));
  });
});
