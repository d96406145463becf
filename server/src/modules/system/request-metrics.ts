import type { FastifyInstance } from 'fastify';
import type { MinuteStats, RouteStats, TrafficReport } from '@plates/common';

/**
 * The server's own measurements of the requests it answers (decision record 0029): per route
 * *pattern* and per minute over a rolling hour, each with a fixed log-scale latency histogram, so
 * recording a request is a few map lookups and increments (no I/O, one small array per route and
 * minute) and memory stays bounded by routes × 60 × buckets, whatever the traffic.
 */

/** Minutes kept. */
export const WINDOW_MINUTES = 60;
const MINUTE_MS = 60_000;

/**
 * Histogram layout: bucket 0 holds everything under BASE_MS; bucket i ≥ 1 holds
 * [BASE·2^((i-1)/STEPS), BASE·2^(i/STEPS)), so a percentile read from it is at most 2^(1/4)
 * (19 %) above the true value; the last bucket also holds everything slower (above ~65 s).
 */
const BASE_MS = 1 / 16;
const STEPS = 4;
export const BUCKETS = 2 + 20 * STEPS;
/** Names the layout, so instances built with another one are not merged (a rolling deploy). */
export const HISTOGRAM_LAYOUT = `log2/${STEPS}@${BASE_MS}x${BUCKETS}`;
export const UNMATCHED_ROUTE = '(unmatched)';

export function bucketOf(ms: number): number {
  if (!(ms >= BASE_MS)) return 0; // also NaN
  const i = 1 + Math.floor(Math.log2(ms / BASE_MS) * STEPS);
  return i < BUCKETS ? i : BUCKETS - 1;
}

/** The upper bound of bucket `i` (the last one's is its lower bound: it is open above). */
export function bucketUpperMs(i: number): number {
  return BASE_MS * 2 ** (Math.min(i, BUCKETS - 2) / STEPS);
}

/**
 * The `p` quantile (0 < p ≤ 1) of a histogram: the upper bound of the bucket holding the
 * ⌈p·n⌉-th fastest request, never above the slowest seen. Null when it is empty.
 */
export function percentile(hist: ArrayLike<number>, p: number, maxMs = Infinity): number | null {
  let total = 0;
  for (let i = 0; i < hist.length; i++) total += hist[i]!;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]!;
    if (seen >= rank) return Math.min(bucketUpperMs(i), maxMs);
  }
  return maxMs;
}

/** Status classes counted: 1xx and 2xx together, 3xx, 4xx, 5xx. */
const SUCCESS = 0;
const REDIRECT = 1;
const CLIENT_ERROR = 2;
const SERVER_ERROR = 3;

function classOf(status: number): number {
  return status >= 500 ? SERVER_ERROR : status >= 400 ? CLIENT_ERROR : status >= 300 ? REDIRECT : SUCCESS;
}

interface Cell {
  hist: Uint32Array;
  classes: [number, number, number, number];
  sumMs: number;
  maxMs: number;
}

interface Slot {
  minute: number;
  /** route pattern → method → cell */
  routes: Map<string, Map<string, Cell>>;
}

/**
 * One window in a form that travels (to Redis, between instances) and merges: histograms sparse,
 * as flat [bucket, count, bucket, count, ...] lists.
 */
export interface MetricsWindow {
  layout: string;
  routes: { method: string; route: string; hist: number[]; classes: number[]; sumMs: number; maxMs: number }[];
  /** Epoch minute → [count, 4xx, 5xx]. */
  minutes: [minute: number, count: number, clientErrors: number, serverErrors: number][];
}

export interface RequestMetrics {
  record(method: string, route: string | undefined, statusCode: number, ms: number): void;
  /** The window ending at this minute, every minute and route merged over it. */
  window(): MetricsWindow;
}

export function createRequestMetrics(options: { now?: () => number } = {}): RequestMetrics {
  const now = options.now ?? Date.now;
  const slots: Slot[] = Array.from({ length: WINDOW_MINUTES }, () => ({ minute: -1, routes: new Map() }));

  return {
    record(method, route, statusCode, ms) {
      const minute = Math.floor(now() / MINUTE_MS);
      const slot = slots[minute % WINDOW_MINUTES]!;
      if (slot.minute !== minute) {
        slot.minute = minute;
        slot.routes = new Map();
      }
      const pattern = route ?? UNMATCHED_ROUTE;
      let methods = slot.routes.get(pattern);
      if (!methods) slot.routes.set(pattern, (methods = new Map()));
      let cell = methods.get(method);
      if (!cell) methods.set(method, (cell = { hist: new Uint32Array(BUCKETS), classes: [0, 0, 0, 0], sumMs: 0, maxMs: 0 }));
      cell.hist[bucketOf(ms)]!++;
      cell.classes[classOf(statusCode)]!++;
      cell.sumMs += ms;
      if (ms > cell.maxMs) cell.maxMs = ms;
    },

    window() {
      const current = Math.floor(now() / MINUTE_MS);
      const merged = new Map<string, Cell & { method: string; route: string }>();
      const minutes: MetricsWindow['minutes'] = [];
      for (const slot of slots) {
        if (slot.minute <= current - WINDOW_MINUTES || slot.minute > current) continue;
        const totals: MetricsWindow['minutes'][number] = [slot.minute, 0, 0, 0];
        for (const [route, methods] of slot.routes) {
          for (const [method, cell] of methods) {
            const key = `${method} ${route}`;
            let into = merged.get(key);
            if (!into) merged.set(key, (into = { method, route, hist: new Uint32Array(BUCKETS), classes: [0, 0, 0, 0], sumMs: 0, maxMs: 0 }));
            addCell(into, cell);
            const count = cell.classes[0] + cell.classes[1] + cell.classes[2] + cell.classes[3];
            totals[1] += count;
            totals[2] += cell.classes[CLIENT_ERROR];
            totals[3] += cell.classes[SERVER_ERROR];
          }
        }
        if (totals[1] > 0) minutes.push(totals);
      }
      return {
        layout: HISTOGRAM_LAYOUT,
        routes: [...merged.values()].map((cell) => ({
          method: cell.method,
          route: cell.route,
          hist: sparse(cell.hist),
          classes: [...cell.classes],
          sumMs: cell.sumMs,
          maxMs: cell.maxMs,
        })),
        minutes: minutes.sort((a, b) => a[0] - b[0]),
      };
    },
  };
}

