import { and, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  AcceptChatRequestResponse,
  ChatMessagesResponse,
  ConversationDto,
  LegacyChatSessionDto,
  CanChatResponse,
  ChatRequestDto,
  DEFAULT_CHAT_REQUEST_MESSAGE,
} from '@plates/common';
import { chatRequests, chatSessionUserData, chatSessions, notifications } from '../../db/schema/index.js';
import { makeUser, verifyUser } from '../../test/factories.js';
import { chatTestApp, type Cook } from '../../test/chat.test-helpers.js';

const { app, db, c, bus } = chatTestApp();
const request = (from: Cook, payload: unknown, url = '/api/simple-chat/request') => c.inject('POST', url, from.headers, payload);
const pairRequests = (a: number, b: number) =>
  db()
    .select()
    .from(chatRequests)
    .where(
      or(
        and(eq(chatRequests.senderId, a), eq(chatRequests.receiverId, b)),
        and(eq(chatRequests.senderId, b), eq(chatRequests.receiverId, a)),
      ),
    );

describe('chat requests', () => {
  it('sends a request with the default greeting, notifies the receiver and lists it both ways', async () => {
    const [a, b] = [await c.cook({ displayName: 'Alice' }), await c.cook()];
    const res = await request(a, { receiverId: b.user.id });
    expect(res.statusCode).toBe(201);
    const dto = ChatRequestDto.parse(res.json());
    expect(dto).toMatchObject({
      status: 'pending',
      senderId: a.user.id,
      receiverId: b.user.id,
      message: DEFAULT_CHAT_REQUEST_MESSAGE,
      direction: 'outgoing',
      sender: { id: a.user.id, username: a.user.username, displayName: 'Alice', profileImage: null },
    });
    expect(Object.keys(dto.sender).sort()).toEqual(['displayName', 'id', 'isVerified', 'profileImage', 'username', 'verifiedType']);
    expect(dto.sender).toMatchObject({ isVerified: false, verifiedType: null });

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, b.user.id));
    expect(note).toMatchObject({ type: 'chat_request', actorId: a.user.id, metadata: { requestId: dto.id } });
    expect(bus.sent('chat_request')).toEqual([[b.user.id, { ...dto, direction: 'incoming' }]]);

    const incoming = await c.inject('GET', '/api/simple-chat/requests', b.headers);
    expect(incoming.json()).toEqual([{ ...dto, direction: 'incoming' }]);
    const outgoing = await c.inject('GET', '/api/chat/requests', a.headers);
    expect(outgoing.json()).toEqual([dto]);
  });

  it("shows each member's badge on requests, conversations (simple and legacy) and messages", async () => {
    const [gold, business] = [await c.cook(), await c.cook()];
    await verifyUser(app(), gold.user.id, 'gold');
    await verifyUser(app(), business.user.id, 'business');
    const sent = ChatRequestDto.parse((await request(gold, { receiverId: business.user.id })).json());
    expect(sent.sender).toMatchObject({ isVerified: true, verifiedType: 'gold' });
    expect(sent.receiver).toMatchObject({ isVerified: true, verifiedType: 'business' });
    const [incoming] = ChatRequestDto.array().parse((await c.inject('GET', '/api/simple-chat/requests', business.headers)).json());
    expect(incoming!.sender).toMatchObject({ id: gold.user.id, isVerified: true, verifiedType: 'gold' });
    expect(incoming!.receiver).toMatchObject({ id: business.user.id, isVerified: true, verifiedType: 'business' });

    const accepted = AcceptChatRequestResponse.parse((await c.inject('POST', `/api/simple-chat/accept/${sent.id}`, business.headers)).json());
    expect(accepted.session.otherUser).toMatchObject({ id: gold.user.id, isVerified: true, verifiedType: 'gold' });
    const sessionId = accepted.session.id;
    expect((await c.send(gold, sessionId, { content: 'hello' })).json()).toMatchObject({ sender: { isVerified: true, verifiedType: 'gold' } });

    const [conversation] = ConversationDto.array().parse((await c.inject('GET', '/api/simple-chat/conversations', gold.headers)).json());
    expect(conversation!.otherUser).toMatchObject({ id: business.user.id, isVerified: true, verifiedType: 'business' });
    const [legacy] = LegacyChatSessionDto.array().parse((await c.inject('GET', '/api/chat/sessions', business.headers)).json());
    expect(legacy!.otherUser).toMatchObject({ id: gold.user.id, verifiedType: 'gold' });
    expect(legacy!.messages[0]!.sender).toMatchObject({ id: gold.user.id, isVerified: true, verifiedType: 'gold' });
    const page = ChatMessagesResponse.parse((await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, business.headers)).json());
    // the greeting, then the message
    expect(page.messages.map((m) => [m.sender.id, m.sender.verifiedType])).toEqual([
      [gold.user.id, 'gold'],
      [gold.user.id, 'gold'],
    ]);
  });

  it('keeps a custom message (trimmed) and refuses one over 500 characters', async () => {
    const [a, b] = [await c.cook(), await c.cook()];
    const long = await request(a, { receiverId: b.user.id, message: 'x'.repeat(501) }, '/api/chat/requests');
    expect(long.statusCode).toBe(400);
    const ok = await request(a, { receiverId: b.user.id, message: '  Hello there  ' }, '/api/chat/requests');
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Hello there' });
  });

  it('refuses requests to yourself, to missing or deactivated users, across blocks and to chat-disabled users', async () => {
    const a = await c.cook();
    expect((await request(a, { receiverId: a.user.id })).statusCode).toBe(400);
    expect((await request(a, { receiverId: 2_000_000_000 })).json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const gone = { user: await makeUser(app(), { accountStatus: 'deactivated' }) };
    expect((await request(a, { receiverId: gone.user.id })).statusCode).toBe(404);

    const quiet = await c.cook({ chatEnabled: false });
    const disabled = await request(a, { receiverId: quiet.user.id });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({ code: 'CHAT_DISABLED', message: 'This user has disabled chat.' });

    const [blocker, blocked] = [await c.cook(), await c.cook()];
    await c.inject('POST', `/api/users/${blocked.user.id}/block`, blocker.headers, {});
    for (const [from, to] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      const res = await request(from, { receiverId: to.user.id });
      expect(res.statusCode).toBe(403);
      // The same answer on both sides: the blocked person does not learn who blocked whom.
      expect(res.json()).toEqual({ code: 'USER_BLOCKED', message: "You can't chat with this user." });
    }
    expect(await pairRequests(blocker.user.id, blocked.user.id)).toHaveLength(0);
  });

  it('refuses a second pending request either way', async () => {
    const [a, b] = [await c.cook(), await c.cook()];
    expect((await request(a, { receiverId: b.user.id })).statusCode).toBe(201);
    const again = await request(a, { receiverId: b.user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'Request already sent' });
    const reverse = await request(b, { receiverId: a.user.id });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json<{ message: string }>().message).toMatch(/^Incoming request/);
  });

  it('keeps one pending request per pair under concurrent requests from both sides', async () => {
    const [a, b] = [await c.cook(), await c.cook()];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? request(a, { receiverId: b.user.id }) : request(b, { receiverId: a.user.id }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await pairRequests(a.user.id, b.user.id)).toHaveLength(1);
  });

  it('lets only the receiver accept; accepting opens the conversation for both and tells both', async () => {
    const [a, b, stranger] = [await c.cook(), await c.cook({ displayName: 'Bea' }), await c.cook()];
    const { id } = (await request(a, { receiverId: b.user.id })).json<{ id: number }>();
    bus.clear();
    expect((await c.inject('POST', `/api/simple-chat/accept/${id}`, a.headers)).statusCode).toBe(403);
    expect((await c.inject('POST', `/api/simple-chat/accept/${id}`, stranger.headers)).statusCode).toBe(404);
    expect((await c.inject('POST', `/api/chat/requests/${id}/reject`, stranger.headers)).statusCode).toBe(404);
    expect((await c.inject('POST', `/api/simple-chat/accept/999999`, b.headers)).statusCode).toBe(404);

    const res = await c.inject('POST', `/api/simple-chat/accept/${id}`, b.headers);
    expect(res.statusCode).toBe(200);
    const body = AcceptChatRequestResponse.parse(res.json());
    expect(body).toMatchObject({
      requestId: id,
      // the default greeting opened it
      session: { otherUser: { id: a.user.id, username: a.user.username }, unreadCount: 0, lastMessage: { content: DEFAULT_CHAT_REQUEST_MESSAGE } },
    });
    const sessionId = body.session.id;
    const [session] = await db().select().from(chatSessions).where(eq(chatSessions.id, sessionId));
    expect(session).toMatchObject({ requestId: id, status: 'active' });
    const data = await db().select().from(chatSessionUserData).where(eq(chatSessionUserData.sessionId, sessionId));
    expect(data.map((d) => d.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    const [accepted] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.type, 'chat_request_accepted')));
    expect(accepted).toMatchObject({ actorId: b.user.id, metadata: { sessionId, requestId: id } });

    const toSender = bus.sent('request_accepted');
    expect(toSender).toHaveLength(1);
    expect(toSender[0]).toEqual([
      a.user.id,
      expect.objectContaining({ requestId: id, sessionId, acceptedBy: expect.objectContaining({ id: b.user.id, displayName: 'Bea' }) }),
    ]);
    const created = bus.sent('conversation_created');
    expect(created.map(([u]) => u).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(created.find(([u]) => u === a.user.id)?.[1]).toMatchObject({ conversation: { id: sessionId, otherUser: { id: b.user.id } } });

    // Answered: no second accept or reject, no new request while the conversation exists.
    expect((await c.inject('POST', `/api/simple-chat/accept/${id}`, b.headers)).statusCode).toBe(409);
    expect((await c.inject('POST', `/api/simple-chat/reject/${id}`, b.headers)).statusCode).toBe(409);
    const more = await request(b, { receiverId: a.user.id });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ message: 'You already have a conversation with this user.' });
    expect((await c.inject('GET', '/api/simple-chat/requests', b.headers)).json()).toEqual([]);
  });

  it('opens the conversation with the greeting as its first message, from the sender at the time it was sent, read by the receiver', async () => {
    const [a, b] = [await c.cook(), await c.cook()];
    const sent = ChatRequestDto.parse((await request(a, { receiverId: b.user.id, message: '  Loved your ramen! Can I ask about the broth?  ' })).json());
    const accepted = AcceptChatRequestResponse.parse((await c.inject('POST', `/api/simple-chat/accept/${sent.id}`, b.headers)).json());
    // the receiver read it to accept it: nothing unread
    expect(accepted.session).toMatchObject({ unreadCount: 0, lastMessage: { content: 'Loved your ramen! Can I ask about the broth?', senderId: a.user.id } });
    const sessionId = accepted.session.id;
    for (const member of [a, b]) {
      const page = ChatMessagesResponse.parse((await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, member.headers)).json());
      expect(page.messages).toHaveLength(1);
      expect(page.messages[0]).toMatchObject({ senderId: a.user.id, receiverId: b.user.id, content: 'Loved your ramen! Can I ask about the broth?' });
      expect(page.messages[0]!.createdAt).toBe(sent.createdAt);
    }
    // the sender sees it as read by the receiver, and has nothing unread either
    const theirs = ChatMessagesResponse.parse((await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, a.headers)).json());
    expect(theirs.otherLastReadMessageId).toBe(theirs.messages[0]!.id);
    const list = (await c.inject('GET', '/api/simple-chat/conversations', a.headers)).json<ConversationDto[]>();
    expect(list.find((s) => s.id === sessionId)).toMatchObject({ unreadCount: 0, lastMessage: { content: 'Loved your ramen! Can I ask about the broth?' } });
    // a reply follows it
    await c.inject('POST', `/api/simple-chat/conversations/${sessionId}/messages`, b.headers, { content: 'Sure!' });
    const after = ChatMessagesResponse.parse((await c.inject('GET', `/api/simple-chat/conversations/${sessionId}/messages`, a.headers)).json());
    expect(after.messages.map((m) => m.content)).toEqual(['Loved your ramen! Can I ask about the broth?', 'Sure!']);
  });

  it('rejects through every adapter, only by the receiver, and allows a new request afterwards', async () => {
    for (const url of ['/api/simple-chat/reject/:id', '/api/chat/requests/:id/reject', '/api/chat/requests-alt/:id/reject']) {
      const [a, b] = [await c.cook(), await c.cook()];
      const { id } = (await request(a, { receiverId: b.user.id })).json<{ id: number }>();
      expect((await c.inject('POST', url.replace(':id', String(id)), a.headers)).statusCode).toBe(403);
      const res = await c.inject('POST', url.replace(':id', String(id)), b.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ requestId: id, status: 'rejected' });
      expect((await c.inject('GET', '/api/chat/requests', b.headers)).json()).toEqual([]);
      expect((await request(a, { receiverId: b.user.id })).statusCode).toBe(201);
    }
  });

  it('accepts through the legacy and -alt adapters with the same answer', async () => {
    for (const url of ['/api/chat/requests/:id/accept', '/api/chat/requests-alt/:id/accept']) {
      const [a, b] = [await c.cook(), await c.cook()];
      const { id } = (await request(a, { receiverId: b.user.id }, '/api/chat/requests')).json<{ id: number }>();
      const res = await c.inject('POST', url.replace(':id', String(id)), b.headers);
      expect(res.statusCode).toBe(200);
      expect(AcceptChatRequestResponse.parse(res.json()).session.otherUser.id).toBe(a.user.id);
    }
  });

  it('ignores X-User-ID and ?userId= for identity', async () => {
    const [a, b, c3] = [await c.cook(), await c.cook(), await c.cook()];
    const { id } = (await request(a, { receiverId: b.user.id })).json<{ id: number }>();
    const spoof = { 'x-user-id': String(b.user.id) };
    // No session: 401 whatever the header says.
    expect((await c.inject('GET', `/api/chat/requests?userId=${b.user.id}`, spoof)).statusCode).toBe(401);
    expect((await c.inject('POST', `/api/chat/requests-alt/${id}/accept?userId=${b.user.id}`, spoof)).statusCode).toBe(401);
    expect((await c.inject('POST', '/api/simple-chat/request', spoof, { receiverId: a.user.id })).statusCode).toBe(401);
    // Signed in as someone else: acts as that person.
    const headers = { ...c3.headers, ...spoof };
    expect((await c.inject('GET', `/api/chat/requests?userId=${b.user.id}`, headers)).json()).toEqual([]);
    expect((await c.inject('POST', `/api/chat/requests-alt/${id}/accept?userId=${b.user.id}`, headers)).statusCode).toBe(404);
    const [row] = await db().select().from(chatRequests).where(eq(chatRequests.id, id));
    expect(row?.status).toBe('pending');
  });
});

