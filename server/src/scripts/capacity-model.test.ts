import { describe, expect, it } from 'vitest';
import { BENCH_ROW, costsFromBench, PEAK_HOUR_SHARE, PEAK_MINUTE, PER_MEMBER_PER_DAY, size, SOCKETS_PER_PROCESS, TARGET_UTILISATION, type RequestKind, type RouteCost } from './capacity-model.js';

const kinds = Object.keys(BENCH_ROW) as RequestKind[];
const flat = (serverMs: number, postgresMs: number) => Object.fromEntries(kinds.map((k) => [k, { serverMs, postgresMs }])) as Record<RequestKind, RouteCost>;
const perDay = kinds.reduce((a, k) => a + PER_MEMBER_PER_DAY[k], 0);

describe('capacity model', () => {
  it('turns daily members into the busiest minute’s requests a second', () => {
    const s = size(100_000, flat(1, 1), 10);
    expect(s.peakRequestsPerSecond).toBe(Math.round((100_000 * perDay * PEAK_HOUR_SHARE * PEAK_MINUTE) / 3600));
  });

  it('plans Node cores from CPU per request at the target utilisation, never fewer than two processes', () => {
    const s = size(1_000_000, flat(2, 0.5), 10);
    const peak = (1_000_000 * perDay * PEAK_HOUR_SHARE * PEAK_MINUTE) / 3600;
    expect(s.nodeCores).toBeCloseTo((peak * 2) / 1000 / TARGET_UTILISATION, 0);
    expect(s.nodeProcesses).toBe(Math.ceil((peak * 2) / 1000 / TARGET_UTILISATION));
    expect(size(10, flat(0.01, 0.01), 10).nodeProcesses).toBe(2);
  });

  it('names the resource closest to its limit, and the request kind that loads it most', () => {
    const costs = flat(0.1, 0.01);
    costs.search_member = { serverMs: 0.1, postgresMs: 4000 };
    const s = size(1_000_000, costs, 10);
    expect(s.pressure[0]!.resource).toMatch(/PostgreSQL/);
    expect(s.pressure[0]!.mostFrom).toBe('search_member');
    expect(s.replicas).toBeGreaterThan(0);
    // Sockets: processes follow the members online once they outgrow the CPU's.
    const sockets = size(10_000_000, flat(0.001, 0.001), 10);
    expect(sockets.nodeProcesses).toBe(Math.ceil(sockets.socketsOnline / SOCKETS_PER_PROCESS));
  });

  it('prices each kind from the bench row named for it, and names the rows it lacks', () => {
    const names: Record<RequestKind, string> = {
      feed_member: 'GET /api/posts (signed in)',
      feed_visitor: 'GET /api/posts (visitor)',
      plate: 'GET /api/posts/{id}',
      comments: 'GET /api/posts/{id}/comments',
      profile: 'GET /api/users/{id} (profile)',
      profile_plates: 'GET /api/users/{id}/posts',
      search_member: 'GET /api/search?q=crispy (commonest word, signed in)',
      leaderboard: 'GET /api/leaderboard',
      write: 'message delivery, 1 instance, 1000 sockets, 50 in flight',
      chat_message: 'message delivery, 1 instance, 1000 sockets, 50 in flight',
      upload: 'upload processing (12 MP JPEG, 1349 KiB)',
    };
    const rows = [
      // Rows that must not price anything: the visitors' search, one send in flight, two instances.
      { name: 'GET /api/search?q=crispy (commonest word)', cpuMsPerRequest: { server: 99, postgres: 99 } },
      { name: 'message delivery, 1 instance, 1000 sockets, 1 in flight', cpuMsPerRequest: { server: 99, postgres: 99 } },
      { name: 'message delivery, 2 instances, 1000 sockets (Redis), 50 in flight', cpuMsPerRequest: { server: 99, postgres: 99 } },
      ...kinds.map((k, i) => ({ name: names[k], cpuMsPerRequest: { server: i + 1, postgres: 1 } })),
    ];
    const costs = costsFromBench(rows);
    for (const [i, k] of kinds.entries()) {
      if (k === 'chat_message') continue; // shares the write's row
      expect(costs[k], k).toEqual({ serverMs: i + 1, postgresMs: 1, row: names[k] });
    }
    expect(costs.chat_message).toEqual(costs.write);
    expect(() => costsFromBench(rows.filter((r) => !r.name.startsWith('upload')))).toThrow(/upload processing/);
  });
});

describe('capacity model: connections and memory', () => {
  it('counts each process’s pool against max_connections, and each process’s memory with its sockets', async () => {
    const { POOL_PER_PROCESS, MAX_CONNECTIONS, PROCESS_BASE_MB } = await import('./capacity-model.js');
    const s = size(1_000_000, flat(2, 0.5), 20);
    expect(s.connections).toBe(s.nodeProcesses * POOL_PER_PROCESS);
    expect(s.pressure.find((p) => p.resource.startsWith('PostgreSQL connections'))!.share).toBeCloseTo(s.connections / MAX_CONNECTIONS, 2);
    expect(s.nodeMemoryMb).toBe(s.nodeProcesses * PROCESS_BASE_MB + Math.round((s.socketsOnline * 20) / 1024));
  });
});
