// A block hides the pair's conversation from BOTH members while it lasts (spec: "blocking ...
// hides earlier conversations"): not listed, not counted as unread, its messages 404 like any
// conversation that is not yours, and nothing can be sent, read, reacted to or typed into it, on
// the simple chat's paths and on the legacy ones. Unblocking brings it back with its history.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@plates/common';
import { chatMessages, chatSessionUserData, messageReactions } from '../../db/schema/index.js';
import { chatTestApp, type Cook } from '../../test/chat.test-helpers.js';

const { db, c, bus } = chatTestApp();

/** The two route families: the simple chat's paths and the legacy ones (with their -alt fallbacks). */
const families = {
  'simple chat': {
    lists: ['/api/simple-chat/conversations'],
    thread: (id: number) => [`/api/simple-chat/conversations/${id}/messages`],
    send: (id: number) => [`/api/simple-chat/conversations/${id}/messages`],
    read: (id: number) => [`/api/simple-chat/conversations/${id}/read`],
  },
  legacy: {
    lists: ['/api/chat/sessions', '/api/chat/sessions-alt'],
    thread: (id: number) => [`/api/chat/sessions/${id}`, `/api/chat/sessions-alt/${id}`],
    send: (id: number) => [`/api/chat/sessions/${id}/messages`, `/api/chat/sessions-alt/${id}/messages`],
    read: (id: number) => [`/api/chat/sessions/${id}/read`, `/api/chat/sessions-alt/${id}/read`, `/api/chat/sessions/${id}/view`],
  },
} as const;
type Family = (typeof families)[keyof typeof families];

const UNREAD_URLS = ['/api/chat/unread', '/api/chat/unread-alt'];
const NOT_FOUND = { code: 'NOT_FOUND', message: CHAT_MESSAGES.conversationNotFound };

/** A conversation where each member has one unread message from the other. */
async function pairWithHistory() {
  const [a, b] = [await c.cook(), await c.cook()];
  const sessionId = await c.connect(a, b);
  const fromA = (await c.send(a, sessionId, { content: 'from a' })).json<{ id: number }>().id;
  const fromB = (await c.send(b, sessionId, { content: 'from b' })).json<{ id: number }>().id;
  return { a, b, sessionId, fromA, fromB };
}

async function listedIds(who: Cook, family: Family): Promise<number[][]> {
  return Promise.all(
    family.lists.map(async (url) => {
      const res = await c.inject('GET', url, who.headers);
      expect(res.statusCode, url).toBe(200);
      return res.json<{ id: number }[]>().map((s) => s.id);
    }),
  );
}

async function unreadCounts(who: Cook): Promise<number[]> {
  return Promise.all(UNREAD_URLS.map(async (url) => (await c.inject('GET', url, who.headers)).json<{ count: number }>().count));
}

const readMarker = async (sessionId: number, who: Cook) =>
  (
    await db()
      .select({ id: chatSessionUserData.lastReadMessageId })
      .from(chatSessionUserData)
      .where(and(eq(chatSessionUserData.sessionId, sessionId), eq(chatSessionUserData.userId, who.user.id)))
  )[0]?.id ?? null;

/** Everything the viewer could do with the conversation is refused as if it were not theirs. */
async function expectHidden(viewer: Cook, sessionId: number, messageId: number, family: Family) {
  expect(await listedIds(viewer, family)).toEqual(family.lists.map(() => []));
  expect(await unreadCounts(viewer)).toEqual([0, 0]);
  for (const url of family.thread(sessionId)) {
    const res = await c.inject('GET', url, viewer.headers);
    expect(res.statusCode, url).toBe(404);
    expect(res.json(), url).toEqual(NOT_FOUND);
  }
  for (const url of family.send(sessionId)) {
    const res = await c.inject('POST', url, viewer.headers, { content: 'still there?' });
    expect(res.statusCode, url).toBe(404);
    expect(res.json(), url).toEqual(NOT_FOUND);
  }
  const marker = await readMarker(sessionId, viewer);
  for (const url of family.read(sessionId)) {
    const res = await c.inject('POST', url, viewer.headers, {});
    expect(res.statusCode, url).toBe(404);
  }
  expect(await readMarker(sessionId, viewer)).toBe(marker);
  const reaction = await c.inject('POST', `/api/simple-chat/messages/${messageId}/reactions`, viewer.headers, { emoji: '👍' });
  expect(reaction.statusCode).toBe(404);
  for (const [url, payload] of [
    [`/api/chat/sessions-alt/${sessionId}/typing`, { isTyping: true }],
    ['/api/chat/typing-status', { isTyping: true, sessionId }],
  ] as const) {
    expect((await c.inject('POST', url, viewer.headers, payload)).statusCode, url).toBe(404);
  }
  expect((await c.inject('GET', `/api/chat/sessions-alt/${sessionId}/typing-status`, viewer.headers)).statusCode).toBe(404);
}