describe('GET /api/chat/can-chat/{userId}', () => {
  const canChat = async (me: Cook, userId: number) => {
    const res = await c.inject('GET', `/api/chat/can-chat/${userId}`, me.headers);
    expect(res.statusCode).toBe(200);
    return CanChatResponse.parse(res.json());
  };

  it('walks from needsRequest through a pending request to an open conversation', async () => {
    const [a, b] = [await c.cook(), await c.cook()];
    expect(await canChat(a, b.user.id)).toEqual({
      canChat: false,
      sessionId: null,
      requestPending: false,
      requestDirection: null,
      reason: null,
      needsRequest: true,
    });
    const { id } = (await request(a, { receiverId: b.user.id })).json<{ id: number }>();
    expect(await canChat(a, b.user.id)).toMatchObject({ canChat: false, requestPending: true, requestDirection: 'outgoing', needsRequest: false });
    expect(await canChat(b, a.user.id)).toMatchObject({ requestPending: true, requestDirection: 'incoming' });
    const accepted = (await c.inject('POST', `/api/simple-chat/accept/${id}`, b.headers)).json<{ session: { id: number } }>();
    expect(await canChat(a, b.user.id)).toEqual({
      canChat: true,
      sessionId: accepted.session.id,
      requestPending: false,
      requestDirection: null,
      reason: null,
      needsRequest: false,
    });
  });

  it('answers chat_disabled, blocked (either side), self and 404', async () => {
    const [a, quiet, blocker] = [await c.cook(), await c.cook({ chatEnabled: false }), await c.cook()];
    expect(await canChat(a, quiet.user.id)).toMatchObject({ canChat: false, reason: 'chat_disabled', needsRequest: false });
    await c.inject('POST', `/api/users/${a.user.id}/block`, blocker.headers, {});
    expect(await canChat(a, blocker.user.id)).toMatchObject({ canChat: false, reason: 'blocked', needsRequest: false });
    expect(await canChat(blocker, a.user.id)).toMatchObject({ canChat: false, reason: 'blocked' });
    expect(await canChat(a, a.user.id)).toMatchObject({ canChat: false, reason: 'self' });
    expect((await c.inject('GET', '/api/chat/can-chat/2000000000', a.headers)).statusCode).toBe(404);
    expect((await c.inject('GET', `/api/chat/can-chat/${a.user.id}`)).statusCode).toBe(401);
  });
});
