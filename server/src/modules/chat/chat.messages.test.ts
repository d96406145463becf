import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_MESSAGES,
  ChatMessageDto,
  ChatMessagesResponse,
  ConversationDto,
  LegacyChatSessionDto,
  ReactionResponse,
} from '@plates/common';
import { z } from 'zod';
import { chatMessages, chatSessions, notifications, userOnlineStatus } from '../../db/schema/index.js';
import { countAllStatements, countStatements } from '../../test/statements.js';
import { chatTestApp, type Cook } from '../../test/chat.test-helpers.js';

const { app, db, c, bus } = chatTestApp();

const messagesOf = async (who: Cook, sessionId: number, query = '') => {
  const res = await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages${query}`, who.headers);
  expect(res.statusCode).toBe(200);
  return ChatMessagesResponse.parse(res.json());
};

async function pair(overrides: { a?: object; b?: object } = {}): Promise<{ a: Cook; b: Cook; sessionId: number }> {
  const [a, b] = [await c.cook(overrides.a), await c.cook(overrides.b)];
  const sessionId = await c.connect(a, b);
  return { a, b, sessionId };
}

const conversations = async (who: Cook) => {
  const res = await c.inject('GET', '/api/simple-chat/conversations', who.headers);
  expect(res.statusCode).toBe(200);
  return z.array(ConversationDto).parse(res.json());
};
const unread = async (who: Cook, url = '/api/chat/unread') => (await c.inject('GET', url, who.headers)).json<{ count: number }>().count;

describe('sending messages', () => {
  it('stores the message, answers its DTO, tells both members and notifies the receiver once per session', async () => {
    const { a, b, sessionId } = await pair({ a: { displayName: 'Alice' } });
    bus.clear();
    const res = await c.send(a, sessionId, { content: '  Hello Bea  ', tempId: 'tmp-1' });
    expect(res.statusCode).toBe(201);
    const message = ChatMessageDto.parse(res.json());
    expect(message).toMatchObject({
      sessionId,
      senderId: a.user.id,
      receiverId: b.user.id,
      content: 'Hello Bea',
      status: 'sent',
      tempId: 'tmp-1',
      senderName: 'Alice',
      sender: { id: a.user.id, username: a.user.username, displayName: 'Alice', profileImage: null },
      reactions: [],
    });
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(row).toMatchObject({ content: 'Hello Bea', text: 'Hello Bea', tempId: 'tmp-1' });
    const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(session?.lastMessageAt?.toISOString()).toBe(message.createdAt);
    expect(bus.sent('new_message').map(([u]) => u).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(bus.sent('new_message')[0]?.[1]).toEqual(message);

    await c.send(a, sessionId, { content: 'Second' });
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'new_message')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actorId: a.user.id, message: 'Second', read: false, metadata: { sessionId } });
    // Read notifications are not reused: the next message writes a new one.
    await db().update(notifications).set({ read: true }).where(eq(notifications.userId, b.user.id));
    await c.send(a, sessionId, { content: 'Third' });
    expect(
      await db().select().from(notifications).where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'new_message'))),
    ).toHaveLength(2);

    const list = await conversations(b);
    expect(list[0]).toMatchObject({ id: sessionId, otherUser: { id: a.user.id }, unreadCount: 3, lastMessage: { content: 'Third', senderId: a.user.id } });
  });

  it('refuses empty and over-long messages and accepts exactly 2000 characters', async () => {
    const { a, sessionId } = await pair();
    const empty = await c.send(a, sessionId, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'content' });
    const long = await c.send(a, sessionId, { content: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'MESSAGE_TOO_LONG', field: 'content' });
    expect((await c.send(a, sessionId, { content: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await c.send(a, sessionId, { content: 'x', tempId: 'y'.repeat(65) })).statusCode).toBe(400);
  });

  it('stores a retried tempId once, sequentially and concurrently, and tells nobody twice', async () => {
    const { a, b, sessionId } = await pair();
    const first = await c.send(a, sessionId, { content: 'once', tempId: 'retry-1' });
    const again = await c.send(a, sessionId, { content: 'once', tempId: 'retry-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The same tempId from the other member is a different message.
    expect((await c.send(b, sessionId, { content: 'mine', tempId: 'retry-1' })).statusCode).toBe(201);

    const burst = await Promise.all(Array.from({ length: 8 }, () => c.send(a, sessionId, { content: 'burst', tempId: 'retry-2' })));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(7);
    expect(new Set(burst.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    const rows = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(rows).toHaveLength(3);
    expect(bus.sent('new_message').filter(([u]) => u === b.user.id)).toHaveLength(3);
  });

  it('stores a message in two statements under the session lock, after the session lookup, with a tempId or without', async () => {
    const { a, b, sessionId } = await pair();
    // The first message writes the receiver's notification (a statement more); later ones refresh it.
    await c.send(a, sessionId, { content: 'first' });
    bus.clear();
    for (const body of [{ content: 'plain' }, { content: 'retry-safe', tempId: 'count-1' }]) {
      // The previous send's notification push runs as a job (on Redis, a worker's turn later):
      // let it finish so its read is not counted with this send.
      await app().services.jobs.drain();
      const { count, texts } = await countAllStatements(async () => expect((await c.send(a, sessionId, body)).statusCode).toBe(201));
      // The bearer session's lookup, then the lock with both members, then the store.
      expect(count, texts.join('\n---\n')).toBe(3);
    }
    expect(bus.sent('new_message').filter(([u]) => u === b.user.id)).toHaveLength(2);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.user.id), eq(notifications.type, 'new_message')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'retry-safe', read: false });
    const list = await conversations(b);
    expect(list[0]).toMatchObject({ id: sessionId, unreadCount: 3, lastMessage: { content: 'retry-safe' } });
  });

  it('answers a retried tempId with its stored copy even after chat was turned off, and refuses a new message', async () => {
    const { a, b, sessionId } = await pair();
    const first = await c.send(a, sessionId, { content: 'sent before', tempId: 'kept-1' });
    expect(first.statusCode).toBe(201);
    const { users } = await import('../../db/schema/index.js');
    await db().update(users).set({ chatEnabled: false }).where(eq(users.id, b.user.id));
    bus.clear();
    const again = await c.send(a, sessionId, { content: 'sent before', tempId: 'kept-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const fresh = await c.send(a, sessionId, { content: 'new', tempId: 'kept-2' });
    expect(fresh.statusCode).toBe(403);
    expect(fresh.json()).toMatchObject({ code: 'CHAT_DISABLED' });
    expect(bus.sent('new_message')).toEqual([]);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toHaveLength(1);
  });

  it('works through the legacy and -alt adapters', async () => {
    const { a, b, sessionId } = await pair();
    for (const url of [`/api/chat/sessions/${sessionId}/messages`, `/api/chat/sessions-alt/${sessionId}/messages`]) {
      const res = await c.inject('POST', url, a.headers, { content: `via ${url}`, tempId: url });
      expect(res.statusCode).toBe(201);
      ChatMessageDto.parse(res.json());
    }
    for (const url of [`/api/chat/sessions/${sessionId}`, `/api/chat/sessions-alt/${sessionId}?userId=${a.user.id}`]) {
      const res = await c.inject('GET', url, b.headers);
      expect(res.statusCode).toBe(200);
      const body = ChatMessagesResponse.parse(res.json());
      expect(body.messages.map((m) => m.content)).toEqual([
        `via /api/chat/sessions/${sessionId}/messages`,
        `via /api/chat/sessions-alt/${sessionId}/messages`,
      ]);
    }
    for (const url of ['/api/chat/sessions', '/api/chat/sessions-alt?userId=1']) {
      const res = await c.inject('GET', url, b.headers);
      const [session] = z.array(LegacyChatSessionDto).parse(res.json());
      expect(session).toMatchObject({
        id: sessionId,
        user1Id: a.user.id,
        user2Id: b.user.id,
        user1: { id: a.user.id },
        user2: { id: b.user.id },
        unreadCount: 2,
        messages: [{ content: `via /api/chat/sessions-alt/${sessionId}/messages`, senderId: a.user.id, receiverId: b.user.id }],
      });
    }
    expect(await unread(b, '/api/chat/unread-alt')).toBe(2);
    for (const url of [`/api/chat/sessions-alt/${sessionId}/read`]) {
      expect((await c.inject('POST', url, b.headers)).json()).toMatchObject({ sessionId, unreadCount: 0 });
    }
    expect(await unread(b)).toBe(0);
  });
});

describe('reading', () => {
  it('pages a thread newest last with a before cursor, ignoring _fresh', async () => {
    const { a, b, sessionId } = await pair();
    for (let i = 1; i <= 5; i += 1) await c.send(i % 2 ? a : b, sessionId, { content: `m${i}` });
    const page = (q: string) =>
      c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages?${q}`, a.headers).then((r) => ChatMessagesResponse.parse(r.json()));
    const last = await page('limit=2&_fresh=123');
    expect(last.messages.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(last.hasMore).toBe(true);
    const earlier = await page(`limit=3&before=${last.messages[0]?.id}`);
    expect(earlier.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(earlier.hasMore).toBe(false);
  });

  it('counts unread exactly under concurrent sends, and keeps counting after a read', async () => {
    const { a, b, sessionId } = await pair();
    const sends = await Promise.all(Array.from({ length: 20 }, (_, i) => c.send(a, sessionId, { content: `n${i}` })));
    expect(sends.every((r) => r.statusCode === 201)).toBe(true);
    expect(await unread(b)).toBe(20);
    expect(await unread(a)).toBe(0);

    // Reads racing more sends never lose a message: whatever the read did not cover stays unread.
    const racing = await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => c.send(a, sessionId, { content: `r${i}` })),
      c.inject('POST', `/api/simple-chat/conversations/${sessionId}/read`, b.headers),
    ]);
    const readAnswer = racing[5]!.json<{ lastReadMessageId: number }>();
    const after = await db().select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect(await unread(b)).toBe(after.filter((m) => m.id > readAnswer.lastReadMessageId).length);

    bus.clear();
    const read = await c.inject('POST', `/api/simple-chat/conversations/${sessionId}/read`, b.headers);
    expect(read.json()).toMatchObject({ sessionId, unreadCount: 0 });
    expect(await unread(b)).toBe(0);
    expect(bus.sent('message_read')).toEqual([
      [a.user.id, { sessionId, userId: b.user.id, lastReadMessageId: read.json<{ lastReadMessageId: number }>().lastReadMessageId }],
    ]);
    await c.send(a, sessionId, { content: 'after 1' });
    await c.send(a, sessionId, { content: 'after 2' });
    expect(await unread(b)).toBe(2);
    expect((await conversations(b))[0]).toMatchObject({ id: sessionId, unreadCount: 2 });
    // Viewing marks read too.
    expect((await c.inject('POST', `/api/chat/sessions/${sessionId}/view`, b.headers, { timestamp: Date.now() })).statusCode).toBe(200);
    expect(await unread(b)).toBe(0);
  });

  it('lists conversations newest activity first', async () => {
    const me = await c.cook();
    const [x, y] = [await c.cook(), await c.cook()];
    const sx = await c.connect(x, me);
    const sy = await c.connect(y, me);
    await c.send(x, sx, { content: 'latest' });
    expect((await conversations(me)).map((s) => s.id)).toEqual([sx, sy]);
    await c.send(y, sy, { content: 'now newer' });
    expect((await conversations(me)).map((s) => s.id)).toEqual([sy, sx]);
  });
});

