import { createAdapter } from '@socket.io/redis-adapter';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  SESSION_COOKIE,
  type ClientToServerEvents,
  type PresencePayload,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@plates/common';
import type { Db } from '../db/client.js';
import { userOnlineStatus } from '../db/schema/index.js';
import type { RealtimeBus } from '../lib/realtime-bus.js';
import { memoryPresence, redisPresence, type PresenceStore } from './realtime-presence.js';

/** What the handshake learns; only ever set from a session token, never from the client. */
interface SocketData {
  userId: number;
}

type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The message refusing a client address (an IP block), or undefined to let it in. */
export type RefuseClient = (client: { ip: string; userAgent: string | undefined; userId?: number }) => string | undefined;

/** Hooks other modules (chat) register once they exist; both default to doing nothing. */
export interface RealtimeHandlers {
  /** Who is told when this user comes online or goes offline (default: nobody). */
  presenceAudience: (userId: number) => Promise<readonly number[]> | readonly number[];
  /** A client opened a conversation (`view_session`). */
  onViewSession: (userId: number, sessionId: number) => Promise<void> | void;
}

export interface Realtime extends RealtimeBus {
  readonly isOnline: (userIds: readonly number[]) => Promise<Set<number>>;
  /** Sends to every signed-in socket on every instance (an announcement to all members). */
  toEveryone<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /** Closes every socket of this user on every instance (a suspension, a sign-out everywhere). */
  disconnectUser(userId: number): void;
  /** Sends an event to every open socket on every instance (a change of maintenance mode). */
  broadcast<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  /**
   * Closes this instance's sockets whose client address `refuse` now refuses (a new no-access
   * block; every instance is told of it and closes its own).
   */
  disconnectRefused(): void;
  /**
   * Graceful drain (record 0042): tells this instance's sockets (and any that connect from now on)
   * `server_draining`, so each client drops its transport after a random part of `reconnectWithinMs`
   * and reconnects through the proxy to another instance. The transports still open when the app
   * closes are closed then (preClose).
   */
  drain(reconnectWithinMs: number): void;
  /** Sockets open on this instance (each instance counts its own: /admin/system). */
  localSockets(): number;
  /** Replaces some of the hooks (the chat service registers `onViewSession` after it is built). */
  setHandlers(handlers: Partial<RealtimeHandlers>): void;
  /**
   * Attaches Socket.IO to the app's HTTP server (it exists before `listen`) with the handshake
   * that resolves the session token, and closes everything when the app closes.
   */
  attach(
    app: FastifyInstance,
    options: {
      authenticate: (token: string) => Promise<{ user: { id: number } } | undefined>;
      appUrl: string;
      /** The message refusing a client address before anything else is read (an IP block), or undefined. */
      refuse: RefuseClient;
      /** The client's address from the handshake request (X-Forwarded-For from trusted proxies only); default the socket's. */
      clientIp?: (request: IncomingMessage) => string;
    },
  ): void;
}

export interface RealtimeOptions {
  db: Db;
  logger: FastifyBaseLogger;
  /** With Redis: the Socket.IO Redis adapter (fan-out between instances) and shared presence. */
  redis?: Redis | undefined;
  /** Prefix of Redis keys and channels, so parallel apps (tests) on one Redis stay apart. */
  namespace?: string;
  heartbeatMs?: number;
}

export const REALTIME_MESSAGES = {
  notAuthenticated: 'Not authenticated: sign in to use the realtime connection',
  forbiddenOrigin: 'Cross-origin realtime connections are not allowed',
} as const;

/**
 * The realtime socket (document 1 §7): Socket.IO on the same origin at `/socket.io`, a room
 * `user:{id}` per signed-in user, presence over all tabs, devices and instances, and the
 * `RealtimeBus` services use to reach people. See realtime-presence.ts for presence in Redis.
 */