describe('a block hides the conversation from both members while it lasts', () => {
  for (const [name, family] of Object.entries(families)) {
    for (const side of ['blocked', 'blocker'] as const) {
      it(`${name} paths, as the ${side}: hidden and closed; unblocking brings it back with its history`, async () => {
        const { a, b, sessionId, fromA, fromB } = await pairWithHistory();
        // a blocks b; the viewer is b (blocked) or a (blocker), the other member is `other`.
        const [viewer, other, theirMessage] = side === 'blocked' ? [b, a, fromA] : [a, b, fromB];
        expect((await c.inject('POST', `/api/users/${b.user.id}/block`, a.headers, {})).statusCode).toBe(200);
        bus.clear();

        await expectHidden(viewer, sessionId, theirMessage, family);
        // Nothing was stored and nobody was told anything about the conversation.
        expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toHaveLength(2);
        expect(await db().select().from(messageReactions).where(eq(messageReactions.messageId, theirMessage))).toEqual([]);
        for (const event of ['new_message', 'message_read', 'message_reaction', 'typing_status'] as const) {
          expect(bus.sent(event), event).toEqual([]);
        }

        // Unblocking: the conversation, its history and its unread message are back.
        expect((await c.inject('DELETE', `/api/users/${b.user.id}/block`, a.headers)).statusCode).toBe(200);
        expect(await listedIds(viewer, family)).toEqual(family.lists.map(() => [sessionId]));
        expect(await unreadCounts(viewer)).toEqual([1, 1]);
        for (const url of family.thread(sessionId)) {
          const res = await c.inject('GET', url, viewer.headers);
          expect(res.statusCode, url).toBe(200);
          expect(res.json<{ messages: { id: number }[] }>().messages.map((m) => m.id), url).toEqual([fromA, fromB]);
        }
        const [sendUrl] = family.send(sessionId);
        const sent = await c.inject('POST', sendUrl!, viewer.headers, { content: 'back again' });
        expect(sent.statusCode).toBe(201);
        expect(bus.sent('new_message').map(([u]) => u)).toContain(other.user.id);
        const [readUrl] = family.read(sessionId);
        expect((await c.inject('POST', readUrl!, viewer.headers, {})).statusCode).toBe(200);
        expect(await unreadCounts(viewer)).toEqual([0, 0]);
        const reaction = await c.inject('POST', `/api/simple-chat/messages/${theirMessage}/reactions`, viewer.headers, { emoji: '👍' });
        expect(reaction.statusCode).toBe(200);
      });
    }
  }

  it('stays hidden while either block stands (both blocked each other, one unblocks)', async () => {
    const { a, b, sessionId, fromA, fromB } = await pairWithHistory();
    await c.inject('POST', `/api/users/${b.user.id}/block`, a.headers, {});
    await c.inject('POST', `/api/users/${a.user.id}/block`, b.headers, {});
    await c.inject('DELETE', `/api/users/${b.user.id}/block`, a.headers);
    await expectHidden(a, sessionId, fromB, families['simple chat']);
    await expectHidden(b, sessionId, fromA, families.legacy);
    await c.inject('DELETE', `/api/users/${a.user.id}/block`, b.headers);
    expect(await listedIds(a, families['simple chat'])).toEqual([[sessionId]]);
    expect(await listedIds(b, families.legacy)).toEqual([[sessionId], [sessionId]]);
  });

  it('tells neither member about the other coming online while the block lasts', async () => {
    const { a, b } = await pairWithHistory();
    await c.inject('POST', `/api/users/${b.user.id}/block`, a.headers, {});
    bus.clear();
    for (const who of [a, b]) await c.inject('POST', '/api/chat/ping', who.headers, {});
    expect(bus.sent('user_status_update')).toEqual([]);
  });
});
