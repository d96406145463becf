// The capacity model (issue 18, docs/capacity.md): what a day's members ask of the service, times
// what each request cost in CPU in the last `npm run bench`, at the busiest minute, gives the Node
// processes, PostgreSQL cores, Redis and sockets each size of community needs, and names the first
// resource to run out. Pure: `npm run capacity` feeds it bench/results.json; the test feeds it
// figures of its own.

/** What one bench row cost: CPU ms per request in the server process and in PostgreSQL. */
export interface RouteCost {
  serverMs: number;
  postgresMs: number;
  /** The bench row it was read from. */
  row?: string;
}

/** The kinds of request the model counts, each priced by one bench row (`BENCH_ROW`). */
export type RequestKind =
  | 'feed_member'
  | 'feed_visitor'
  | 'plate'
  | 'comments'
  | 'profile'
  | 'profile_plates'
  | 'search_member'
  | 'leaderboard'
  | 'write'
  | 'chat_message'
  | 'upload';

/**
 * The bench row that prices each kind. Writes (ratings, comments, hearts, saves, follows) have no
 * row of their own: each is one short transaction under a lock with a notification, priced as a
 * chat send, which is exactly that. Chat is priced under load (many sends in flight), where the
 * sockets' idle work is spread over many messages, as at a busy minute.
 */
export const BENCH_ROW: Record<RequestKind, RegExp> = {
  feed_member: /^GET \/api\/posts \(signed in\)$/,
  feed_visitor: /^GET \/api\/posts \(visitor\)$/,
  plate: /^GET \/api\/posts\/\{id\}$/,
  comments: /^GET \/api\/posts\/\{id\}\/comments$/,
  profile: /^GET \/api\/users\/\{id\} \(profile\)$/,
  profile_plates: /^GET \/api\/users\/\{id\}\/posts$/,
  search_member: /^GET \/api\/search\?q=\S+ \(commonest word, signed in\)$/,
  leaderboard: /^GET \/api\/leaderboard$/,
  write: /^message delivery, 1 instance, \d+ sockets, (?!1 in flight)\d+ in flight$/,
  chat_message: /^message delivery, 1 instance, \d+ sockets, (?!1 in flight)\d+ in flight$/,
  upload: /^upload processing/,
};

/**
 * Requests a daily active member makes in a day (assumptions, written down in docs/capacity.md):
 * three visits of a few minutes; each member also brings a visitor's worth of signed-out reads
 * (shared links, search engines), which are served from the visitors' shared copies.
 */
export const PER_MEMBER_PER_DAY: Record<RequestKind, number> = {
  feed_member: 12,
  feed_visitor: 3,
  plate: 15,
  comments: 5,
  profile: 2,
  profile_plates: 2,
  search_member: 3,
  leaderboard: 0.5,
  write: 6,
  chat_message: 10,
  upload: 0.1,
};

/** The busiest hour carries this share of a day's requests; its busiest minute runs at `PEAK_MINUTE` × the hour's mean. */
export const PEAK_HOUR_SHARE = 0.1;
export const PEAK_MINUTE = 2;
/** Share of the day's members with the app open (a socket connected) at the busiest minute. */
export const ONLINE_SHARE = 0.1;
/** Planned CPU use at the busiest minute: the rest is headroom for bursts and for losing one machine. */
export const TARGET_UTILISATION = 0.6;
/** Sockets one Node process is planned to hold (memory a socket is measured; pings every 25 s are cheap). */
export const SOCKETS_PER_PROCESS = 10_000;
/** Cores one PostgreSQL server is planned to have before reads move to replicas. */
export const PRIMARY_MAX_CORES = 16;
/**
 * Redis commands per request kind (rate-limit counters on writes and uploads, the adapter's publish
 * and the presence and unread keys on chat), and the commands a second one Redis core is planned
 * to run at the busiest minute (about a quarter of what redis-benchmark shows on this machine).
 */
export const REDIS_OPS: Partial<Record<RequestKind, number>> = { write: 3, chat_message: 6, upload: 3 };
export const REDIS_OPS_PER_SECOND = 25_000;
/**
 * Database connections each Node process keeps (its pool) and what PostgreSQL allows (Debian's
 * default `max_connections`): past it, PgBouncer in transaction mode in front of the primary.
 */
export const POOL_PER_PROCESS = 10;
export const MAX_CONNECTIONS = 100;
/** A Node process's resident memory with nothing connected (measured idle: tsx, sharp, Socket.IO). */
export const PROCESS_BASE_MB = 350;

export interface Sizing {
  members: number;
  peakRequestsPerSecond: number;
  nodeProcesses: number;
  nodeCores: number;
  postgresCores: number;
  replicas: number;
  redisOpsPerSecond: number;
  redisInstances: number;
  socketsOnline: number;
  socketMemoryMb: number;
  /** Resident memory of all Node processes: each one's base plus its share of the sockets. */
  nodeMemoryMb: number;
  connections: number;
  /** Cores of Node CPU each request kind takes at the busiest minute (before the utilisation target). */
  nodeCoresByKind: Record<RequestKind, number>;
  /** Each resource's share of what one unit of it holds (one process, one primary, one Redis), highest first: the first is the first bottleneck. */
  pressure: Array<{ resource: string; share: number; mostFrom?: RequestKind }>;
}

