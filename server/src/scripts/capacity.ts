// `npm run capacity [-- FILE]`: the capacity model (capacity-model.ts, docs/capacity.md) applied to
// the last `npm run bench` (bench/results.json unless FILE is given): a Markdown table of sizes for
// 10,000, 100,000 and 1,000,000 daily active members, the cost of each request kind it used, and
// the first bottleneck at each size.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BENCH_ROW, costsFromBench, size, type RequestKind } from './capacity-model.js';

interface BenchResults {
  at: string;
  database: string;
  results: Array<{ name: string; cpuMsPerRequest?: { server: number; postgres: number } }>;
  notes: string[];
}

const file = path.resolve(process.argv[2] ?? 'bench/results.json');
const bench = JSON.parse(await readFile(file, 'utf8')) as BenchResults;
const costs = costsFromBench(bench.results);
// "(10.8 KB a socket)" in the chat runs' notes; the largest is used.
const socketKb = Math.max(0, ...bench.notes.map((n) => Number(/\(([\d.]+) KB a socket\)/.exec(n)?.[1] ?? 0)));
if (!(socketKb > 0)) throw new Error(`${file} has no socket memory note: run npm run bench with --sockets`);

const line = (cells: Array<string | number>) => console.log(`| ${cells.join(' | ')} |`);
console.log(`From ${path.relative(process.cwd(), file)} (${bench.at}, ${bench.database}); a socket ${socketKb} KB.\n`);
line(['request kind', 'bench row', 'server CPU ms', 'req/s a core', 'PostgreSQL CPU ms']);
line(['---', '---', '---:', '---:', '---:']);
for (const kind of Object.keys(BENCH_ROW) as RequestKind[]) {
  const c = costs[kind];
  line([kind, `\`${c.row}\``, c.serverMs, c.serverMs > 0 ? Math.round(1000 / c.serverMs) : '-', c.postgresMs]);
}
console.log('');
line(['daily members', 'peak req/s', 'Node processes (cores busy)', 'Node memory', 'PostgreSQL cores (connections)', 'replicas', 'Redis ops/s (instances)', 'sockets online (memory)', 'first bottleneck']);
line(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---']);
for (const members of [10_000, 100_000, 1_000_000]) {
  const s = size(members, costs, socketKb);
  const first = s.pressure[0]!;
  line([
    members.toLocaleString('en'),
    s.peakRequestsPerSecond,
    `${s.nodeProcesses} (${s.nodeCores})`,
    `${(s.nodeMemoryMb / 1024).toFixed(1)} GB`,
    `${s.postgresCores} (${s.connections})`,
    s.replicas,
    `${s.redisOpsPerSecond} (${s.redisInstances})`,
    `${s.socketsOnline.toLocaleString('en')} (${s.socketMemoryMb} MB)`,
    `${first.resource}: ${Math.round(first.share * 100)} %${first.mostFrom ? ` (most from ${first.mostFrom})` : ''}; then ${s.pressure[1]!.resource} ${Math.round(s.pressure[1]!.share * 100)} %`,
  ]);
}

const million = size(1_000_000, costs, socketKb);
console.log('\nNode cores each kind takes at the busiest minute for 1,000,000 daily members (before the utilisation target):');
console.log(
  Object.entries(million.nodeCoresByKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', '),
);