describe('who may read and write', () => {
  it('answers 404 to a third user on every conversation route, whatever X-User-ID or ?userId= says', async () => {
    const { a, sessionId } = await pair();
    await c.send(a, sessionId, { content: 'private' });
    const stranger = await c.cook();
    const headers = { ...stranger.headers, 'x-user-id': String(a.user.id) };
    const q = `?userId=${a.user.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/simple-chat/conversations/${sessionId}/messages${q}`],
      ['POST', `/api/simple-chat/conversations/${sessionId}/messages${q}`, { content: 'hi' }],
      ['POST', `/api/simple-chat/conversations/${sessionId}/read${q}`],
      ['GET', `/api/chat/sessions/${sessionId}${q}`],
      ['GET', `/api/chat/sessions-alt/${sessionId}${q}`],
      ['POST', `/api/chat/sessions/${sessionId}/messages${q}`, { content: 'hi', tempId: 't' }],
      ['POST', `/api/chat/sessions-alt/${sessionId}/messages${q}`, { content: 'hi', tempId: 't' }],
      ['POST', `/api/chat/sessions/${sessionId}/read${q}`],
      ['POST', `/api/chat/sessions-alt/${sessionId}/read${q}`],
      ['POST', `/api/chat/sessions/${sessionId}/view${q}`, { timestamp: 1 }],
      ['POST', `/api/chat/sessions-alt/${sessionId}/typing${q}`, { isTyping: true }],
      ['POST', `/api/chat/typing-status${q}`, { isTyping: true, sessionId }],
      ['GET', `/api/chat/sessions-alt/${sessionId}/typing-status${q}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await c.inject(method as 'GET' | 'POST', url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      // And with no session at all, only the header: 401.
      const anonymous = await c.inject(method as 'GET' | 'POST', url, { 'x-user-id': String(a.user.id) }, payload);
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    const [message] = await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId));
    expect((await c.inject('POST', `/api/simple-chat/messages/${message!.id}/reactions`, headers, { emoji: '👍' })).statusCode).toBe(404);
    expect(await conversations(stranger)).toEqual([]);
    expect(await unread(stranger)).toBe(0);
    expect(await db().select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId))).toHaveLength(1);
  });

  it('refuses messages across a block either way and hides the conversation from both (chat.blocks.test.ts has the rest)', async () => {
    const { a, b, sessionId } = await pair();
    await c.send(a, sessionId, { content: 'before' });
    await c.inject('POST', `/api/users/${b.user.id}/block`, a.headers, {});
    for (const from of [a, b]) {
      const res = await c.send(from, sessionId, { content: 'after' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: CHAT_MESSAGES.conversationNotFound });
    }
    expect(await conversations(a)).toEqual([]);
    expect(await conversations(b)).toEqual([]);
    // Unblocking shows it again and messages flow.
    await c.inject('DELETE', `/api/users/${b.user.id}/block`, a.headers);
    expect((await conversations(a)).map((s) => s.id)).toEqual([sessionId]);
    expect((await c.send(b, sessionId, { content: 'again' })).statusCode).toBe(201);
  });

  it('refuses messages to, and from, someone who turned chat off; the history stays readable', async () => {
    const { a, b, sessionId } = await pair();
    await c.send(a, sessionId, { content: 'before' });
    const { users } = await import('../../db/schema/index.js');
    await db().update(users).set({ chatEnabled: false }).where(eq(users.id, b.user.id));
    const to = await c.send(a, sessionId, { content: 'hello?' });
    expect(to.statusCode).toBe(403);
    expect(to.json()).toEqual({ code: 'CHAT_DISABLED', message: 'This user has disabled chat.' });
    expect((await c.send(b, sessionId, { content: 'me' })).json()).toMatchObject({ code: 'CHAT_DISABLED' });
    const history = await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, b.headers);
    expect(history.json<{ messages: unknown[] }>().messages).toHaveLength(1);
    expect((await c.inject('GET', `/api/chat/can-chat/${b.user.id}`, a.headers)).json()).toMatchObject({
      canChat: false,
      sessionId,
      reason: 'chat_disabled',
    });
  });
});

describe('typing, presence and reactions', () => {
  it('stores typing flags, tells the other member, and expires them after 5 s', async () => {
    const { a, b, sessionId } = await pair();
    const status = async () =>
      (await c.inject('GET', `/api/chat/sessions-alt/${sessionId}/typing-status`, b.headers)).json<{ typingUsers: Record<string, boolean> }>();
    expect(await status()).toEqual({ typingUsers: { [a.user.id]: false } });
    expect((await c.inject('POST', `/api/chat/sessions-alt/${sessionId}/typing`, a.headers, { isTyping: true, timestamp: 1, sessionId })).json()).toEqual({ ok: true });
    expect(bus.sent('typing_status')).toEqual([[b.user.id, { sessionId, userId: a.user.id, isTyping: true }]]);
    expect(await status()).toEqual({ typingUsers: { [a.user.id]: true } });
    // 6 s later without a refresh (the clock alone moves: the flag may live in the database or in Redis)
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6_000);
      expect(await status()).toEqual({ typingUsers: { [a.user.id]: false } });
    } finally {
      vi.useRealTimers();
    }
    expect((await c.inject('POST', '/api/chat/typing-status', a.headers, { isTyping: true, sessionId })).statusCode).toBe(200);
    expect(await status()).toEqual({ typingUsers: { [a.user.id]: true } });
    expect((await c.inject('POST', '/api/chat/typing-status', a.headers, { isTyping: false, sessionId })).statusCode).toBe(200);
    expect(await status()).toEqual({ typingUsers: { [a.user.id]: false } });
  });

  it('answers a ping and marks the user recently active', async () => {
    const { a, b } = await pair();
    const res = await c.inject('POST', '/api/chat/ping', a.headers, { timestamp: 1, userId: b.user.id, socketId: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, timestamp: expect.any(Number) });
    const [row] = await db().select().from(userOnlineStatus).where(eq(userOnlineStatus.userId, a.user.id));
    expect(row?.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await conversations(b))[0]?.isOnline).toBe(true);
  });

  it('tells chat partners when a ping brings someone back, once, not at every ping', async () => {
    const { a, b } = await pair();
    bus.clear();
    await c.inject('POST', '/api/chat/ping', a.headers, {});
    expect(bus.sent('user_status_update')).toEqual([[b.user.id, { userId: a.user.id, isOnline: true, lastActiveAt: expect.any(String) }]]);
    await c.inject('POST', '/api/chat/ping', a.headers, {});
    expect(bus.sent('user_status_update')).toHaveLength(1);
    // A minute without pings: the next one is a return again.
    await db().update(userOnlineStatus).set({ lastPingAt: new Date(Date.now() - 61_000) }).where(eq(userOnlineStatus.userId, a.user.id));
    await c.inject('POST', '/api/chat/ping', a.headers, {});
    expect(bus.sent('user_status_update')).toHaveLength(2);
  });

  it('does not count someone who just went offline as online (last seen is not a ping)', async () => {
    const { a, b } = await pair();
    const justNow = new Date();
    // What the socket layer writes when a user's last tab closes: offline, last seen now.
    await db().insert(userOnlineStatus).values({ userId: a.user.id, isOnline: false, lastActiveAt: justNow });
    expect((await conversations(b))[0]?.isOnline).toBe(false);
    await db().update(userOnlineStatus).set({ lastPingAt: new Date(justNow.getTime() - 61_000) }).where(eq(userOnlineStatus.userId, a.user.id));
    expect((await conversations(b))[0]?.isOnline).toBe(false);
    await c.inject('POST', '/api/chat/ping', a.headers, {});
    expect((await conversations(b))[0]?.isOnline).toBe(true);
  });

  it('toggles a reaction for members and tells both', async () => {
    const { a, b, sessionId } = await pair();
    const { id } = (await c.send(a, sessionId, { content: 'react to me' })).json<{ id: number }>();
    const react = (who: Cook, emoji: string) => c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, who.headers, { emoji });
    const added = ReactionResponse.parse((await react(b, '👍')).json());
    expect(added).toEqual({ messageId: id, sessionId, emoji: '👍', added: true, reactions: [{ emoji: '👍', count: 1, userIds: [b.user.id] }] });
    expect(bus.sent('message_reaction').map(([u]) => u).sort()).toEqual([a.user.id, b.user.id].sort());
    expect((await react(b, '👍')).json()).toMatchObject({ added: false, reactions: [] });
    // Only the offered reactions: no text, no other emoji, nothing padded.
    for (const emoji of ['x'.repeat(17), 'lol', '💩', ' 👍', '']) {
      const refused = await react(b, emoji);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(CHAT_MESSAGES.reactionNotOffered) });
    }
    expect((await react(b, '👍')).json()).toMatchObject({ added: true });
  });
});

describe('reactions in the thread', () => {
  it('shows reactions in the message list for both members, in the order given, and drops a toggled-off one', async () => {
    const { a, b, sessionId } = await pair();
    const first = (await c.send(a, sessionId, { content: 'tiramisu?' })).json<{ id: number }>().id;
    const second = (await c.send(b, sessionId, { content: 'yes please' })).json<{ id: number }>().id;
    const react = (who: Cook, id: number, emoji: string) =>
      c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, who.headers, { emoji });
    expect((await react(b, first, '😋')).statusCode).toBe(200);
    await react(a, first, '😋');
    await react(a, first, '🔥');
    await react(a, second, '❤️');

    for (const who of [a, b]) {
      const page = await messagesOf(who, sessionId);
      expect(page.messages.map((m) => [m.id, m.reactions])).toEqual([
        [
          first,
          [
            { emoji: '😋', count: 2, userIds: [b.user.id, a.user.id] },
            { emoji: '🔥', count: 1, userIds: [a.user.id] },
          ],
        ],
        [second, [{ emoji: '❤️', count: 1, userIds: [a.user.id] }]],
      ]);
    }
    // The legacy thread and session list answer the same DTO.
    const legacy = ChatMessagesResponse.parse((await c.inject('GET', `/api/chat/sessions/${sessionId}`, b.headers)).json());
    expect(legacy.messages.find((m) => m.id === second)?.reactions).toEqual([{ emoji: '❤️', count: 1, userIds: [a.user.id] }]);
    const [session] = z.array(LegacyChatSessionDto).parse((await c.inject('GET', '/api/chat/sessions', b.headers)).json());
    expect(session?.messages[0]).toMatchObject({ id: second, reactions: [{ emoji: '❤️', count: 1 }] });

    // Toggling off removes only that member's reaction; the last one gone removes the emoji.
    expect((await react(b, first, '😋')).json()).toMatchObject({ added: false });
    expect((await react(a, second, '❤️')).json()).toMatchObject({ added: false, reactions: [] });
    const after = await messagesOf(b, sessionId);
    expect(after.messages.map((m) => m.reactions)).toEqual([
      [
        { emoji: '😋', count: 1, userIds: [a.user.id] },
        { emoji: '🔥', count: 1, userIds: [a.user.id] },
      ],
      [],
    ]);
  });

  it('refuses a third user and leaves the reactions as they were', async () => {
    const { a, b, sessionId } = await pair();
    const { id } = (await c.send(a, sessionId, { content: 'ours' })).json<{ id: number }>();
    await c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, b.headers, { emoji: '👍' });
    const stranger = await c.cook();
    bus.clear();
    const res = await c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, stranger.headers, { emoji: '👍' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Message not found' });
    expect(bus.sent('message_reaction')).toEqual([]);
    expect((await messagesOf(a, sessionId)).messages[0]?.reactions).toEqual([{ emoji: '👍', count: 1, userIds: [b.user.id] }]);
  });

  it('reads a page of 1 message and a page of 40 reacted messages with the same number of statements', async () => {
    const one = await pair();
    const many = await pair();
    await c.send(one.a, one.sessionId, { content: 'only' });
    for (let i = 0; i < 40; i += 1) {
      const { id } = (await c.send(many.a, many.sessionId, { content: `m${i}` })).json<{ id: number }>();
      await c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, many.b.headers, { emoji: i % 2 ? '😋' : '🔥' });
      if (i % 3 === 0) await c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, many.a.headers, { emoji: '👍' });
    }
    // warm up (the session lookup may touch the session row once)
    await messagesOf(one.a, one.sessionId);
    await messagesOf(many.a, many.sessionId);
    const forOne = await countStatements(app(), () => messagesOf(one.a, one.sessionId));
    const forMany = await countStatements(app(), () => messagesOf(many.a, many.sessionId));
    expect(forMany).toBe(forOne);
    const page = await messagesOf(many.a, many.sessionId);
    expect(page.messages).toHaveLength(40);
    expect(page.messages.every((m) => m.reactions.length > 0)).toBe(true);
    expect(page.messages[0]?.reactions).toEqual([
      { emoji: '🔥', count: 1, userIds: [many.b.user.id] },
      { emoji: '👍', count: 1, userIds: [many.a.user.id] },
    ]);
  });
});

describe('read markers in the thread', () => {
  it("answers the other member's read marker with each page", async () => {
    const { a, b, sessionId } = await pair();
    await c.send(a, sessionId, { content: 'one' });
    const { id: last } = (await c.send(a, sessionId, { content: 'two' })).json<{ id: number }>();
    expect((await messagesOf(a, sessionId)).otherLastReadMessageId).toBeNull();
    await c.inject('POST', `/api/simple-chat/conversations/${sessionId}/read`, b.headers);
    expect((await messagesOf(a, sessionId)).otherLastReadMessageId).toBe(last);
    expect((await messagesOf(a, sessionId, `?before=${last}`)).otherLastReadMessageId).toBe(last);
    // b sees a's marker, not their own.
    expect((await messagesOf(b, sessionId)).otherLastReadMessageId).toBeNull();
    await c.send(a, sessionId, { content: 'three' });
    expect((await messagesOf(a, sessionId)).otherLastReadMessageId).toBe(last);
  });
});
