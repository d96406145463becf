import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, userBlocks } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeUser } from '../../test/factories.js';
import { createPostAccess, POST_ACCESS_MESSAGES, type PostAccess } from './post-access.js';

let t: TestApp;
let access: PostAccess;
beforeAll(async () => {
  t = await buildTestApp();
  access = createPostAccess(t.app.services.database.db);
});
afterAll(async () => {
  await t?.close();
});

const member = (u: { id: number }, isAdmin = false) => ({ id: u.id, isAdmin });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: { statusCode?: number; code?: string; message: string }) => `${error.code}: ${error.message}`,
  );
const NOT_FOUND = `NOT_FOUND: ${POST_ACCESS_MESSAGES.postNotFound}`;

describe('post access: who may open and engage with a plate', () => {
  it('answers each kind of viewer the same way for every module that asks', async () => {
    const author = await makeUser(t.app);
    const stranger = await makeUser(t.app);
    const admin = await makeUser(t.app, { isAdmin: true });
    const approved = await makePost(t.app, { userId: author.id });
    const pending = await makePost(t.app, { userId: author.id, approvalStatus: 'pending' });

    expect(await outcome(access.require('open', approved.id, null))).toBe('allowed');
    expect(await outcome(access.require('engage', approved.id, member(stranger)))).toBe('allowed');
    // A pending plate does not exist for others; its author and admins see it, nobody engages yet.
    expect(await outcome(access.require('open', pending.id, null))).toBe(NOT_FOUND);
    expect(await outcome(access.require('open', pending.id, member(stranger)))).toBe(NOT_FOUND);
    expect(await outcome(access.require('open', pending.id, member(author)))).toBe('allowed');
    expect(await outcome(access.require('open', pending.id, member(admin, true)))).toBe('allowed');
    expect(await outcome(access.require('engage', pending.id, member(author)))).toBe(`FORBIDDEN: ${POST_ACCESS_MESSAGES.notApproved}`);
    // A missing plate, with the caller's own words and field.
    expect(await outcome(access.require('open', 2_000_000_000, null, { notFound: 'Comment not found' }))).toBe('NOT_FOUND: Comment not found');
    expect(await access.mayOpen(pending.id, member(stranger))).toBe(false);
  });

  it('hides a private author from all but accepted followers, and a plate across a block either way', async () => {
    const cook = await makeUser(t.app, { isPrivate: true });
    const fan = await makeUser(t.app);
    const asker = await makeUser(t.app);
    const plate = await makePost(t.app, { userId: cook.id });
    const db = t.app.services.database.db;
    await db.insert(follows).values([
      { followerId: fan.id, followingId: cook.id, status: 'accepted' },
      { followerId: asker.id, followingId: cook.id, status: 'pending' },
    ]);
    expect(await outcome(access.require('open', plate.id, member(fan)))).toBe('allowed');
    expect(await outcome(access.require('open', plate.id, member(asker)))).toBe(NOT_FOUND);
    expect(await outcome(access.require('open', plate.id, null))).toBe(NOT_FOUND);

    const open = await makePost(t.app);
    const blocked = await makeUser(t.app);
    await db.insert(userBlocks).values({ blockerId: open.userId, blockedId: blocked.id });
    expect(await outcome(access.require('open', open.id, member(blocked)))).toBe(NOT_FOUND);
  });
});
