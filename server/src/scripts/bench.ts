// `npm run bench`: on the configured database (seeding a small dataset first when it holds no
// approved plates), starts the API as a server process of its own and loads the hot read paths with
// autocannon (`--concurrency` connections for `--seconds` each, after a warm-up), reporting each
// route's rate as a ratio to `/api/health` and beside two floors measured in the same run
// (bench-floor.ts); then the upload pipeline, chat message delivery with many sockets connected
// (bench-realtime.ts), Lighthouse's first load on a phone (bench-lighthouse.ts) and the photo
// analysis engine (bench-analysis.ts). Prints tables and writes bench/results.json.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { ConfigError, parseConfig, type Config } from '../config.js';
import { sessions } from '../db/schema/index.js';
import { hashToken, newToken } from '../lib/tokens.js';
import { createLocalStorage } from '../lib/storage/index.js';
import { createMediaService } from '../modules/media/media.service.js';
import { encodeKeyset } from '../lib/keyset.js';
import { benchAnalysis, type AnalysisFigures } from './bench-analysis.js';
import { distinctPhotos, driveAnalysis, type AnalysisLoadFigures } from './bench-analysis-load.js';
import { benchLighthouse, ensureWebBuild, type PageFigures } from './bench-lighthouse.js';
import { benchRealtime, prepareMembers } from './bench-realtime.js';
import { runSoak, type SoakFigures } from './bench-soak.js';
import { seedDatabase } from './seed-data.js';
import { cpuMsBetween, cpuMsByPid, pidsNamed, postgresPids, startServer } from './server-process.js';

/** What a phone sends: a 12-megapixel (4000x3000) JPEG, made from a real photograph. */
async function phonePhoto(): Promise<Buffer> {
  return sharp(await readFile(PHOTO))
    .resize(4000, 3000, { fit: 'cover' })
    .sharpen({ sigma: 1.5 })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * CPU ms a request cost the server process, PostgreSQL's processes (every one on the machine)
   * and Redis, over the measured run; only for rows against the server.
   */
  cpuMsPerRequest?: { server: number; postgres: number; redis: number };
}

/** A real photograph committed with the browser journeys (CC0, see e2e/fixtures/README.md). */
const PHOTO = path.resolve(import.meta.dirname, '../../../e2e/fixtures/coffee.jpg');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarise(name: string, latencies: number[], errors: number, seconds: number): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    name,
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    rps: round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * autocannon against `url`: `connections` kept busy for `seconds` (or until `amount` requests),
 * after a 2-second warm-up so JIT, pools and plan caches are ready. Anything but a 2xx counts as
 * an error.
 */
async function load(
  name: string,
  url: string,
  opts: { connections: number; seconds: number; amount: number },
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Result> {
  await autocannon({ url, connections: opts.connections, duration: 2, headers });
  // CPU time of the server, PostgreSQL's processes and Redis across the run: what a request costs
  // each, whatever else the machine does (the capacity model's req/s per core).
  const watched = serverPid ? { server: [serverPid], postgres: await postgresPids(), redis: await pidsNamed('redis-server') } : undefined;
  const cpuBefore = watched && { server: await cpuMsByPid(watched.server), postgres: await cpuMsByPid(watched.postgres), redis: await cpuMsByPid(watched.redis) };
  const run = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.amount > 0 ? { amount: opts.amount } : {}),
    headers,
  });
  const round = (n: number) => Math.round(n * 100) / 100;
  let cpuMsPerRequest: Result['cpuMsPerRequest'];
  if (watched && cpuBefore && run.requests.total > 0) {
    const per = async (pids: number[], before: Map<number, number>) => Math.round((cpuMsBetween(before, await cpuMsByPid(pids)) / run.requests.total) * 1000) / 1000;
    cpuMsPerRequest = {
      server: await per(watched.server, cpuBefore.server),
      postgres: await per(watched.postgres, cpuBefore.postgres),
      redis: await per(watched.redis, cpuBefore.redis),
    };
  }
  return {
    ...(cpuMsPerRequest ? { cpuMsPerRequest } : {}),
    name,
    requests: run.requests.total,
    // autocannon's `errors` already counts timeouts.
    errors: run.errors + run.non2xx,
    seconds: round(run.duration),
    rps: round(run.requests.total / run.duration),
    p50: round(run.latency.p50),
    p99: round(run.latency.p99),
    max: round(run.latency.max),
  };
}

