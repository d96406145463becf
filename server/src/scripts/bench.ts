// `npm run bench`: builds the app in-process on the configured database (seeding a small dataset
// first when it holds no approved plates), serves it on a loopback port and measures throughput
// and latency of the hot read paths plus the upload pipeline; then starts real server processes
// and measures chat message delivery (HTTP send to the receiver's socket) with many sockets
// connected, on one instance and on two (bench-realtime.ts). Bounded in requests and time.
// Prints a table and writes bench/results.json.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { ConfigError, parseConfig } from '../config.js';
import { createLocalStorage } from '../lib/storage/index.js';
import { createMediaService } from '../modules/media/media.service.js';
import { encodeKeyset } from '../lib/keyset.js';
import { benchLighthouse, ensureWebBuild, type PageFigures } from './bench-lighthouse.js';
import { benchRealtime } from './bench-realtime.js';
import { seedDatabase } from './seed-data.js';

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

/** `concurrency` workers fetch `url` until `maxRequests` are done or `maxSeconds` have passed. */
async function load(name: string, url: string, opts: { concurrency: number; maxRequests: number; maxSeconds: number }): Promise<Result> {
  // warm-up: a few requests so JIT and connection pools are ready
  for (let i = 0; i < 20; i += 1) await (await fetch(url)).arrayBuffer();
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.maxSeconds * 1000;
  const worker = async () => {
    while (issued < opts.maxRequests && performance.now() < deadline) {
      issued += 1;
      const t0 = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  return summarise(name, latencies, errors, (performance.now() - started) / 1000);
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

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      concurrency: { type: 'string', default: '16' },
      requests: { type: 'string', default: '3000' },
      seconds: { type: 'string', default: '8' },
      uploads: { type: 'string', default: '8' },
      sockets: { type: 'string', default: '1000' },
      lighthouse: { type: 'string', default: '3' },
      messages: { type: 'string', default: '2000' },
    },
  });
  const opts = {
    concurrency: Math.max(1, Math.min(256, Number(values.concurrency) || 16)),
    maxRequests: Math.max(1, Math.min(100_000, Number(values.requests) || 3000)),
    maxSeconds: Math.max(1, Math.min(60, Number(values.seconds) || 8)),
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
  if (lighthouseRuns > 0) ensureWebBuild(config.webDistDir);
  let pages: PageFigures[] = [];
  const app = await buildApp(config);
  const db = app.services.database.db;
  const results: Result[] = [];
  try {
    const approved = async () =>
      Number((await db.execute<{ n: number }>(sql`select count(*)::int n from posts where approval_status = 'approved'`)).rows[0]?.n ?? 0);
    if ((await approved()) === 0) {
      console.log('no approved plates: seeding 200 users and 2000 plates first');
      const seeded = await seedDatabase(db, { users: 200, posts: 2000, seed: 42, password: 'plates-demo', media: app.services.media });
      console.log(`login: ${seeded.login.username} / ${seeded.login.password}`);
    }
    const total = await approved();

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no loopback address');
    const base = `http://127.0.0.1:${address.port}`;
    console.log(`serving ${total} approved plates (${app.services.database.kind}) on ${base}`);

    // A cursor 80% deep into the feed, and the most discussed plate.
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
    if (!deep || !busy || !cook) throw new Error('no plates to measure');

    const scenarios: Array<[string, string]> = [
      ['GET /api/posts (first page)', '/api/posts'],
      [`GET /api/posts (cursor ${Math.floor(total * 0.8)} deep)`, `/api/posts?cursor=${encodeKeyset({ at: deep.at, id: Number(deep.id) })}`],
      ['GET /api/posts/{id}', `/api/posts/${busy.id}`],
      ['GET /api/posts/{id}/comments', `/api/posts/${busy.id}/comments`],
      ['GET /api/leaderboard', '/api/leaderboard'],
      ['GET /api/users/{id} (profile)', `/api/users/${cook.id}`],
      ['GET /api/users/{id}/posts', `/api/users/${cook.id}/posts`],
      // Search over the seed's dish names: the header dropdown on a common word, a misspelling
      // (trigram similarity only), and the advanced page with filters sorted by trending.
      ['GET /api/search?q=ramen (header)', '/api/search?q=ramen&limit=3'],
      ['GET /api/search?q=elena&tab=users (people)', '/api/search?q=elena&tab=users&limit=3'],
      ['GET /api/search?q=margarita piza (misspelt)', `/api/search?q=${encodeURIComponent('margarita piza')}`],
      [
        'GET /api/search/posts (filters, trending)',
        '/api/search/posts?q=pizza&minRating=2&dateRange=year&cuisineTypes=Italian,French,Thai&hasLocation=true&sortBy=trending',
      ],
    ];
    for (const [name, url] of scenarios) {
      const result = await load(name, base + url, opts);
      results.push(result);
      console.log(`  ${name}: ${result.rps} req/s`);
    }

    if (lighthouseRuns > 0) {
      console.log(`first load on a phone (Lighthouse mobile, median of ${lighthouseRuns})`);
      // The home feed's first card and the plate page show a real photograph as a phone sends it
      // (the seed's dishes are drawn, and far lighter than photos); removed again afterwards.
      const photo = await phonePhoto();
      const photoPlate = await app.services.posts.create(
        { id: cook.id, isAdmin: true }, // approved at once, so it leads the feed
        { title: 'Morning coffee', description: 'A real photograph, for the first-load measurement.', categoryIds: [] },
        () => app.services.media.processUpload(photo, 'post'),
      );
      try {
        const lh = await benchLighthouse(base, [['/', '/'], ['/auth', '/auth'], ['/posts/{id}', `/posts/${photoPlate.id}`]], lighthouseRuns);
        pages = lh.figures;
        notes.push(...lh.notes);
      } finally {
        await app.services.posts.remove({ id: cook.id, isAdmin: true }, photoPlate.id);
      }
    }

    // Upload processing: the media pipeline on a real photo, into a throw-away folder.
    const scratch = await mkdtemp(path.join(tmpdir(), 'plates-bench-'));
    try {
      const media = createMediaService({
        storage: createLocalStorage({ dir: scratch, publicPrefix: '/uploads', publicOrigin: config.appUrl }),
      });
      // What a phone sends: a 12-megapixel (4000x3000) JPEG, made from a real photograph.
      const photo = await phonePhoto();
      const label = '12 MP JPEG';
      const times: number[] = [];
      const started = performance.now();
      for (let i = 0; i < uploads; i += 1) {
        const t0 = performance.now();
        await media.processUpload(photo, 'post');
        times.push(performance.now() - t0);
      }
      results.push(summarise(`upload processing (${label}, ${(photo.length / 1024).toFixed(0)} KiB)`, times, 0, (performance.now() - started) / 1000));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  } finally {
    await app.close();
  }

  if (sockets > 0) {
    // One send at a time shows the path's own latency; `concurrency` at once shows it under load.
    const loads = [
      { messages: Math.max(1, Math.floor(messages / 10)), concurrency: 1 },
      { messages, concurrency: opts.concurrency },
    ];
    console.log(`message delivery: ${sockets} sockets, HTTP sends of ${loads.map((l) => `${l.messages} × ${l.concurrency} in flight`).join(' and ')}`);
    const realtime = await benchRealtime(config, { sockets, loads });
    for (const sample of realtime.samples) {
      results.push(summarise(sample.name, sample.latencies, sample.errors, sample.seconds));
      console.log(`  ${sample.name}: ${results.at(-1)!.rps} messages/s`);
    }
    notes.push(...realtime.notes);
  }

  printTable(
    ['scenario', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'max ms'],
    results.map((r) => [r.name, r.requests, r.errors, r.rps, r.p50, r.p99, r.max]),
  );
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
  for (const note of notes) console.log(`note: ${note}`);

  const out = path.resolve('bench', 'results.json');
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify({ at: new Date().toISOString(), database: config.databaseUrl ? 'postgres' : 'pglite', node: process.version, options: { ...opts, uploads, sockets, messages, lighthouseRuns }, results, pages, notes }, null, 2)}\n`,
  );
  console.log(`\nwrote ${path.relative(process.cwd(), out)}`);
}

main().catch((error: unknown) => {
  // A mistyped option gets one line and the usage, not a stack trace.
  const badOption = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (badOption) console.error(`${(error as Error).message}\nusage: npm run bench -- [--concurrency N] [--requests N] [--seconds N] [--uploads N] [--sockets N] [--messages N] [--lighthouse RUNS]`);
  else console.error(error instanceof ConfigError ? error.message : error);
  process.exit(badOption ? 2 : 1);
});
