import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { REALTIME, type ClientToServerEvents, type ServerToClientEvents } from '@plates/common';
import { connectionMode, createFailureCounter } from './connection-mode';
import { publishRealtimeEvent, publishRealtimeNotice, publishRealtimeReconnect, setRealtimeLive, setRealtimeStatus } from './realtime-events';
import { authStorage } from './storage';

/**
 * The realtime socket of a signed-in user (document 1 §4, §7, §9): one per tab, same origin at
 * `/socket.io`, authenticated by the stored token (`auth: { token }`, read again on every
 * reconnect) or else the session cookie. Loaded only through the lazy realtime connection
 * component, so socket.io-client stays out of the first page load.
 *
 * Reconnection: up to 1000 attempts, base 1 s, cap 30 s. Socket.IO's options have no growth
 * factor (its backoff doubles); the factor of 1.5 is set on the manager's backoff after creation
 * (`manager.backoff.factor`, a plain field of socket.io-client's Backoff), with jitter 0.5.
 * After more than 10 failed attempts in a row the app switches to HTTP-only mode (stored) and
 * closes the socket; polling carries on. An application ping every 20 s expects a pong within
 * 10 s, otherwise the transport is closed so the manager reconnects.
 *
 * Notices (lib/realtime-events.ts): "connection_error" once per outage (the first failed attempt
 * until a connection opens again, not every attempt), "reconnecting" once per drop of a live
 * connection that the manager will re-establish. `stopRealtime` (logout) removes the handlers
 * before it disconnects, so a deliberate close tells nobody.
 */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeOptions {
  /** Told once when the app switches to HTTP-only mode. */
  onHttpOnly?: () => void;
  /** For tests: how a socket is made. */
  createSocket?: (options: Partial<ManagerOptions & SocketOptions>) => RealtimeSocket;
}

let current: { socket: RealtimeSocket; stop: () => void } | null = null;

export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  withCredentials: true,
  reconnection: true,
  reconnectionAttempts: REALTIME.reconnectAttempts,
  reconnectionDelay: REALTIME.reconnectBaseMs,
  reconnectionDelayMax: REALTIME.reconnectMaxMs,
  randomizationFactor: 0.5,
};