function addCell(into: Cell, cell: Cell): void {
  for (let i = 0; i < BUCKETS; i++) into.hist[i]! += cell.hist[i]!;
  for (let c = 0; c < 4; c++) into.classes[c]! += cell.classes[c]!;
  into.sumMs += cell.sumMs;
  if (cell.maxMs > into.maxMs) into.maxMs = cell.maxMs;
}

function sparse(hist: Uint32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < hist.length; i++) if (hist[i]) out.push(i, hist[i]!);
  return out;
}

/**
 * Several instances' windows as one report for the minute `nowMs` falls in: histograms and status
 * classes added route by route, minutes added by their epoch minute. Windows of another histogram
 * layout are left out.
 */
export function trafficReport(windows: readonly MetricsWindow[], nowMs: number): TrafficReport {
  const current = Math.floor(nowMs / MINUTE_MS);
  const routes = new Map<string, Cell & { method: string; route: string }>();
  const minutes = new Map<number, [number, number, number]>();
  for (const window of windows) {
    if (window.layout !== HISTOGRAM_LAYOUT) continue;
    for (const r of window.routes) {
      const key = `${r.method} ${r.route}`;
      let into = routes.get(key);
      if (!into) routes.set(key, (into = { method: r.method, route: r.route, hist: new Uint32Array(BUCKETS), classes: [0, 0, 0, 0], sumMs: 0, maxMs: 0 }));
      for (let i = 0; i + 1 < r.hist.length; i += 2) {
        const bucket = r.hist[i]!;
        if (bucket >= 0 && bucket < BUCKETS) into.hist[bucket]! += r.hist[i + 1]!;
      }
      for (let c = 0; c < 4; c++) into.classes[c]! += r.classes[c] ?? 0;
      into.sumMs += r.sumMs;
      if (r.maxMs > into.maxMs) into.maxMs = r.maxMs;
    }
    for (const [minute, count, clientErrors, serverErrors] of window.minutes) {
      const into = minutes.get(minute) ?? [0, 0, 0];
      minutes.set(minute, [into[0] + count, into[1] + clientErrors, into[2] + serverErrors]);
    }
  }

  const mix = { success: 0, redirect: 0, clientError: 0, serverError: 0 };
  const routeStats: RouteStats[] = [];
  for (const cell of routes.values()) {
    const [success, redirect, clientError, serverError] = cell.classes;
    const count = success + redirect + clientError + serverError;
    if (count === 0) continue;
    mix.success += success;
    mix.redirect += redirect;
    mix.clientError += clientError;
    mix.serverError += serverError;
    routeStats.push({
      method: cell.method,
      route: cell.route,
      count,
      clientErrors: clientError,
      serverErrors: serverError,
      meanMs: round(cell.sumMs / count),
      maxMs: round(cell.maxMs),
      p50Ms: round(percentile(cell.hist, 0.5, cell.maxMs) ?? 0),
      p95Ms: round(percentile(cell.hist, 0.95, cell.maxMs) ?? 0),
      p99Ms: round(percentile(cell.hist, 0.99, cell.maxMs) ?? 0),
    });
  }
  routeStats.sort((a, b) => b.count - a.count || a.route.localeCompare(b.route) || a.method.localeCompare(b.method));
  const total = mix.success + mix.redirect + mix.clientError + mix.serverError;

  const perMinute: MinuteStats[] = [];
  for (let minute = current - WINDOW_MINUTES + 1; minute <= current; minute++) {
    const [count, clientErrors, serverErrors] = minutes.get(minute) ?? [0, 0, 0];
    perMinute.push({ minute: new Date(minute * MINUTE_MS).toISOString(), count, clientErrors, serverErrors });
  }

  return {
    windowMinutes: WINDOW_MINUTES,
    total,
    statusMix: mix,
    errorRate: total ? mix.serverError / total : 0,
    clientErrorRate: total ? mix.clientError / total : 0,
    perMinute,
    routes: routeStats,
  };
}

/** The requests a window holds. */
export function requestsIn(window: MetricsWindow): number {
  let n = 0;
  for (const minute of window.minutes) n += minute[1];
  return n;
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/**
 * Records every answer, keyed by the matched route's pattern (`routeOptions.url`: ids never reach
 * the key), after it is sent.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: RequestMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.record(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}