/** Sizes for `members` daily active members, from the costs of the bench's rows. */
export function size(members: number, cost: Record<RequestKind, RouteCost>, socketKb: number): Sizing {
  const kinds = Object.keys(PER_MEMBER_PER_DAY) as RequestKind[];
  const perSecond = (kind: RequestKind) => (members * PER_MEMBER_PER_DAY[kind] * PEAK_HOUR_SHARE * PEAK_MINUTE) / 3600;
  const serverCpu = new Map(kinds.map((k) => [k, (perSecond(k) * cost[k].serverMs) / 1000]));
  const postgresCpu = new Map(kinds.map((k) => [k, (perSecond(k) * cost[k].postgresMs) / 1000]));
  const redisOps = new Map(kinds.map((k) => [k, perSecond(k) * (REDIS_OPS[k] ?? 0)]));
  const sum = (m: Map<RequestKind, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const top = (m: Map<RequestKind, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0]![0];

  const nodeCores = sum(serverCpu) / TARGET_UTILISATION;
  const socketsOnline = Math.round(members * ONLINE_SHARE);
  // One Node process a core (JavaScript runs on one thread); never fewer than two, so one can fail.
  const nodeProcesses = Math.max(2, Math.ceil(nodeCores), Math.ceil(socketsOnline / SOCKETS_PER_PROCESS));
  const postgresCores = Math.max(2, Math.ceil(sum(postgresCpu) / TARGET_UTILISATION));
  // Reads beyond what a primary of PRIMARY_MAX_CORES takes go to replicas of the same size.
  const replicas = postgresCores > PRIMARY_MAX_CORES ? Math.ceil((postgresCores - PRIMARY_MAX_CORES) / PRIMARY_MAX_CORES) : 0;
  const redisOpsPerSecond = Math.round(sum(redisOps));
  const redisInstances = Math.max(1, Math.ceil(redisOpsPerSecond / REDIS_OPS_PER_SECOND));
  const pressure = [
    { resource: 'Node CPU (one process)', share: sum(serverCpu) / TARGET_UTILISATION, mostFrom: top(serverCpu) },
    { resource: `PostgreSQL CPU (a ${PRIMARY_MAX_CORES}-core primary)`, share: sum(postgresCpu) / TARGET_UTILISATION / PRIMARY_MAX_CORES, mostFrom: top(postgresCpu) },
    { resource: 'Redis (one instance)', share: sum(redisOps) / REDIS_OPS_PER_SECOND, mostFrom: top(redisOps) },
    { resource: 'sockets (one process)', share: socketsOnline / SOCKETS_PER_PROCESS },
    { resource: `PostgreSQL connections (max_connections ${MAX_CONNECTIONS})`, share: (nodeProcesses * POOL_PER_PROCESS) / MAX_CONNECTIONS },
  ].sort((a, b) => b.share - a.share);
  const socketMemoryMb = Math.round((socketsOnline * socketKb) / 1024);
  return {
    members,
    peakRequestsPerSecond: Math.round(kinds.reduce((a, k) => a + perSecond(k), 0)),
    nodeProcesses,
    nodeCores: Math.round(nodeCores * 10) / 10,
    postgresCores,
    replicas,
    redisOpsPerSecond,
    redisInstances,
    socketsOnline,
    socketMemoryMb,
    nodeMemoryMb: nodeProcesses * PROCESS_BASE_MB + socketMemoryMb,
    connections: nodeProcesses * POOL_PER_PROCESS,
    nodeCoresByKind: Object.fromEntries([...serverCpu].map(([k, v]) => [k, Math.round(v * 100) / 100])) as Record<RequestKind, number>,
    pressure: pressure.map((p) => ({ ...p, share: Math.round(p.share * 1000) / 1000 })),
  };
}

/** The cost of each kind from bench rows `{ name, cpuMsPerRequest }`; a kind without a measured row is named in the error. */
export function costsFromBench(rows: Array<{ name: string; cpuMsPerRequest?: { server: number; postgres: number } }>): Record<RequestKind, RouteCost> {
  const missing: string[] = [];
  const costs = {} as Record<RequestKind, RouteCost>;
  for (const [kind, pattern] of Object.entries(BENCH_ROW) as Array<[RequestKind, RegExp]>) {
    const row = rows.find((r) => pattern.test(r.name) && r.cpuMsPerRequest);
    if (!row?.cpuMsPerRequest) {
      missing.push(pattern.source);
      continue;
    }
    costs[kind] = { serverMs: row.cpuMsPerRequest.server, postgresMs: row.cpuMsPerRequest.postgres, row: row.name };
  }
  if (missing.length > 0) throw new Error(`the bench results have no CPU figures for: ${[...new Set(missing)].join('; ')} (run npm run bench without --only)`);
  return costs;
}
