import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '@plates/common';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** An app listening in this process, or the URL of a server elsewhere (another process). */
export type SocketTarget = App | string;

/** The base URL of a listening app (`app.listen({ port: 0 })` first), or the URL given. */
export function baseUrl(app: SocketTarget): string {
  if (typeof app === 'string') return app;
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

/** A websocket-only client (no polling fallback, so tests are quick and deterministic). */
export function openSocket(
  app: SocketTarget,
  options: { token?: string; cookie?: string; origin?: string } = {},
): ClientSocket {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  return connect(baseUrl(app), {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: headers,
  });
}

/** Resolves with the next `event` on the socket, or rejects after `ms`. */
export function nextEvent<E extends ServerEventName>(socket: ClientSocket, event: E, ms = 5_000): Promise<ServerEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (payload: ServerEventPayload<E>) => {
      clearTimeout(timer);
      resolve(payload);
    };
    (socket as unknown as { once(e: string, l: (p: ServerEventPayload<E>) => void): void }).once(event, listener);
  });
}

/** Opens a socket and waits for the server's `connected` greeting. */
export async function connected(app: SocketTarget, token: string): Promise<ClientSocket> {
  const socket = openSocket(app, { token });
  await nextEvent(socket, 'connected');
  return socket;
}

/** Collects every `event` the socket receives, for "nothing arrived" assertions. */
export function record<E extends ServerEventName>(socket: ClientSocket, event: E): ServerEventPayload<E>[] {
  const seen: ServerEventPayload<E>[] = [];
  (socket as unknown as { on(e: string, l: (p: ServerEventPayload<E>) => void): void }).on(event, (p) => seen.push(p));
  return seen;
}

/**
 * A test file's app listening on a loopback port (built before the file's tests, closed after),
 * and `track(socket)`, which closes that socket at the end too.
 */
export function listeningTestApp() {
  let t: TestApp | undefined;
  const open: ClientSocket[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await t?.close();
  });
  return {
    app(): App {
      if (!t) throw new Error('the listening test app is built in beforeAll');
      return t.app;
    },
    track(socket: ClientSocket): ClientSocket {
      open.push(socket);
      return socket;
    },
  };
}