/** Opens the socket (once per tab), unless HTTP-only mode is stored; answers it or null. */
export function startRealtime(options: RealtimeOptions = {}): RealtimeSocket | null {
  if (current) return current.socket;
  if (connectionMode.isHttpOnly()) return null;
  const make = options.createSocket ?? ((opts) => io(opts) as RealtimeSocket);
  const socket = make({
    ...SOCKET_OPTIONS,
    auth: (send: (data: object) => void) => {
      const token = authStorage.getToken();
      send(token ? { token } : {});
    },
  });
  const backoff = (socket.io as unknown as { backoff?: { factor: number } }).backoff;
  if (backoff) backoff.factor = REALTIME.reconnectFactor;
  setRealtimeStatus({ started: true, connected: false, transport: null, failedAttempts: 0, lastProblem: null });

  const failures = createFailureCounter();
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  // Health for the features' polling fallbacks (lib/realtime-events.ts): live while connected and
  // heard from recently. Our own ping goes out every 20 s, so "silent" counts from when a pong was
  // due: no traffic for the ping interval plus 15 s.
  let lastHeard = Date.now();
  const heard = () => {
    lastHeard = Date.now();
    setRealtimeLive(socket.connected);
  };
  const health = setInterval(() => {
    const silent = Date.now() - lastHeard > REALTIME.pingIntervalMs + REALTIME.silentAfterMs;
    setRealtimeLive(socket.connected && !silent);
  }, REALTIME.typingCleanupMs);
  const onAny = (event: string, payload: unknown) => {
    heard();
    publishRealtimeEvent(event as keyof ServerToClientEvents, payload as never);
  };
  // One notice of each kind per outage: both reset when a connection opens.
  let errorTold = false;
  let reconnectTold = false;
  const onDisconnect = (reason?: string) => {
    setRealtimeLive(false);
    // After 'io server disconnect' (the session ended, the account was suspended) no retry follows.
    setRealtimeStatus({ started: socket.active, connected: false, transport: null, lastProblem: reason ?? null });
    // 'io client disconnect' is our own close; after 'io server disconnect' the manager does not retry.
    if (reason === 'io client disconnect' || !socket.active || reconnectTold) return;
    reconnectTold = true;
    publishRealtimeNotice('reconnecting');
  };
  socket.onAny?.(onAny);
  socket.on('disconnect', onDisconnect);
  let connectedBefore = false;
  const onConnect = () => {
    failures.succeed();
    // The engine opens on long-polling and upgrades to WebSocket when it can.
    const engine = socket.io.engine as { transport?: { name?: string }; once?: (e: 'upgrade', l: (t: { name?: string }) => void) => void } | undefined;
    setRealtimeStatus({ connected: true, transport: engine?.transport?.name ?? null, failedAttempts: 0 });
    engine?.once?.('upgrade', (transport) => setRealtimeStatus({ transport: transport.name ?? null }));
    errorTold = false;
    reconnectTold = false;
    heard();
    // A second connection is a reconnection: whatever happened in between was not heard.
    if (connectedBefore) publishRealtimeReconnect();
    connectedBefore = true;
  };
  const onConnectError = (error?: Error) => {
    const switched = failures.fail();
    setRealtimeStatus({ connected: false, failedAttempts: failures.count, lastProblem: error?.message ?? null });
    if (switched) {
      stopRealtime();
      options.onHttpOnly?.();
      return;
    }
    if (errorTold) return;
    errorTold = true;
    publishRealtimeNotice('connection_error');
  };
  const onPong = () => {
    heard();
    clearTimeout(pongTimer);
    pongTimer = undefined;
  };
  // The instance is shutting down (record 0042): drop the transport at a random moment within its
  // window, so the manager reconnects (through the proxy, to another instance) and the clients of
  // one instance do not all arrive at once. If the server closes first, the manager reconnects anyway.
  let drainTimer: ReturnType<typeof setTimeout> | undefined;
  const onDraining = (payload?: { reconnectWithinMs?: number }) => {
    clearTimeout(drainTimer);
    const within = Math.max(0, Number(payload?.reconnectWithinMs) || 0);
    drainTimer = setTimeout(() => {
      drainTimer = undefined;
      if (socket.connected) socket.io.engine?.close();
    }, Math.random() * within);
  };
  socket.on('connect', onConnect);
  socket.on('connect_error', onConnectError);
  socket.on('pong', onPong);
  socket.on('server_draining', onDraining);
  const pinger = setInterval(() => {
    if (!socket.connected || pongTimer) return;
    socket.emit('ping', { timestamp: Date.now() });
    pongTimer = setTimeout(() => {
      pongTimer = undefined;
      // Silent for too long: drop the transport; the manager reconnects with its backoff.
      socket.io.engine?.close();
    }, REALTIME.pongTimeoutMs);
  }, REALTIME.pingIntervalMs);

  current = {
    socket,
    stop: () => {
      clearInterval(pinger);
      clearInterval(health);
      clearTimeout(pongTimer);
      clearTimeout(drainTimer);
      socket.off('server_draining', onDraining);
      socket.offAny?.(onAny);
      socket.off('disconnect', onDisconnect);
      setRealtimeLive(false);
      socket.off('connect', onConnect);
      socket.off('connect_error', onConnectError);
      socket.off('pong', onPong);
      socket.disconnect();
      setRealtimeStatus('stopped');
    },
  };
  return socket;
}

/** Closes the socket (logout, leaving the signed-in layout, HTTP-only mode). */
export function stopRealtime(): void {
  const open = current;
  current = null;
  open?.stop();
}
