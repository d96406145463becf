// Chat over real sockets (socket.io-client against the listening app): what each member's socket
// hears when the other acts over HTTP, and what a stranger or an unauthenticated socket hears.
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/factories.js';
import { connected, listeningTestApp, nextEvent, openSocket, type ClientSocket } from '../../test/sockets.js';
import { chatClient, type Cook } from '../../test/chat.test-helpers.js';

const { app, track } = listeningTestApp();
const c = chatClient(app);

async function socketOf(who: Cook): Promise<ClientSocket> {
  const socket = await connected(app(), (await signIn(app(), who.user.username)).token);
  track(socket);
  return socket;
}

/** Every event a socket hears, by name. */
function hears(socket: ClientSocket): string[] {
  const heard: string[] = [];
  socket.onAny((event: string) => heard.push(event));
  return heard;
}

async function conversation() {
  const [a, b, stranger] = [await c.cook(), await c.cook(), await c.cook()];
  const sessionId = await c.connect(a, b);
  return { a, b, stranger, sessionId, onA: await socketOf(a), onB: await socketOf(b), onStranger: await socketOf(stranger) };
}

describe('chat over the socket', () => {
  it('delivers a message sent over HTTP to both members’ sockets, stored, and to no one else', async () => {
    const { a, b, sessionId, onA, onB, onStranger } = await conversation();
    const strangerHeard = hears(onStranger);
    const toB = nextEvent(onB, 'new_message');
    const echo = nextEvent(onA, 'new_message');
    const res = await c.send(a, sessionId, { content: 'Dinner at eight?', tempId: 'tmp-8' });
    expect(res.statusCode).toBe(201);
    const stored = res.json<{ id: number }>();
    expect(await toB).toMatchObject({ id: stored.id, content: 'Dinner at eight?', senderId: a.user.id, receiverId: b.user.id, reactions: [] });
    expect(await echo).toMatchObject({ id: stored.id, tempId: 'tmp-8' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerHeard).toEqual([]);
  });

  it('shows typing to the other member at once; the flag reads false 5 s after the last update', async () => {
    const { a, b, sessionId, onB } = await conversation();
    const typing = nextEvent(onB, 'typing_status');
    await c.inject('POST', `/api/chat/sessions-alt/${sessionId}/typing`, a.headers, { isTyping: true });
    expect(await typing).toEqual({ sessionId, userId: a.user.id, isTyping: true });
    const status = async () =>
      (await c.inject('GET', `/api/chat/sessions-alt/${sessionId}/typing-status`, b.headers)).json<{ typingUsers: Record<string, boolean> }>();
    expect((await status()).typingUsers[a.user.id]).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 5_000);
      expect((await status()).typingUsers[a.user.id]).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells the sender when their message is read, and both members about a reaction', async () => {
    const { a, b, sessionId, onA, onB } = await conversation();
    const { id } = (await c.send(a, sessionId, { content: 'Read me' })).json<{ id: number }>();
    const read = nextEvent(onA, 'message_read');
    await c.inject('POST', `/api/simple-chat/conversations/${sessionId}/read`, b.headers);
    expect(await read).toMatchObject({ sessionId, userId: b.user.id });
    const [forA, forB] = [nextEvent(onA, 'message_reaction'), nextEvent(onB, 'message_reaction')];
    await c.inject('POST', `/api/simple-chat/messages/${id}/reactions`, b.headers, { emoji: '🔥' });
    for (const event of await Promise.all([forA, forB])) {
      expect(event).toMatchObject({ messageId: id, emoji: '🔥', added: true, userId: b.user.id });
    }
  });

  it('ignores view_session in a conversation a block hides: nothing marked read, nobody told', async () => {
    const { a, b, sessionId, onA, onB } = await conversation();
    await c.send(a, sessionId, { content: 'Before the block' });
    await c.inject('POST', `/api/users/${a.user.id}/block`, b.headers, {});
    const heardByA = hears(onA);
    onB.emit('view_session', { sessionId });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heardByA).toEqual([]);
    await c.inject('DELETE', `/api/users/${a.user.id}/block`, b.headers);
    expect((await c.inject('GET', '/api/chat/unread', b.headers)).json()).toEqual({ count: 1 });
  });

  it('gives an unauthenticated socket nothing: refused at the handshake, deaf to what follows', async () => {
    const { a, sessionId } = await conversation();
    const anonymous = openSocket(app());
    track(anonymous);
    const heard = hears(anonymous);
    await new Promise((resolve) => anonymous.once('connect_error', resolve));
    await c.send(a, sessionId, { content: 'Private words' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(anonymous.connected).toBe(false);
    expect(heard).toEqual([]);
  });
});