/** A blank line, then `head` and `rows` in columns: the first left-aligned, the rest right-aligned. */
function printTable(head: string[], rows: Array<Array<string | number>>): void {
  const cells = rows.map((row) => row.map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

/**
 * The soak's mix besides the reads: chat pairs, each sending a message every so often, and a plate
 * posted every so often in turn by the analysis members (uploads are limited to 30 an hour each).
 */
const SOAK_CHAT_PAIRS = 20;
const SOAK_CHAT_EVERY_MS = 5_000;
const SOAK_UPLOAD_EVERY_MS = 20_000;

/** Members whose sessions drive the analysis load, and analyses kept in flight (more than the pool's queue takes at once is told busy). */
const ANALYSIS_MEMBERS = 8;
const ANALYSIS_IN_FLIGHT = 4;

interface Prepared {
  total: number;
  deep: { at: string; id: number };
  busyPostId: number;
  cookId: number;
  /** The commonest word of approved plates' titles: the search that matches the most. */
  commonWord: string;
  /** A bearer session of `cookId` made for the signed-in rows, removed at the end. */
  token: string;
  /** Bearer sessions of other members, for the analysis load (one member's rate limit would stop it); removed at the end. */
  analysisTokens: string[];
  /** The plate with a real photograph made for the Lighthouse runs, removed at the end. */
  photoPlateId?: number;
}

/**
 * In this process, before any server starts (an embedded database is opened by one process at a
 * time): seeds a small dataset when there are no approved plates, picks what the scenarios ask
 * for, makes a bench session, and the Lighthouse runs' photo plate.
 */
async function prepare(config: Config, withPhotoPlate: boolean): Promise<Prepared> {
  const app = await buildApp(config, { analyzer: false });
  const db = app.services.database.db;
  try {
    const approved = async () =>
      Number((await db.execute<{ n: number }>(sql`select count(*)::int n from posts where approval_status = 'approved'`)).rows[0]?.n ?? 0);
    if ((await approved()) === 0) {
      console.log('no approved plates: seeding 200 users and 2000 plates first');
      const seeded = await seedDatabase(db, { users: 200, posts: 2000, seed: 42, password: 'plates-demo', media: app.services.media });
      console.log(`login: ${seeded.login.username} / ${seeded.login.password}`);
    }
    const total = await approved();
    // A cursor 80% deep into the feed, the most discussed plate, the top cook.
    const deep = (
      await db.execute<{ at: string; id: number }>(sql`
        select created_at::text at, id from posts where approval_status = 'approved'
        order by created_at desc, id desc offset ${Math.floor(total * 0.8)} limit 1`)
    ).rows[0];
    const busy = (
      await db.execute<{ id: number }>(sql`select id from posts where approval_status = 'approved' order by comment_count desc, id limit 1`)
    ).rows[0];
    const cook = (
      await db.execute<{ id: number }>(sql`select id from users where account_status = 'active' and not is_private order by points desc, id limit 1`)
    ).rows[0];
    const word = (
      await db.execute<{ w: string }>(sql`
        select w from posts, regexp_split_to_table(lower(title), '[^a-z0-9]+') w
        where approval_status = 'approved' and length(w) > 2
        group by w order by count(*) desc, w limit 1`)
    ).rows[0];
    if (!deep || !busy || !cook || !word) throw new Error('no plates to measure');

    const token = newToken();
    await db.insert(sessions).values({
      userId: cook.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
      ip: '127.0.0.1',
      userAgent: 'plates-bench',
    });

    const analysisTokens: string[] = [];
    const members = await db.execute<{ id: number }>(
      sql`select id from users where account_status = 'active' and id <> ${cook.id} order by id limit ${ANALYSIS_MEMBERS}`,
    );
    for (const member of members.rows) {
      const memberToken = newToken();
      analysisTokens.push(memberToken);
      await db.insert(sessions).values({
        userId: Number(member.id),
        tokenHash: hashToken(memberToken),
        expiresAt: new Date(Date.now() + 3_600_000),
        ip: '127.0.0.1',
        userAgent: 'plates-bench',
      });
    }

    let photoPlateId: number | undefined;
    if (withPhotoPlate) {
      // The home feed's first card and the plate page show a real photograph as a phone sends it
      // (the seed's dishes are drawn, and far lighter than photos); removed again afterwards.
      const photo = await phonePhoto();
      const plate = await app.services.posts.create(
        { id: cook.id, isAdmin: true }, // approved at once, so it leads the feed
        { title: 'Morning coffee', description: 'A real photograph, for the first-load measurement.', categoryIds: [] },
        () => app.services.media.processUpload(photo, 'post'),
      );
      photoPlateId = plate.id;
    }
    return { total, deep: { at: deep.at, id: Number(deep.id) }, busyPostId: busy.id, cookId: cook.id, commonWord: word.w, token, analysisTokens, photoPlateId };
  } finally {
    await app.close();
  }
}

/** Removes what prepare() made. */
async function cleanUp(config: Config, prepared: Prepared, soakPlateIds: number[] = []): Promise<void> {
  const app = await buildApp(config, { analyzer: false });
  try {
    for (const id of soakPlateIds) await app.services.posts.remove({ id: prepared.cookId, isAdmin: true }, id);
    await app.services.database.db
      .delete(sessions)
      .where(inArray(sessions.tokenHash, [prepared.token, ...prepared.analysisTokens].map(hashToken)));
    if (prepared.photoPlateId) await app.services.posts.remove({ id: prepared.cookId, isAdmin: true }, prepared.photoPlateId);
  } finally {
    await app.close();
  }
}

/** Starts bench-floor.ts in `mode` serving `file`, and answers its URL and a stop function. */
async function startFloor(mode: 'bytes' | 'select1', file: string, env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', FLOOR, mode, file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the ${mode} floor exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const FLOOR = path.resolve(import.meta.dirname, 'bench-floor.ts');

async function main(): Promise<void> {
  // `--soak` alone means ten minutes (the issue's soak); `--soak N` N minutes.
  const args = process.argv.slice(2).flatMap((arg, i, all) => (arg === '--soak' && !/^\d+$/.test(all[i + 1] ?? '') ? ['--soak', '10'] : [arg]));
  const { values } = parseArgs({
    args,
    options: {
      concurrency: { type: 'string', default: '50' },
      requests: { type: 'string', default: '0' },
      seconds: { type: 'string', default: '10' },
      uploads: { type: 'string', default: '8' },
      sockets: { type: 'string', default: '1000' },
      lighthouse: { type: 'string', default: '3' },
      messages: { type: 'string', default: '2000' },
      only: { type: 'string' },
      soak: { type: 'string', default: '0' },
    },
  });
  // `--soak [MINUTES]`: after the rows, reads, chat and uploads mixed at half the signed-in feed's
  // measured rate for that long, watching the server's memory (issues 14 and 18); 0 skips it.
  const soakMinutes = Math.max(0, Math.min(120, Number(values.soak) || 0));
  // `--only TEXT`: just the rows whose name contains TEXT (any case), beside health; no floors,
  // uploads, sockets or Lighthouse unless their names match.
  const only = values.only?.toLowerCase();
  const wanted = (name: string) => !only || name === 'GET /api/health' || name.toLowerCase().includes(only);
  const opts = {
    connections: Math.max(1, Math.min(1000, Number(values.concurrency) || 50)),
    // 0: no cap, only the time limit.
    amount: Math.max(0, Math.min(10_000_000, Number(values.requests) || 0)),
    seconds: Math.max(1, Math.min(600, Number(values.seconds) || 10)),
  };
  const uploads = Math.max(1, Math.min(50, Number(values.uploads) || 8));
  // An even number of sockets (members come in conversation pairs); 0 skips the realtime runs.
  const sockets = values.sockets === '0' ? 0 : Math.max(2, Math.min(10_000, Math.floor((Number(values.sockets) || 1000) / 2) * 2));
  const messages = Math.max(1, Math.min(100_000, Number(values.messages) || 2000));
  const notes: string[] = [];

  const env = parseConfig(process.env);
  const config = { ...env, logLevel: 'warn' as const };
  // Lighthouse runs per page (the median is kept); 0 skips them.
  const lighthouseRuns = Math.max(0, Math.min(9, Math.floor(Number(values.lighthouse) || 0)));
  if (lighthouseRuns > 0 && wanted('lighthouse')) ensureWebBuild(config.webDistDir);
  let pages: PageFigures[] = [];
  let soak: SoakFigures | undefined;
  let analysisLoad: (AnalysisLoadFigures & { feedP99AloneMs: number; feedP99BusyMs: number; p99ChangePercent: number }) | undefined;
  const results: Result[] = [];
  const serverEnv = { DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', REDIS_URL: config.redisUrl ?? '' };

  const prepared = await prepare(config, lighthouseRuns > 0 && wanted('lighthouse'));
  // The soak's chat members, made before the server starts (an embedded database is one process's).
  const soakChat = soakMinutes > 0 ? await prepareMembers(config, SOAK_CHAT_PAIRS * 2) : undefined;
  const soakPlateIds: number[] = [];
  const scratch = await mkdtemp(path.join(tmpdir(), 'plates-bench-'));
  try {
    // The API in a server process of its own, as `npm start` runs it.
    const server = await startServer(serverEnv);
    const base = server.url;
    const feedFile = path.join(scratch, 'feed.json');
    try {
      console.log(`serving ${prepared.total} approved plates (${config.databaseUrl ? 'postgres' : 'pglite'}) on ${base}; ${opts.connections} connections, ${opts.seconds} s per row`);
      await writeFile(feedFile, Buffer.from(await (await fetch(`${base}/api/posts`)).arrayBuffer()));
      const signedIn = { authorization: `Bearer ${prepared.token}` };
      const { deep, busyPostId, cookId, commonWord, total } = prepared;
      const scenarios: Array<[string, string, Record<string, string>?]> = [
        ['GET /api/health', '/api/health'],
        ['GET /api/posts (visitor)', '/api/posts'],
        ['GET /api/posts (signed in)', '/api/posts', signedIn],
        [`GET /api/posts (cursor ${Math.floor(total * 0.8)} deep)`, `/api/posts?cursor=${encodeKeyset(deep)}`],
        ['GET /api/posts/{id}', `/api/posts/${busyPostId}`],
        ['GET /api/posts/{id}/comments', `/api/posts/${busyPostId}/comments`],
        ['GET /api/leaderboard', '/api/leaderboard'],
        ['GET /api/users/{id} (profile)', `/api/users/${cookId}`],
        ['GET /api/users/{id}/posts', `/api/users/${cookId}/posts`],
        // Search: the header dropdown on the commonest title word (the most matches), people, a
        // misspelling (trigram similarity only), and the advanced page with filters and sorts.
        [`GET /api/search?q=${commonWord} (commonest word)`, `/api/search?q=${encodeURIComponent(commonWord)}`],
        ['GET /api/search?q=elena&tab=users (people)', '/api/search?q=elena&tab=users&limit=3'],
        ['GET /api/search?q=margarita piza (misspelt)', `/api/search?q=${encodeURIComponent('margarita piza')}`],
        ['GET /api/search/posts?minRating=3&sortBy=rating', '/api/search/posts?minRating=3&sortBy=rating'],
        [
          'GET /api/search/posts (filters, trending)',
          '/api/search/posts?q=pizza&minRating=2&dateRange=year&cuisineTypes=Italian,French,Thai&hasLocation=true&sortBy=trending',
        ],
        // The same searches by a member: never the visitors' shared copy, so the queries themselves.
        [`GET /api/search?q=${commonWord} (commonest word, signed in)`, `/api/search?q=${encodeURIComponent(commonWord)}`, signedIn],
        ['GET /api/search/posts?minRating=3&sortBy=rating (signed in)', '/api/search/posts?minRating=3&sortBy=rating', signedIn],
        [
          'GET /api/search/posts (filters, trending, signed in)',
          '/api/search/posts?q=pizza&minRating=2&dateRange=year&cuisineTypes=Italian,French,Thai&hasLocation=true&sortBy=trending',
          signedIn,
        ],
      ];
      for (const [name, url, headers] of scenarios.filter(([name]) => wanted(name))) {
        const result = await load(name, base + url, opts, headers, server.pid);
        results.push(result);
        console.log(`  ${name}: ${result.rps} req/s, p99 ${result.p99} ms`);
      }

      // The signed-in feed again while photo analysis runs at full speed (issue 17: p99 within 20%).
      const busyRowName = 'GET /api/posts (signed in, analysis busy)';
      if (wanted(busyRowName) && prepared.analysisTokens.length > 0) {
        const alone =
          results.find((r) => r.name === 'GET /api/posts (signed in)') ?? (await load('GET /api/posts (signed in)', base + '/api/posts', opts, signedIn));
        if (!results.includes(alone)) results.push(alone);
        const photos = await distinctPhotos(64);
        const driver = driveAnalysis(base, prepared.analysisTokens, photos, ANALYSIS_IN_FLIGHT);
        // Let the workers start and load their models before the feed is measured.
        await new Promise((r) => setTimeout(r, 3_000));
        const busyRow = await load(busyRowName, base + '/api/posts', opts, signedIn);
        const driven = await driver.stop();
        results.push(busyRow);
        const change = Math.round(((busyRow.p99 - alone.p99) / alone.p99) * 100);
        analysisLoad = { ...driven, feedP99AloneMs: alone.p99, feedP99BusyMs: busyRow.p99, p99ChangePercent: change };
        console.log(
          `  ${busyRowName}: ${busyRow.rps} req/s, p99 ${busyRow.p99} ms (alone ${alone.p99} ms: ${change >= 0 ? '+' : ''}${change}%, bar +20%); ` +
            `meanwhile ${driven.analysed} photos analysed in ${driven.seconds} s, ${driven.busy} told busy, ${driven.limited} rate-limited, ${driven.errors} errors`,
        );
        notes.push(`the signed-in feed's p99 with photo analysis at full speed: ${busyRow.p99} ms against ${alone.p99} ms alone (${change >= 0 ? '+' : ''}${change}%; the bar is within 20%)`);
      }

      if (soakMinutes > 0 && soakChat) {
        const signedInRow = results.find((r) => r.name === 'GET /api/posts (signed in)');
        const rate = Math.max(10, Math.round((signedInRow?.rps ?? (await load('GET /api/posts (signed in)', base + '/api/posts', opts, signedIn)).rps) / 2));
        console.log(
          `soak: ${soakMinutes} min at ${rate} req/s of mixed reads (half the signed-in feed's rate), ${SOAK_CHAT_PAIRS} chat pairs each sending every ${SOAK_CHAT_EVERY_MS / 1000} s, ` +
            `a 12 MP plate posted every ${SOAK_UPLOAD_EVERY_MS / 1000} s; memory sampled every 5 s`,
        );
        const run = await runSoak(server.pid, base, {
          minutes: soakMinutes,
          rate,
          connections: opts.connections,
          requests: [
            { path: '/api/posts', headers: signedIn },
            { path: '/api/posts' },
            { path: `/api/posts/${busyPostId}`, headers: signedIn },
            { path: `/api/posts/${busyPostId}/comments` },
            { path: `/api/users/${cookId}/posts`, headers: signedIn },
            { path: `/api/search?q=${encodeURIComponent(commonWord)}` },
            // Members' searches keep shared candidate lists (search.repository.ts): held here too.
            { path: `/api/search?q=${encodeURIComponent(commonWord)}`, headers: signedIn },
            { path: '/api/search/posts?minRating=3&sortBy=rating', headers: signedIn },
          ],
          chatPairs: soakChat.pairs,
          chatEveryMs: SOAK_CHAT_EVERY_MS,
          uploadTokens: prepared.analysisTokens,
          uploadEveryMs: SOAK_UPLOAD_EVERY_MS,
          photo: await phonePhoto(),
        });
        soak = run.figures;
        soakPlateIds.push(...run.createdPlateIds);
      }

      if (lighthouseRuns > 0 && prepared.photoPlateId && wanted('lighthouse')) {
        console.log(`first load on a phone (Lighthouse mobile, median of ${lighthouseRuns})`);
        const lh = await benchLighthouse(base, [['/', '/'], ['/auth', '/auth'], ['/posts/{id}', `/posts/${prepared.photoPlateId}`]], lighthouseRuns);
        pages = lh.figures;
        notes.push(...lh.notes);
      }
    } finally {
      await server.stop();
    }

    // The floors, on the same machine in the same run (the database is free again).
    for (const [name, mode] of [
      ['floor: bare node:http, the feed bytes', 'bytes'],
      ['floor: bare node:http + SELECT 1', 'select1'],
    ] as const) {
      if (!wanted(name)) continue;
      const floor = await startFloor(mode, feedFile, serverEnv);
      try {
        const result = await load(name, floor.url, opts);
        results.push(result);
        console.log(`  ${name}: ${result.rps} req/s, p99 ${result.p99} ms`);
      } finally {
        await floor.stop();
      }
    }

    // Upload processing: the media pipeline on a real photo, into a throw-away folder.
    if (wanted('upload processing')) {
      const media = createMediaService({
        storage: createLocalStorage({ dir: path.join(scratch, 'uploads'), publicPrefix: '/uploads', publicOrigin: config.appUrl }),
      });
      const photo = await phonePhoto();
      const times: number[] = [];
      const started = performance.now();
      // In this process: its CPU time (every thread, libvips' included) is what an upload costs.
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < uploads; i += 1) {
        const t0 = performance.now();
        await media.processUpload(photo, 'post');
        times.push(performance.now() - t0);
      }
      const cpu = process.cpuUsage(cpuBefore);
      const row = summarise(`upload processing (12 MP JPEG, ${(photo.length / 1024).toFixed(0)} KiB)`, times, 0, (performance.now() - started) / 1000);
      row.cpuMsPerRequest = { server: Math.round((cpu.user + cpu.system) / uploads) / 1000, postgres: 0, redis: 0 };
      results.push(row);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await cleanUp(config, prepared, soakPlateIds);
    await soakChat?.cleanup();
  }

  if (sockets > 0 && wanted('message delivery')) {
    // One send at a time shows the path's own latency; `connections` at once shows it under load.
    const loads = [
      { messages: Math.max(1, Math.floor(messages / 10)), concurrency: 1 },
      { messages, concurrency: opts.connections },
    ];
    console.log(`message delivery: ${sockets} sockets, HTTP sends of ${loads.map((l) => `${l.messages} × ${l.concurrency} in flight`).join(' and ')}`);
    const realtime = await benchRealtime(config, { sockets, loads });
    for (const sample of realtime.samples) {
      const row = summarise(sample.name, sample.latencies, sample.errors, sample.seconds);
      if (sample.cpuMsPerMessage) row.cpuMsPerRequest = sample.cpuMsPerMessage;
      results.push(row);
      const loop = sample.clientLoop && `the bench client's own event-loop delay p99 ${sample.clientLoop.p99.toFixed(1)} ms, max ${sample.clientLoop.max.toFixed(1)} ms`;
      console.log(`  ${sample.name}: ${results.at(-1)!.rps} messages/s${loop ? `; ${loop}` : ''}`);
      if (loop) notes.push(`${sample.name}: ${loop}`);
    }
    notes.push(...realtime.notes);
  }

  let analysis: AnalysisFigures | undefined;
  if (wanted('analysis')) {
    console.log('photo analysis: the labelled set at 1024 px, one photo at a time on one worker, then the pool kept busy');
    analysis = await benchAnalysis();
    notes.push(...analysis.notes);
  }

  // Every HTTP row against /api/health measured in the same run: the ratio the issue's bars use.
  const health = results.find((r) => r.name === 'GET /api/health')?.rps ?? 0;
  const ratio = (r: Result) => (health > 0 && !r.name.startsWith('upload') && !r.name.startsWith('message') ? (r.rps / health).toFixed(3) : '');
  printTable(
    ['scenario', 'requests', 'errors', 'req/s', '÷ health', 'p50 ms', 'p99 ms', 'max ms', 'server CPU ms*', 'req/s a core*', 'PostgreSQL CPU ms*'],
    results.map((r) => {
      const cpu = r.cpuMsPerRequest;
      return [r.name, r.requests, r.errors, r.rps, ratio(r), r.p50, r.p99, r.max, cpu?.server ?? '', cpu && cpu.server > 0 ? Math.round(1000 / cpu.server) : '', cpu?.postgres ?? ''];
    }),
  );
  console.log("* CPU time a request cost the server process and PostgreSQL's processes for this database, and the requests one core of the server serves at that cost");
  if (pages.length > 0) {
    printTable(
      ['page (Lighthouse mobile)', 'score', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'JS+CSS KB*', 'files*', 'requests*', 'all requests'],
      pages.map((p) => [
        p.page,
        p.score,
        p.lcpMs,
        p.tbtMs,
        p.cls,
        p.fcpMs,
        (p.scriptAndStyleBytes / 1024).toFixed(1),
        p.scriptAndStyleFiles,
        p.requests,
        p.allRequests,
      ]),
    );
    console.log('* before the load event; all requests includes the code asked for once the page was idle');
  }
  if (soak) {
    printTable(
      ['soak', 'minutes', 'sent', 'req/s', 'errors', 'lost', 'p50 ms', 'p99 ms'],
      [
        ['mixed reads', soak.minutes, soak.reads.requests, soak.reads.rps, soak.reads.errors, '', soak.reads.p50, soak.reads.p99],
        [`chat (${soak.chat.pairs} pairs; delivery)`, soak.minutes, soak.chat.sent, '', soak.chat.errors, soak.chat.lost, soak.chat.p50, soak.chat.p99],
        ['uploads (12 MP, posted)', soak.minutes, soak.uploads.sent, '', soak.uploads.errors, '', soak.uploads.p50, soak.uploads.p99],
      ],
    );
    console.log(`reads' p99 minute by minute (ms): ${soak.reads.p99PerMinute.join(', ')}`);
    printTable(
      ['server memory', 'RSS start MB', 'RSS end MB', 'RSS max MB', 'slope MB/min'],
      [['after the warm-up', soak.rssStartMb, soak.rssEndMb, soak.rssMaxMb, soak.slopeMbPerMin]],
    );
  }
  if (analysis) {
    printTable(
      ['photo analysis (1024 px)', 'photos', 'p50 ms', 'p99 ms', 'max ms'],
      analysis.rows.map((r) => [r.part, r.photos, r.p50, r.p99, r.max]),
    );
    printTable(
      ['photo analysis pool', 'photos/s (all parts)', 'RSS busy MB'],
      Object.keys(analysis.throughput).map((workers) => [`${workers} worker(s)`, analysis.throughput[workers]!, analysis.rssBusyMb[workers]!]),
    );
    console.log(`cold start (worker, WASM, both models, first photo): ${analysis.coldStartMs} ms; embedding recall@5 against the full features: ${analysis.recallAt5} on ${analysis.recallImages} images`);
  }
  for (const note of notes) console.log(`note: ${note}`);

  const out = path.resolve('bench', 'results.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), database: config.databaseUrl ? 'postgres' : 'pglite', node: process.version, options: { ...opts, uploads, sockets, messages, lighthouseRuns, soakMinutes }, results, pages, soak, analysis, analysisLoad, notes }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

main().catch((error: unknown) => {
  // A mistyped option gets one line and the usage, not a stack trace.
  const badOption = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (badOption) console.error(`${(error as Error).message}\nusage: npm run bench -- [--concurrency CONNECTIONS] [--requests CAP] [--seconds N] [--uploads N] [--sockets N] [--messages N] [--lighthouse RUNS] [--only TEXT] [--soak [MINUTES]]`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(badOption ? 2 : 1);
});
