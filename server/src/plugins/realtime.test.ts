import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@plates/common';
import { userOnlineStatus } from '../db/schema/index.js';
import { buildTestApp } from '../test/build-test-app.js';
import { makeSignedInUser, makeUser, signIn } from '../test/factories.js';
import { connected, listeningTestApp, nextEvent, openSocket, record, type ClientSocket } from '../test/sockets.js';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import type { RealtimeBus } from '../lib/realtime-bus.js';
import { REALTIME_MESSAGES } from './realtime.js';

const { app, track } = listeningTestApp();

async function socketFor(token: string): Promise<ClientSocket> {
  const socket = await connected(app(), token);
  track(socket);
  return socket;
}

function refusal(socket: ClientSocket): Promise<Error & { data?: { code?: string } }> {
  track(socket);
  return new Promise((resolve) => socket.once('connect_error', resolve));
}

describe('realtime socket handshake', () => {
  it('refuses a socket without a session, and one with an unknown token', async () => {
    const none = await refusal(openSocket(app()));
    expect(none.message).toBe(REALTIME_MESSAGES.notAuthenticated);
    expect(none.data?.code).toBe('UNAUTHORIZED');

    const bogus = await refusal(openSocket(app(), { token: 'not-a-session' }));
    expect(bogus.message).toBe(REALTIME_MESSAGES.notAuthenticated);
  });

  it('greets a bearer-token socket with its own user id, whatever the client claims', async () => {
    const { user } = await makeSignedInUser(app());
    const { token } = await signIn(app(), user.username);
    const socket = openSocket(app(), { token });
    track(socket);
    const hello = await nextEvent(socket, 'connected');
    expect(hello).toEqual({ userId: user.id, socketId: socket.id });
  });

  it('accepts the session cookie from the same origin, and refuses it from another origin', async () => {
    const user = await makeUser(app());
    const { token } = await signIn(app(), user.username);
    const cookie = `${SESSION_COOKIE}=${token}`;

    const same = openSocket(app(), { cookie, origin: 'http://localhost:5000' });
    track(same);
    expect((await nextEvent(same, 'connected')).userId).toBe(user.id);

    const cross = await refusal(openSocket(app(), { cookie, origin: 'https://evil.example' }));
    expect(cross.message).toBe(REALTIME_MESSAGES.forbiddenOrigin);
  });

  it('answers ping with pong', async () => {
    const user = await makeUser(app());
    const socket = await socketFor((await signIn(app(), user.username)).token);
    const before = Date.now();
    socket.emit('ping', { timestamp: before });
    const pong = await nextEvent(socket, 'pong');
    expect(pong.timestamp).toBeGreaterThanOrEqual(before);
  });
});

describe('notification events', () => {
  it("sends a follow's notification to the followed user's sockets only, after the row is stored", async () => {
    const follower = await makeSignedInUser(app());
    const followed = await makeUser(app());
    const bystander = await makeUser(app());
    const followedSocket = await socketFor((await signIn(app(), followed.username)).token);
    const bystanderSocket = await socketFor((await signIn(app(), bystander.username)).token);
    const followerSocket = await socketFor((await signIn(app(), follower.user.username)).token);
    const strays = [...record(bystanderSocket, 'notification'), ...record(followerSocket, 'notification')];

    const arrived = nextEvent(followedSocket, 'notification');
    const res = await app().inject({
      method: 'POST',
      url: `/api/users/${followed.id}/follow`,
      headers: follower.headers,
    });
    expect(res.statusCode).toBe(200);
    const event = await arrived;
    expect(event).toMatchObject({
      type: 'follow',
      read: false,
      actorId: follower.user.id,
      actor: { id: follower.user.id, username: follower.user.username },
    });

    // The same DTO as the panel's list.
    const list = await app().inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { authorization: `Bearer ${(await signIn(app(), followed.username)).token}` },
    });
    expect(list.json<{ notifications: unknown[] }>().notifications[0]).toEqual(event);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strays).toEqual([]);
  });

  it('emits nothing for a rolled-back transaction, and after the commit for a committed one', async () => {
    const db = app().services.database.db;
    const toUser = vi.fn();
    const bus: RealtimeBus = { toUser };
    const service = createNotificationsService({ repo: createNotificationsRepository(db), bus });
    const user = await makeUser(app());
    const note = { userId: user.id, type: 'system' as const, title: 'Hello', message: 'world' };

    await expect(
      db.transaction(async (tx) => {
        await service.notify(note, tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A savepoint that rolls back inside a committed transaction tells nobody either.
    await db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await service.notify({ ...note, title: 'inner' }, inner);
          inner.rollback();
        })
        .catch(() => undefined);
      await service.notify({ ...note, title: 'outer' }, tx);
      expect(toUser).not.toHaveBeenCalled(); // not before the commit
    });
    await vi.waitFor(() => expect(toUser).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toUser).toHaveBeenCalledTimes(1);
    expect(toUser).toHaveBeenCalledWith(user.id, 'notification', expect.objectContaining({ title: 'outer' }));
  });
});

