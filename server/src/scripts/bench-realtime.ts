// Message delivery latency for `npm run bench`: real server processes (one, then two sharing
// PostgreSQL and Redis), `sockets` members connected over Socket.IO, and messages sent over HTTP;
// latency is from the moment the send request starts to the `new_message` event arriving on the
// receiver's socket. With two instances every receiver sits on the other instance than its sender,
// so each delivery crosses Redis.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { and, inArray, like } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@plates/common';
import type { Config } from '../config.js';
import { createDatabase } from '../db/client.js';
import { chatSessions, chatSessionUserData, sessions, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { createChatRepository } from '../modules/chat/chat.repository.js';
import { cpuMsBetween, cpuMsByPid, postgresPids, rssMb, startServer, type ServerProcess } from './server-process.js';

export interface LatencySample {
  name: string;
  latencies: number[];
  errors: number;
  seconds: number;
  /** The bench process's own event-loop delay while the load ran (ms): a stalled client adds to every latency it times. */
  clientLoop?: { p99: number; max: number };
  /** CPU ms the server processes (all instances together) and PostgreSQL spent per message delivered: the send and its fan-out. */
  cpuMsPerMessage?: { server: number; postgres: number; redis: number };
}

interface Member {
  id: number;
  token: string;
}

export interface Pair {
  sessionId: number;
  a: Member;
  b: Member;
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const PREFIX = 'bench_rt_';

/**
 * Makes (or reuses) `count` bench members paired into conversations, with fresh bearer sessions.
 * Opens its own database handle and closes it, so an embedded PGlite is free for the server after.
 */
export async function prepareMembers(config: Config, count: number): Promise<{ pairs: Pair[]; cleanup: () => Promise<void> }> {
  const database = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const db = database.db;
  const chats = createChatRepository(db);
  try {
    const password = await hashPassword(randomBytes(16).toString('hex'));
    const names = Array.from({ length: count }, (_, i) => `${PREFIX}${i}`);
    for (let i = 0; i < names.length; i += 500) {
      await db
        .insert(users)
        .values(names.slice(i, i + 500).map((username) => ({ username, email: `${username}@bench.test`, password, emailVerified: true })))
        .onConflictDoNothing();
    }
    const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, names));
    const idOf = new Map(rows.map((r) => [r.username, r.id]));
    const expiresAt = new Date(Date.now() + 3_600_000);
    const members: Member[] = names.map((name) => ({ id: idOf.get(name)!, token: newToken() }));
    for (let i = 0; i < members.length; i += 500) {
      await db.insert(sessions).values(
        members.slice(i, i + 500).map((m) => ({ userId: m.id, tokenHash: hashToken(m.token), expiresAt, ip: '127.0.0.1', userAgent: 'plates-bench' })),
      );
    }

    const half = Math.floor(count / 2);
    const pairs: Pair[] = [];
    for (let i = 0; i < half; i += 1) {
      const a = members[i]!;
      const b = members[i + half]!;
      await db.insert(chatSessions).values({ user1Id: a.id, user2Id: b.id }).onConflictDoNothing();
      const found = await chats.sessionBetween(a.id, b.id);
      if (!found) throw new Error('bench conversation missing');
      await db
        .insert(chatSessionUserData)
        .values([a, b].map((m) => ({ sessionId: found.id, userId: m.id })))
        .onConflictDoNothing();
      pairs.push({ sessionId: found.id, a, b });
    }
    return {
      pairs,
      async cleanup() {
        const again = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
        await again.db.delete(sessions).where(and(like(sessions.userAgent, 'plates-bench'), inArray(sessions.userId, members.map((m) => m.id))));
        await again.close();
      },
    };
  } finally {
    await database.close();
  }
}