export async function createRealtime(options: RealtimeOptions): Promise<Realtime> {
  const { db, logger } = options;
  const namespace = options.namespace ?? 'plates';
  const io: IoServer = new Server({
    path: '/socket.io',
    serveClient: false,
    // Same origin only: no CORS headers are sent, and cookie handshakes check the Origin header.
    cors: undefined,
  });

  const pubSub: Redis[] = [];
  let presence: PresenceStore;
  if (options.redis) {
    const pub = options.redis.duplicate();
    const sub = options.redis.duplicate();
    pubSub.push(pub, sub);
    await Promise.all(pubSub.map((client) => (client.status === 'wait' ? client.connect() : undefined)));
    io.adapter(createAdapter(pub, sub, { key: `${namespace}:socket.io` }));
    presence = redisPresence(options.redis, {
      prefix: `${namespace}:presence`,
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
      onError: (error) => logger.warn({ err: error }, 'realtime: presence heartbeat failed'),
    });
  } else {
    presence = memoryPresence();
  }

  const handlers: RealtimeHandlers = {
    presenceAudience: () => [],
    onViewSession: () => {},
  };
  /** Presence work in flight, awaited on close so it never meets a closed database. */
  const pending = new Set<Promise<unknown>>();
  function track(work: Promise<unknown>): void {
    const guarded = work.catch((error: unknown) => logger.warn({ err: error }, 'realtime: presence update failed'));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  }

  /** Set when the app starts closing: the adapter's Redis clients are about to quit. */
  let closed = false;
  function toUser<E extends ServerEventName>(userId: number, event: E, payload: ServerEventPayload<E>): void {
    // A job still running while the app closes (a notification's push) must not publish on a
    // closed Redis client: the row is stored, and the member's client reads it on reconnecting.
    if (closed) return;
    // The generic event defeats Socket.IO's typed emit; the RealtimeBus signature keeps callers typed.
    (io.to(`user:${userId}`) as unknown as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
  }

  /** Writes `user_online_status` and tells the user's audience (first connect / last disconnect). */
  async function announce(userId: number, isOnline: boolean): Promise<void> {
    const at = new Date();
    await db
      .insert(userOnlineStatus)
      .values({ userId, isOnline, lastActiveAt: at })
      .onConflictDoUpdate({ target: userOnlineStatus.userId, set: { isOnline, lastActiveAt: at, updatedAt: at } });
    const audience = await handlers.presenceAudience(userId);
    const payload: PresencePayload = { userId, isOnline, lastActiveAt: at.toISOString() };
    for (const id of audience) toUser(id, isOnline ? 'user_online' : 'user_offline', payload);
  }

  function onConnection(socket: IoSocket): void {
    const { userId } = socket.data;
    void socket.join(`user:${userId}`);
    socket.emit('connected', { userId, socketId: socket.id });
    if (draining) socket.emit('server_draining', draining);
    track(presence.add(userId, socket.id).then((first) => (first ? announce(userId, true) : undefined)));

    socket.on('ping', () => {
      socket.emit('pong', { timestamp: Date.now() });
    });
    socket.on('view_session', (payload) => {
      const sessionId = Number(payload?.sessionId);
      if (!Number.isInteger(sessionId) || sessionId <= 0) {
        socket.emit('socket_error', { message: 'view_session needs a positive sessionId', code: 'VALIDATION_ERROR' });
        return;
      }
      track(Promise.resolve().then(() => handlers.onViewSession(userId, sessionId)));
    });
    socket.on('disconnect', () => {
      track(presence.remove(userId, socket.id).then((last) => (last ? announce(userId, false) : undefined)));
    });
  }

  let refuse: RefuseClient | undefined;
  let clientIpOf: (socket: IoSocket) => string = (socket) => socket.handshake.address;
  let draining: { reconnectWithinMs: number } | undefined;
  return {
    toUser,
    toEveryone(event, payload) {
      // Every socket is a signed-in member's (the handshake refuses visitors).
      (io as unknown as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
    },
    isOnline: (userIds) => presence.online(userIds),
    disconnectUser(userId) {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    broadcast(event, payload) {
      (io as unknown as { emit(event: string, payload: unknown): boolean }).emit(event, payload);
    },
    disconnectRefused() {
      if (!refuse) return;
      for (const socket of io.of('/').sockets.values()) {
        const { headers } = socket.handshake;
        if (refuse({ ip: clientIpOf(socket), userAgent: headers['user-agent'], userId: socket.data.userId })) socket.disconnect(true);
      }
    },
    drain(reconnectWithinMs) {
      draining = { reconnectWithinMs };
      // This instance's sockets only: `io.emit` would reach every instance through the adapter.
      (io.local as unknown as { emit(event: string, payload: unknown): boolean }).emit('server_draining', draining);
    },
    localSockets: () => io.of('/').sockets.size,
    setHandlers(next) {
      Object.assign(handlers, next);
    },
    attach(app, { authenticate, appUrl, refuse: refuseClient, clientIp }) {
      const appOrigin = new URL(appUrl).origin;
      refuse = refuseClient;
      if (clientIp) clientIpOf = (socket) => clientIp(socket.request);
      io.use((socket, next) => {
        const { auth, headers } = socket.handshake;
        const refused = refuseClient({ ip: clientIpOf(socket), userAgent: headers['user-agent'] });
        if (refused) {
          next(refusal(refused, 'FORBIDDEN'));
          return;
        }
        const bearer = typeof auth.token === 'string' && auth.token.length > 0 ? auth.token : undefined;
        const cookie = readCookie(headers.cookie, SESSION_COOKIE);
        const token = bearer ?? cookie;
        if (!token || token.length > 200) {
          next(refusal(REALTIME_MESSAGES.notAuthenticated, 'UNAUTHORIZED'));
          return;
        }
        // A cookie rides along on any page's request; only our own pages may use it.
        const origin = headers.origin;
        if (!bearer && origin && origin !== appOrigin && origin !== `http://${headers.host}` && origin !== `https://${headers.host}`) {
          next(refusal(REALTIME_MESSAGES.forbiddenOrigin, 'FORBIDDEN'));
          return;
        }
        authenticate(token)
          .then((found) => {
            if (!found) return next(refusal(REALTIME_MESSAGES.notAuthenticated, 'UNAUTHORIZED'));
            socket.data.userId = found.user.id;
            next();
          })
          .catch((error: unknown) => {
            logger.error({ err: error }, 'realtime: handshake failed');
            next(refusal('Realtime connection failed', 'INTERNAL_ERROR'));
          });
      });
      io.on('connection', onConnection);
      io.attach(app.server);
      presence.start((userIds) => {
        for (const userId of userIds) track(announce(userId, false));
      });

      // Before the HTTP server closes (open websockets would keep it from closing): drop our
      // clients' connections, let their presence updates finish, withdraw this instance, close the
      // adapter. Closing the transports (not `disconnectSockets`, whose disconnect packet tells a
      // client "the server sent you away, do not come back") lets every client reconnect by
      // itself, to another instance or to this one restarted.
      app.addHook('preClose', async () => {
        if (closed) return;
        closed = true;
        io.engine.close();
        while (pending.size > 0) await Promise.all([...pending]);
        await presence.close().catch((error: unknown) => logger.warn({ err: error }, 'realtime: presence close failed'));
        await io.of('/').adapter.close();
        await Promise.all(pubSub.map((client) => client.quit().catch(() => client.disconnect())));
      });
    },
  };
}

function refusal(message: string, code: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
