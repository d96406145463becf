// Per-member limits of follows and of taps (blocks, answers to follow requests, hearts, saves,
// chat reactions share one counter): docs/decisions/0002-rate-limits.md.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@plates/common';
import { follows, userBlocks } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makePost, makeSignedInUser, makeUser } from '../../test/factories.js';
import { chatClient } from '../../test/chat.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { followsPerUser: 3, tapsPerUser: 4 } });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.database.db;
const c = chatClient(() => t.app);

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message });
}

it('limits follows and unfollows together per member; the refused one changes nothing', async () => {
  const [me, other] = [await makeSignedInUser(t.app), await makeSignedInUser(t.app)];
  const [x, y] = [await makeUser(t.app), await makeUser(t.app)];
  expect((await c.inject('POST', `/api/users/${x.id}/follow`, me.headers)).statusCode).toBe(200);
  expect((await c.inject('DELETE', `/api/users/${x.id}/follow`, me.headers)).statusCode).toBe(200);
  expect((await c.inject('POST', `/api/users/${x.id}/follow`, me.headers)).statusCode).toBe(200);
  expectRefused(await c.inject('DELETE', `/api/users/${x.id}/follow`, me.headers), MESSAGES.followRateLimited);
  expectRefused(await c.inject('POST', `/api/users/${y.id}/follow`, me.headers), MESSAGES.followRateLimited);
  const mine = await db().select({ followingId: follows.followingId }).from(follows).where(eq(follows.followerId, me.user.id));
  expect(mine).toEqual([{ followingId: x.id }]);
  // Counted per member: someone else still follows.
  expect((await c.inject('POST', `/api/users/${y.id}/follow`, other.headers)).statusCode).toBe(200);
});

it('counts blocks, saves, hearts and chat reactions on one taps counter', async () => {
  const [me, friend] = [await c.cook(), await c.cook()];
  const sessionId = await c.connect(me, friend);
  const { id: messageId } = (await c.send(friend, sessionId, { content: 'react to me' })).json<{ id: number }>();
  const stranger = await makeUser(t.app);
  const post = await makePost(t.app);
  expect((await c.inject('POST', `/api/users/${stranger.id}/block`, me.headers, {})).statusCode).toBe(200);
  expect((await c.inject('DELETE', `/api/users/${stranger.id}/block`, me.headers)).statusCode).toBe(200);
  expect((await c.inject('POST', `/api/posts/${post.id}/saves`, me.headers)).statusCode).toBe(200);
  expect((await c.inject('POST', `/api/simple-chat/messages/${messageId}/reactions`, me.headers, { emoji: '👍' })).statusCode).toBe(200);
  expectRefused(await c.inject('POST', `/api/simple-chat/messages/${messageId}/reactions`, me.headers, { emoji: '🔥' }), MESSAGES.rateLimited);
  expectRefused(await c.inject('DELETE', `/api/posts/${post.id}/saves`, me.headers), MESSAGES.rateLimited);
  expectRefused(await c.inject('POST', `/api/users/${stranger.id}/block`, me.headers, {}), MESSAGES.rateLimited);
  expect(await db().select().from(userBlocks).where(and(eq(userBlocks.blockerId, me.user.id), eq(userBlocks.blockedId, stranger.id)))).toEqual([]);
});