export function openSocket(url: string, token: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket: ClientSocket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
    const timer = setTimeout(() => reject(new Error('socket did not connect within 20 s')), 20_000);
    socket.once('connected', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export interface Load {
  /** Messages to send, and how many sends are in flight at once. */
  messages: number;
  concurrency: number;
}

/**
 * Connects every member (in batches of 50), then for each load sends its messages over HTTP with
 * its concurrency, each load on the same connected sockets.
 */
async function measure(name: string, servers: ServerProcess[], pairs: Pair[], loads: Load[], notes: string[]): Promise<LatencySample[]> {
  // Sender of pair i on instance i % n, its partner on the next one: with two instances every
  // delivery crosses between them.
  const home = (i: number, side: 'a' | 'b') => servers[(i + (side === 'b' ? 1 : 0)) % servers.length]!;
  const sockets: ClientSocket[] = [];
  const started = new Map<string, number>();
  let latencies: number[] = [];
  let waiting: (() => void) | undefined;
  try {
    const before = await Promise.all(servers.map((s) => rssMb(s.pid)));
    const jobs = pairs.flatMap((pair, i) => (['a', 'b'] as const).map((side) => ({ pair, i, side })));
    for (let k = 0; k < jobs.length; k += 50) {
      const batch = await Promise.all(
        jobs.slice(k, k + 50).map(async ({ pair, i, side }) => {
          const socket = await openSocket(home(i, side).url, pair[side].token);
          socket.on('new_message', (message) => {
            if (message.senderId === pair[side].id || !message.tempId) return;
            const t0 = started.get(message.tempId);
            if (t0 === undefined) return;
            started.delete(message.tempId);
            latencies.push(performance.now() - t0);
            if (started.size === 0) waiting?.();
          });
          return socket;
        }),
      );
      sockets.push(...batch);
    }

    // What the connected sockets cost each instance (the capacity model's sockets per instance).
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await Promise.all(servers.map((s) => rssMb(s.pid)));
    const perInstance = (pairs.length * 2) / servers.length;
    const grew = after.reduce((a, mb, i) => a + (mb - before[i]!), 0) / servers.length;
    notes.push(`${name}: ${perInstance} sockets an instance added ${grew.toFixed(1)} MB of resident memory each (${((grew * 1024) / perInstance).toFixed(1)} KB a socket)`);
    const samples: LatencySample[] = [];
    for (const load of loads) {
      const pids = servers.map((s) => s.pid);
      const postgres = await postgresPids();
      const before = { server: await cpuMsByPid(pids), postgres: await cpuMsByPid(postgres) };
      const sample = await send(`${name}, ${load.concurrency} in flight`, load);
      const per = async (ids: number[], from: Map<number, number>) =>
        Math.round((cpuMsBetween(from, await cpuMsByPid(ids)) / Math.max(1, sample.latencies.length)) * 1000) / 1000;
      sample.cpuMsPerMessage = { server: await per(pids, before.server), postgres: await per(postgres, before.postgres), redis: 0 };
      samples.push(sample);
    }
    return samples;
  } finally {
    for (const socket of sockets) socket.disconnect();
  }

  async function send(label: string, load: Load): Promise<LatencySample> {
    latencies = [];
    let errors = 0;
    // Sampled every 5 ms; the histogram counts the interval itself, so it is taken off below.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const begin = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < load.messages) {
        const j = next;
        next += 1;
        const i = j % pairs.length;
        const pair = pairs[i]!;
        // Alternate directions round by round, so each member sends about as often.
        const side = Math.floor(j / pairs.length) % 2 === 0 ? 'a' : 'b';
        const tempId = `bench-${randomBytes(6).toString('hex')}-${j}`;
        started.set(tempId, performance.now());
        try {
          const res = await fetch(`${home(i, side).url}/api/simple-chat/conversations/${pair.sessionId}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${pair[side].token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ content: `bench message ${j}`, tempId }),
          });
          await res.arrayBuffer();
          if (!res.ok) {
            errors += 1;
            started.delete(tempId);
          }
        } catch {
          errors += 1;
          started.delete(tempId);
        }
      }
    };
    await Promise.all(Array.from({ length: load.concurrency }, worker));
    // Every stored message should arrive; give stragglers 10 s, then count the missing as errors.
    if (started.size > 0) {
      await new Promise<void>((resolve) => {
        waiting = resolve;
        setTimeout(resolve, 10_000);
      });
    }
    errors += started.size;
    started.clear();
    loop.disable();
    const clientLoop = { p99: Math.max(0, loop.percentile(99) / 1e6 - 5), max: Math.max(0, loop.max / 1e6 - 5) };
    return { name: label, latencies, errors, seconds: (performance.now() - begin) / 1000, clientLoop };
  }
}

/**
 * Runs the delivery benchmark on one instance and, when DATABASE_URL and REDIS_URL are both set
 * (an embedded PGlite belongs to one process), on two. Answers a sample per run and notes why a
 * run was left out.
 */
export async function benchRealtime(config: Config, opts: { sockets: number; loads: Load[] }): Promise<{ samples: LatencySample[]; notes: string[] }> {
  const prepared = await prepareMembers(config, opts.sockets);
  const samples: LatencySample[] = [];
  const notes: string[] = [];
  const env = {
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl ?? '',
    REDIS_URL: config.redisUrl ?? '',
    REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  const label = (n: number) => `message delivery, ${n} instance${n > 1 ? 's' : ''}, ${opts.sockets} sockets`;
  try {
    const one = await startServer(env);
    try {
      samples.push(...(await measure(label(1), [one], prepared.pairs, opts.loads, notes)));
    } finally {
      await one.stop();
    }
    if (config.databaseUrl && config.redisUrl) {
      const two = await Promise.all([startServer(env), startServer(env)]);
      try {
        samples.push(...(await measure(`${label(2)} (Redis)`, two, prepared.pairs, opts.loads, notes)));
      } finally {
        await Promise.all(two.map((s) => s.stop()));
      }
    } else {
      notes.push('two instances need DATABASE_URL and REDIS_URL (an embedded PGlite belongs to one process): not measured');
    }
  } finally {
    await prepared.cleanup();
  }
  return { samples, notes };
}
