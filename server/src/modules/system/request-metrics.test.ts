import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  bucketOf,
  bucketUpperMs,
  createRequestMetrics,
  HISTOGRAM_LAYOUT,
  percentile,
  trafficReport,
  UNMATCHED_ROUTE,
  WINDOW_MINUTES,
  type MetricsWindow,
} from './request-metrics.js';

const STEP = 2 ** (1 / 4);
const MINUTE = 60_000;

function histogramOf(values: number[]): Uint32Array {
  const hist = new Uint32Array(BUCKETS);
  for (const v of values) hist[bucketOf(v)]!++;
  return hist;
}

/** The true nearest-rank quantile of a list. */
function exact(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

describe('latency histogram', () => {
  it('puts each value in the bucket whose bounds hold it', () => {
    for (const ms of [0.07, 0.5, 1, 3.3, 12, 64, 250, 999, 4321, 30_000]) {
      const i = bucketOf(ms);
      expect(bucketUpperMs(i)).toBeGreaterThan(ms);
      expect(bucketUpperMs(i - 1)).toBeLessThanOrEqual(ms);
    }
  });

  it('keeps the too-fast, the too-slow and nonsense in the end buckets', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.001)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
    expect(bucketOf(10 * 60_000)).toBe(BUCKETS - 1);
    expect(bucketOf(Infinity)).toBe(BUCKETS - 1);
  });

  it('reads p50, p95 and p99 at most one bucket (19 %) above the true value', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 1 + ((i * 7919) % 1000) * 0.37);
    const hist = histogramOf(values);
    for (const p of [0.5, 0.95, 0.99]) {
      const truth = exact(values, p);
      const read = percentile(hist, p)!;
      expect(read).toBeGreaterThan(truth);
      expect(read).toBeLessThanOrEqual(truth * STEP * 1.0001);
    }
  });

  it('separates a slow tail from the bulk', () => {
    // 98 fast answers and 2 slow ones: p50 and p95 are fast, p99 is slow
    const values = [...Array.from({ length: 98 }, () => 5), 800, 900];
    const hist = histogramOf(values);
    expect(percentile(hist, 0.5)!).toBeLessThan(6);
    expect(percentile(hist, 0.95)!).toBeLessThan(6);
    expect(percentile(hist, 0.99)!).toBeGreaterThan(700);
  });

  it('never reads above the slowest request seen, and nothing from an empty histogram', () => {
    const hist = histogramOf([10, 10, 10]);
    expect(percentile(hist, 0.99, 10)).toBe(10);
    expect(percentile(new Uint32Array(BUCKETS), 0.5)).toBeNull();
  });
});

describe('request recorder', () => {
  it('keys by route pattern and method, not by address', () => {
    const metrics = createRequestMetrics({ now: () => 10 * MINUTE });
    metrics.record('GET', '/api/posts/:id', 200, 3);
    metrics.record('GET', '/api/posts/:id', 200, 5);
    metrics.record('DELETE', '/api/posts/:id', 204, 9);
    metrics.record('GET', undefined, 404, 1);
    const window = metrics.window();
    expect(window.routes.map((r) => `${r.method} ${r.route}`).sort()).toEqual([
      'DELETE /api/posts/:id',
      `GET ${UNMATCHED_ROUTE}`,
      'GET /api/posts/:id',
    ]);
    const report = trafficReport([window], 10 * MINUTE);
    expect(report.routes[0]).toMatchObject({ method: 'GET', route: '/api/posts/:id', count: 2, maxMs: 5, meanMs: 4 });
  });

  it('counts status classes, and the error rate is the share answered 5xx', () => {
    const metrics = createRequestMetrics({ now: () => 0 });
    for (const status of [200, 201, 304, 400, 404, 429, 500, 503]) metrics.record('GET', '/x', status, 1);
    const report = trafficReport([metrics.window()], 0);
    expect(report.total).toBe(8);
    expect(report.statusMix).toEqual({ success: 2, redirect: 1, clientError: 3, serverError: 2 });
    expect(report.errorRate).toBe(2 / 8);
    expect(report.clientErrorRate).toBe(3 / 8);
    expect(report.routes[0]).toMatchObject({ clientErrors: 3, serverErrors: 2 });
  });

  it('keeps a rolling hour: a minute drops out 60 minutes later, and its slot is reused', () => {
    let now = 100 * MINUTE + 5_000;
    const metrics = createRequestMetrics({ now: () => now });
    metrics.record('GET', '/old', 200, 1);
    now += 30 * MINUTE;
    metrics.record('GET', '/mid', 500, 1);
    let report = trafficReport([metrics.window()], now);
    expect(report.total).toBe(2);
    expect(report.perMinute).toHaveLength(WINDOW_MINUTES);
    expect(report.perMinute[0]).toEqual({ minute: new Date(71 * MINUTE).toISOString(), count: 0, clientErrors: 0, serverErrors: 0 });
    expect(report.perMinute[29]).toMatchObject({ minute: new Date(100 * MINUTE).toISOString(), count: 1 });
    expect(report.perMinute[59]).toMatchObject({ minute: new Date(130 * MINUTE).toISOString(), count: 1, serverErrors: 1 });

    now = 159 * MINUTE + 59_999; // the last moment /old's minute is in the window
    expect(trafficReport([metrics.window()], now).total).toBe(2);
    now = 160 * MINUTE; // an hour after /old's minute: gone, even before its slot is written again
    report = trafficReport([metrics.window()], now);
    expect(report.routes.map((r) => r.route)).toEqual(['/mid']);
    metrics.record('GET', '/new', 200, 1); // lands in /old's slot
    expect(metrics.window().routes.map((r) => r.route).sort()).toEqual(['/mid', '/new']);
  });

  it('merges instances: histograms add up before percentiles are read', () => {
    const a = createRequestMetrics({ now: () => 0 });
    const b = createRequestMetrics({ now: () => 0 });
    for (let i = 0; i < 90; i++) a.record('GET', '/api/feed', 200, 2);
    for (let i = 0; i < 10; i++) b.record('GET', '/api/feed', 200, 400);
    const report = trafficReport([a.window(), b.window()], 0);
    expect(report.routes).toHaveLength(1);
    expect(report.routes[0]).toMatchObject({ count: 100, maxMs: 400 });
    expect(report.routes[0]!.p50Ms).toBeLessThan(3);
    expect(report.routes[0]!.p95Ms).toBeGreaterThan(300);
    expect(report.perMinute.at(-1)!.count).toBe(100);
  });

  it('leaves out a window measured with another histogram layout', () => {
    const foreign: MetricsWindow = {
      layout: `${HISTOGRAM_LAYOUT}-old`,
      routes: [{ method: 'GET', route: '/x', hist: [3, 1], classes: [1, 0, 0, 0], sumMs: 1, maxMs: 1 }],
      minutes: [[0, 1, 0, 0]],
    };
    expect(trafficReport([foreign], 0).total).toBe(0);
  });

  it('round-trips through JSON (how other instances publish theirs)', () => {
    const metrics = createRequestMetrics({ now: () => 0 });
    metrics.record('POST', '/api/login', 401, 12.5);
    const window = metrics.window();
    expect(trafficReport([JSON.parse(JSON.stringify(window)) as MetricsWindow], 0)).toEqual(trafficReport([window], 0));
  });
});
