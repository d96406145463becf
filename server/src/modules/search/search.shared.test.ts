import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, userBlocks, users } from '../../db/schema/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { createSearchRepository, type SearchLimits } from './search.repository.js';
import { createSearchService } from './search.service.js';
import { searchWords } from './search.text.js';

// One list of candidates shared by every viewer for its time (search.repository.ts,
// SHARED_CANDIDATES_TTL_MS): each viewer's blocks and follows still apply at once, a viewer for
// whom too many of them are hidden gets their own, and the page's plates pass the access rule again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const word = () => `zs${randomBytes(4).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
const text = (typed: string) => ({ text: typed, words: searchWords(typed) });
const db = () => t.app.services.database.db;

/** A repository whose shared lists outlive the test. */
const held = (limits: Partial<SearchLimits> = {}) => createSearchRepository(db(), { ...limits, sharedTtlMs: 60_000 });
const member = (user: { id: number }): Viewer => ({ id: user.id, isAdmin: false });

async function plates(repo: ReturnType<typeof held>, viewer: Viewer, w: string) {
  return repo.plates(viewer, { text: text(w) }, 'relevance', { limit: 20, offset: 0, now: new Date() });
}

describe('search: the shared candidate list', () => {
  it('is one read for every viewer until dropped', async () => {
    const w = word();
    const repo = held();
    const first = await makePost(t.app, { title: `${w} soup` });
    const viewer = member(await makeUser(t.app));
    expect((await plates(repo, null, w)).ids).toEqual([first.id]);
    const second = await makePost(t.app, { title: `${w} stew` });
    // Held: a member and a visitor both get the list as it was read.
    expect((await plates(repo, viewer, w)).ids).toEqual([first.id]);
    expect(await plates(repo, null, w)).toEqual({ ids: [first.id], total: 1, capped: false });
    repo.publicChanged();
    expect((await plates(repo, viewer, w)).ids).toEqual([second.id, first.id]);
  });

  it("applies a member's blocks, either way, at once", async () => {
    const w = word();
    const repo = held();
    const [viewer, cook, other] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    const theirs = await makePost(t.app, { userId: cook.id, title: `${w} soup` });
    const others = await makePost(t.app, { userId: other.id, title: `${w} stew` });
    expect(await plates(repo, member(viewer), w)).toMatchObject({ ids: [others.id, theirs.id], total: 2 });
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: cook.id });
    expect(await plates(repo, member(viewer), w)).toEqual({ ids: [others.id], total: 1, capped: false });
    await db().insert(userBlocks).values({ blockerId: other.id, blockedId: viewer.id });
    expect(await plates(repo, member(viewer), w)).toEqual({ ids: [], total: 0, capped: false });
    // An admin keeps their own blocks; everyone else still sees both.
    const admin = await makeUser(t.app, { isAdmin: true });
    await db().insert(userBlocks).values({ blockerId: cook.id, blockedId: admin.id });
    expect((await plates(repo, { id: admin.id, isAdmin: true }, w)).ids).toEqual([others.id]);
    expect((await plates(repo, null, w)).ids).toEqual([others.id, theirs.id]);
  });

  it('shows a private author to themselves, to followers from the moment they are accepted, and to admins', async () => {
    const w = word();
    const repo = held();
    const author = await makeUser(t.app, { isPrivate: true });
    const mine = await makePost(t.app, { userId: author.id, title: `${w} soup` });
    const fan = await makeUser(t.app);
    expect((await plates(repo, member(author), w)).ids).toEqual([mine.id]);
    expect((await plates(repo, null, w)).ids).toEqual([]);
    expect((await plates(repo, { id: (await makeUser(t.app)).id, isAdmin: true }, w)).ids).toEqual([mine.id]);
    await db().insert(follows).values({ followerId: fan.id, followingId: author.id, status: 'pending' });
    expect((await plates(repo, member(fan), w)).ids).toEqual([]);
    await db().update(follows).set({ status: 'accepted' }).where(eq(follows.followerId, fan.id));
    expect((await plates(repo, member(fan), w)).ids).toEqual([mine.id]);
  });

  it('reads its own candidates for a viewer for whom the list holds too few', async () => {
    const w = word();
    // A cap of 2 and one spare: the list holds 4 plates of 6, the newest 3 by a blocked cook.
    const repo = held({ cap: 2, spare: 1 });
    const [viewer, blocked] = [await makeUser(t.app), await makeUser(t.app)];
    const hour = 60 * 60_000;
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(await makePost(t.app, { userId: i >= 3 ? blocked.id : undefined, title: `${w} soup`, createdAt: new Date(Date.now() - (6 - i) * hour) }));
    }
    expect(await plates(repo, null, w)).toMatchObject({ ids: [made[5]!.id, made[4]!.id], capped: true });
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: blocked.id });
    expect(await plates(repo, member(viewer), w)).toEqual({ ids: [made[2]!.id, made[1]!.id], total: 2, capped: true });
  });

  it('reads their own when the plates they would see first are past those the list ranked', async () => {
    const w = word();
    // Keys for the first three of the list (two ranked, one spare); the newest two are hidden.
    const repo = held({ ranked: 2, spare: 1 });
    const [viewer, blocked] = [await makeUser(t.app), await makeUser(t.app)];
    const hour = 60 * 60_000;
    const at = (hours: number) => new Date(Date.now() - hours * hour);
    const z = await makePost(t.app, { title: `${w} soup`, createdAt: at(5) });
    const rich = await makePost(t.app, { title: `${w} soup`, location: `${w} bay`, description: `All ${w}`, createdAt: at(4) });
    const plain = await makePost(t.app, { title: `${w} soup`, createdAt: at(3) });
    for (const h of [2, 1]) await makePost(t.app, { userId: blocked.id, title: `${w} soup`, createdAt: at(h) });
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: blocked.id });
    // Their first two, ranked: the richer first although older; the rest newest first.
    expect((await plates(repo, member(viewer), w)).ids).toEqual([rich.id, plain.id, z.id]);
  });

  it("applies a member's blocks to the people listed at once, and reads their own when too many are hidden", async () => {
    const w = word();
    const repo = held({ cap: 2, spare: 1 });
    const viewer = await makeUser(t.app);
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await makeUser(t.app, { username: `${w}_${i}` }));
    const page = async (v: Viewer) => (await repo.people(v, text(w), { limit: 10, offset: 0 })).rows.map((p) => p.username);
    expect(await page(member(viewer))).toEqual([`${w}_0`, `${w}_1`]);
    // The list holds four (the cap, one past it, one spare); two blocked leave too few of them.
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: people[0]!.id });
    expect(await page(member(viewer))).toEqual([`${w}_1`, `${w}_2`]);
    await db().insert(userBlocks).values({ blockerId: people[2]!.id, blockedId: viewer.id });
    expect(await repo.people(member(viewer), text(w), { limit: 10, offset: 0 })).toMatchObject({ total: 2, capped: true });
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: people[1]!.id });
    expect(await repo.people(member(viewer), text(w), { limit: 10, offset: 0 })).toMatchObject({ rows: [{ username: `${w}_3` }, { username: `${w}_4` }], total: 2, capped: false });
    expect(await page(null)).toEqual([`${w}_0`, `${w}_1`]);
  });

  it("never puts a plate on a page its viewer may no longer open, though the list still holds it", async () => {
    const w = word();
    const search = createSearchService({ repo: held(), postsByIds: t.app.services.posts.postsByIds, visitorCopyTtlMs: 0 });
    const author = await makeUser(t.app);
    const plate = await makePost(t.app, { userId: author.id, title: `${w} soup` });
    const viewer = member(await makeUser(t.app));
    const query = { q: w, tab: 'food' as const, page: 1, limit: 10 };
    expect((await search.search(viewer, query)).posts.map((p) => p.id)).toEqual([plate.id]);
    // Private now, written by hand: nothing drops the list.
    await db().update(users).set({ isPrivate: true }).where(eq(users.id, author.id));
    expect((await search.search(viewer, query)).posts).toEqual([]);
    expect((await search.search(null, query)).posts).toEqual([]);
    expect((await search.search(member(author), query)).posts.map((p) => p.id)).toEqual([plate.id]);
  });
});