describe('presence', () => {
  it('keeps a user online while any tab is open, and records it in user_online_status', async () => {
    const user = await makeUser(app());
    const { token } = await signIn(app(), user.username);
    const realtime = app().services.realtime;
    const statusOf = async () =>
      (await app().services.database.db.select().from(userOnlineStatus).where(eq(userOnlineStatus.userId, user.id)))[0];

    const first = await socketFor(token);
    const second = await socketFor(token);
    await vi.waitFor(async () => expect(await realtime.isOnline([user.id])).toEqual(new Set([user.id])));
    await vi.waitFor(async () => expect((await statusOf())?.isOnline).toBe(true));

    first.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await realtime.isOnline([user.id])).toEqual(new Set([user.id]));
    expect((await statusOf())?.isOnline).toBe(true);

    second.disconnect();
    await vi.waitFor(async () => expect(await realtime.isOnline([user.id])).toEqual(new Set()));
    await vi.waitFor(async () => expect((await statusOf())?.isOnline).toBe(false));
  });

  it('tells the presence audience, and only them', async () => {
    const watcher = await makeUser(app());
    const stranger = await makeUser(app());
    const subject = await makeUser(app());
    app().services.realtime.setHandlers({ presenceAudience: (id) => (id === subject.id ? [watcher.id] : []) });
    const watcherSocket = await socketFor((await signIn(app(), watcher.username)).token);
    const strangerSocket = await socketFor((await signIn(app(), stranger.username)).token);
    const strays = record(strangerSocket, 'user_online');

    const online = nextEvent(watcherSocket, 'user_online');
    const subjectSocket = await socketFor((await signIn(app(), subject.username)).token);
    expect(await online).toMatchObject({ userId: subject.id, isOnline: true });

    const offline = nextEvent(watcherSocket, 'user_offline');
    subjectSocket.disconnect();
    expect(await offline).toMatchObject({ userId: subject.id, isOnline: false });
    expect(strays).toEqual([]);
    app().services.realtime.setHandlers({ presenceAudience: () => [] });
  });

  it('passes view_session to the registered handler with the socket’s own user', async () => {
    const user = await makeUser(app());
    const seen: [number, number][] = [];
    app().services.realtime.setHandlers({ onViewSession: (userId, sessionId) => void seen.push([userId, sessionId]) });
    const socket = await socketFor((await signIn(app(), user.username)).token);
    socket.emit('view_session', { sessionId: 42 });
    await vi.waitFor(() => expect(seen).toEqual([[user.id, 42]]));
  });
});

describe('realtime shutdown', () => {
  it('drops connections on close so that clients reconnect by themselves (to another instance, or this one restarted)', async () => {
    const other = await buildTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await makeUser(other.app);
      const socket = await connected(other.app, (await signIn(other.app, user.username)).token);
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await vi.waitFor(async () => expect(await other.app.services.realtime.isOnline([user.id])).toEqual(new Set([user.id])));
      const closing = other.app.close();
      // 'io server disconnect' would mean "do not reconnect"; a dropped transport is retried.
      expect(await gone).toBe('transport close');
      expect(socket.active).toBe(true);
      await closing;
      socket.disconnect();
    } finally {
      await other.close();
    }
  });
});
