import { afterEach, describe, expect, it, vi } from 'vitest';
import { REALTIME, STORAGE_KEYS, type ServerToClientEvents } from '@plates/common';
import { connectionMode, createFailureCounter, HTTP_ONLY } from './connection-mode';
import { act, renderHook } from '@testing-library/react';
import { onRealtimeNotice, onRealtimeReconnect, useRealtimeStatus, type RealtimeNotice } from './realtime-events';
import type * as SocketModule from './socket';
import type { RealtimeSocket } from './socket';

// The test setup replaces the socket module for component tests; this file tests the real one.
const { startRealtime, stopRealtime } = await vi.importActual<typeof SocketModule>('./socket');

afterEach(() => {
  stopRealtime();
  window.localStorage.clear();
});

describe('connection mode', () => {
  it('switches to HTTP-only after more than 10 failed attempts in a row, and stores it', () => {
    const failures = createFailureCounter();
    for (let i = 0; i < REALTIME.httpOnlyAfterFailures; i += 1) expect(failures.fail()).toBe(false);
    expect(connectionMode.isHttpOnly()).toBe(false);
    expect(failures.fail()).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.chatConnectionMode)).toBe(HTTP_ONLY);
    expect(connectionMode.isHttpOnly()).toBe(true);
  });

  it('counts again from zero after a successful connection', () => {
    const failures = createFailureCounter();
    for (let i = 0; i < 10; i += 1) failures.fail();
    failures.succeed();
    expect(failures.fail()).toBe(false);
    expect(failures.count).toBe(1);
  });

  it('is reset (a new sign-in tries the socket again)', () => {
    connectionMode.setHttpOnly();
    connectionMode.reset();
    expect(connectionMode.isHttpOnly()).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.chatConnectionMode)).toBeNull();
  });
});

/** A stand-in for socket.io-client's socket: records handlers, lets the test fire events. */
function fakeSocket() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const socket = {
    connected: false,
    /** socket.io-client: true while the manager would reconnect. */
    active: true,
    io: { backoff: { factor: 2 }, engine: { close: vi.fn(), transport: { name: 'polling' }, once: vi.fn() } },
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    off(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, (handlers.get(event) ?? []).filter((h) => h !== handler));
      return socket;
    },
    emit: vi.fn(),
    disconnect: vi.fn(),
    fire(event: keyof ServerToClientEvents | 'connect' | 'connect_error' | 'disconnect', ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  return socket;
}

