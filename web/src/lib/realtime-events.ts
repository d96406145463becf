import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerEventName, ServerEventPayload } from '@plates/common';

/**
 * The realtime socket's events as the features see them: a tiny typed bus plus the connection's
 * health, with no dependency on socket.io-client. lib/socket.ts (loaded lazily) publishes every
 * server event here and reports whether the socket is live; features subscribe with
 * `useRealtimeEvent` and poll only while `useRealtimeLive()` is false (document 1 §9). Kept apart
 * from lib/socket.ts so that subscribing never pulls the socket client into the first page load.
 */
type AnyHandler = (payload: unknown) => void;

const handlers = new Map<ServerEventName, Set<AnyHandler>>();

export function onRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as AnyHandler);
  return () => {
    set.delete(handler as AnyHandler);
  };
}

/** Hands a server event to its subscribers (the socket; tests emit through it too). */
export function publishRealtimeEvent<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
  handlers.get(event)?.forEach((handler) => handler(payload));
}

/** Subscribes while mounted; the latest handler is always called (no resubscribe per render). */
export function useRealtimeEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onRealtimeEvent(event, (payload) => latest.current(payload)), [event]);
}

/**
 * What the connection itself has to tell the person (document 1 §8): the socket cannot connect
 * ("Connection Error", once per outage) or a live connection dropped and is being re-established
 * ("Reconnecting...", once per drop). lib/socket.ts publishes; the signed-in layout toasts.
 */
export type RealtimeNotice = 'connection_error' | 'reconnecting';

const noticeListeners = new Set<(notice: RealtimeNotice) => void>();

export function onRealtimeNotice(listener: (notice: RealtimeNotice) => void): () => void {
  noticeListeners.add(listener);
  return () => {
    noticeListeners.delete(listener);
  };
}

export function publishRealtimeNotice(notice: RealtimeNotice): void {
  noticeListeners.forEach((listener) => listener(notice));
}

/**
 * The socket connected again after a drop: events sent meanwhile are not replayed, and the last
 * poll may be seconds old, so listeners refetch what they show (lib/socket.ts publishes).
 */
const reconnectListeners = new Set<() => void>();

export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

export function publishRealtimeReconnect(): void {
  reconnectListeners.forEach((listener) => listener());
}

// Health: live = connected and not silent. Down, HTTP-only mode and silence all read false.
let live = false;
const liveListeners = new Set<() => void>();

export function setRealtimeLive(next: boolean): void {
  if (next === live) return;
  live = next;
  liveListeners.forEach((listener) => listener());
}

export function isRealtimeLive(): boolean {
  return live;
}

function subscribeLive(listener: () => void) {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** True while the socket is connected and not silent: polling fallbacks turn off. */
export function useRealtimeLive(): boolean {
  return useSyncExternalStore(subscribeLive, isRealtimeLive, () => false);
}

/**
 * What the socket is doing, in more detail than live or not: for the /test-auth support page.
 * lib/socket.ts keeps it; `started` is false when no socket was opened (a visitor, HTTP-only mode).
 */
export interface RealtimeStatus {
  started: boolean;
  connected: boolean;
  /** The transport of the open connection ('websocket', or 'polling' before or without an upgrade). */
  transport: string | null;
  /** Failed connection attempts in a row since the last connection opened. */
  failedAttempts: number;
  /** Why the last attempt failed or the connection dropped, in Socket.IO's words. */
  lastProblem: string | null;
}

const STOPPED: RealtimeStatus = { started: false, connected: false, transport: null, failedAttempts: 0, lastProblem: null };
let status = STOPPED;
const statusListeners = new Set<() => void>();

export function setRealtimeStatus(change: Partial<RealtimeStatus> | 'stopped'): void {
  status = change === 'stopped' ? STOPPED : { ...status, ...change };
  statusListeners.forEach((listener) => listener());
}

function subscribeStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => {
    statusListeners.delete(listener);
  };
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, () => status, () => STOPPED);
}

/**
 * Asks the signed-in layout's realtime connection to close its socket and open a new one (after
 * "Reset connection mode" cleared HTTP-only mode): each ask bumps a number it depends on.
 */
let restarts = 0;
const restartListeners = new Set<() => void>();

export function restartRealtime(): void {
  restarts += 1;
  restartListeners.forEach((listener) => listener());
}

function subscribeRestarts(listener: () => void) {
  restartListeners.add(listener);
  return () => {
    restartListeners.delete(listener);
  };
}

export function useRealtimeRestarts(): number {
  return useSyncExternalStore(subscribeRestarts, () => restarts, () => 0);
}