describe('startRealtime', () => {
  it('opens no socket while HTTP-only mode is stored', () => {
    connectionMode.setHttpOnly();
    const createSocket = vi.fn();
    expect(startRealtime({ createSocket })).toBeNull();
    expect(createSocket).not.toHaveBeenCalled();
  });

  it('uses the spec backoff and sends the stored token', () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    const fake = fakeSocket();
    let options: Record<string, unknown> = {};
    startRealtime({
      createSocket: (opts) => {
        options = opts as Record<string, unknown>;
        return fake as unknown as RealtimeSocket;
      },
    });
    expect(options).toMatchObject({ path: '/socket.io', reconnectionDelay: 1000, reconnectionDelayMax: 30_000, reconnectionAttempts: 1000 });
    expect(fake.io.backoff.factor).toBe(1.5);
    const sent = vi.fn();
    (options.auth as (cb: (data: object) => void) => void)(sent);
    expect(sent).toHaveBeenCalledWith({ token: 'tok' });
  });

  it('closes the socket and stores HTTP-only after the 11th failed attempt', () => {
    const fake = fakeSocket();
    const onHttpOnly = vi.fn();
    startRealtime({ createSocket: () => fake as unknown as RealtimeSocket, onHttpOnly });
    for (let i = 0; i < 10; i += 1) fake.fire('connect_error', new Error('down'));
    expect(fake.disconnect).not.toHaveBeenCalled();
    fake.fire('connect_error', new Error('down'));
    expect(fake.disconnect).toHaveBeenCalled();
    expect(onHttpOnly).toHaveBeenCalledTimes(1);
    expect(connectionMode.isHttpOnly()).toBe(true);
  });

  it('pings every 20 s and drops a transport that does not answer within 10 s', () => {
    vi.useFakeTimers();
    try {
      const fake = fakeSocket();
      startRealtime({ createSocket: () => fake as unknown as RealtimeSocket });
      fake.connected = true;
      vi.advanceTimersByTime(REALTIME.pingIntervalMs);
      expect(fake.emit).toHaveBeenCalledWith('ping', expect.objectContaining({ timestamp: expect.any(Number) }));
      fake.fire('pong', { timestamp: Date.now() });
      vi.advanceTimersByTime(REALTIME.pongTimeoutMs);
      expect(fake.io.engine.close).not.toHaveBeenCalled();

      vi.advanceTimersByTime(REALTIME.pingIntervalMs - REALTIME.pongTimeoutMs);
      expect(fake.emit).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(REALTIME.pongTimeoutMs);
      expect(fake.io.engine.close).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a draining server (record 0042)', () => {
  it('drops the transport at a random moment within the window the server names, once', () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const fake = fakeSocket();
      startRealtime({ createSocket: () => fake as unknown as RealtimeSocket });
      fake.connected = true;
      fake.fire('server_draining', { reconnectWithinMs: 4000 });
      vi.advanceTimersByTime(1999);
      expect(fake.io.engine.close).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(fake.io.engine.close).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(10_000);
      expect(fake.io.engine.close).toHaveBeenCalledTimes(1);
    } finally {
      random.mockRestore();
      vi.useRealTimers();
    }
  });

  it('leaves it to the manager when the server closed first, and forgets the timer on stopRealtime', () => {
    vi.useFakeTimers();
    try {
      const fake = fakeSocket();
      startRealtime({ createSocket: () => fake as unknown as RealtimeSocket });
      fake.connected = true;
      fake.fire('server_draining', { reconnectWithinMs: 1000 });
      fake.connected = false;
      vi.advanceTimersByTime(1000);
      expect(fake.io.engine.close).not.toHaveBeenCalled();

      fake.connected = true;
      fake.fire('server_draining', { reconnectWithinMs: 1000 });
      stopRealtime();
      vi.advanceTimersByTime(1000);
      expect(fake.io.engine.close).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the connection status (the /test-auth page)', () => {
  it('follows failed attempts, the open connection and its transport, a drop, and the close', () => {
    const fake = fakeSocket();
    const { result } = renderHook(() => useRealtimeStatus());
    expect(result.current.started).toBe(false);
    act(() => void startRealtime({ createSocket: () => fake as unknown as RealtimeSocket }));
    expect(result.current).toEqual({ started: true, connected: false, transport: null, failedAttempts: 0, lastProblem: null });
    act(() => {
      fake.fire('connect_error', new Error('xhr poll error'));
      fake.fire('connect_error', new Error('websocket error'));
    });
    expect(result.current).toMatchObject({ connected: false, failedAttempts: 2, lastProblem: 'websocket error' });
    act(() => fake.fire('connect'));
    expect(result.current).toMatchObject({ connected: true, transport: 'polling', failedAttempts: 0 });
    const [event, upgraded] = fake.io.engine.once.mock.calls[0] as [string, (t: { name: string }) => void];
    expect(event).toBe('upgrade');
    act(() => upgraded({ name: 'websocket' }));
    expect(result.current.transport).toBe('websocket');
    act(() => fake.fire('disconnect', 'transport close'));
    expect(result.current).toMatchObject({ started: true, connected: false, transport: null, lastProblem: 'transport close' });
    fake.active = false; // the server closed it: the manager does not retry
    act(() => fake.fire('disconnect', 'io server disconnect'));
    expect(result.current).toMatchObject({ started: false, connected: false, lastProblem: 'io server disconnect' });
    act(() => stopRealtime());
    expect(result.current.started).toBe(false);
  });
});

describe('connection notices', () => {
  function start() {
    const fake = fakeSocket();
    const notices: RealtimeNotice[] = [];
    const off = onRealtimeNotice((n) => notices.push(n));
    startRealtime({ createSocket: () => fake as unknown as RealtimeSocket });
    return { fake, notices, off };
  }

  it('tells "connection_error" once per outage, not per attempt, and again after a connection opened', () => {
    const { fake, notices, off } = start();
    for (let i = 0; i < 5; i += 1) fake.fire('connect_error', new Error('down'));
    expect(notices).toEqual(['connection_error']);
    fake.fire('connect');
    fake.fire('connect_error', new Error('down again'));
    fake.fire('connect_error', new Error('down again'));
    expect(notices).toEqual(['connection_error', 'connection_error']);
    off();
  });

  it('announces a reconnection (not the first connection) so that screens refetch what they missed', () => {
    const { fake, off } = start();
    const reconnects = vi.fn();
    const stop = onRealtimeReconnect(reconnects);
    fake.fire('connect');
    expect(reconnects).not.toHaveBeenCalled();
    fake.fire('disconnect', 'transport close');
    fake.fire('connect');
    expect(reconnects).toHaveBeenCalledTimes(1);
    stop();
    off();
  });

  it('tells "reconnecting" once per drop of a live connection', () => {
    const { fake, notices, off } = start();
    fake.fire('connect');
    fake.fire('disconnect', 'transport close');
    fake.fire('disconnect', 'ping timeout');
    expect(notices).toEqual(['reconnecting']);
    fake.fire('connect');
    fake.fire('disconnect', 'transport error');
    expect(notices).toEqual(['reconnecting', 'reconnecting']);
    off();
  });

  it('tells nothing for a deliberate disconnect, a server kick the manager will not retry, or after stopRealtime', () => {
    const { fake, notices, off } = start();
    fake.fire('connect');
    fake.fire('disconnect', 'io client disconnect');
    fake.active = false;
    fake.fire('disconnect', 'io server disconnect');
    expect(notices).toEqual([]);
    fake.active = true;
    stopRealtime(); // logout: the handlers go before the socket closes
    expect(fake.disconnect).toHaveBeenCalled();
    fake.fire('disconnect', 'io client disconnect');
    fake.fire('connect_error', new Error('late'));
    expect(notices).toEqual([]);
    off();
  });
});
