// The soak of `npm run bench -- --soak [MINUTES]` (issue 18): for that long, at half the signed-in
// feed's measured rate, mixed reads (autocannon, one slice a minute so the p99 of every minute is
// seen), chat (pairs of members on sockets, each message sent over HTTP and timed to the partner's
// `new_message`) and uploads (a 12-megapixel photo posted as a plate every few seconds), while the
// server's resident memory is sampled every 5 s. Reports errors of each kind, p99 per minute and
// the memory's slope after the warm-up.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { openSocket, type ClientSocket, type Pair } from './bench-realtime.js';
import { rssMb } from './server-process.js';

export interface SoakFigures {
  minutes: number;
  reads: { rate: number; requests: number; rps: number; errors: number; p50: number; p99: number; p99PerMinute: number[] };
  chat: { pairs: number; sent: number; delivered: number; errors: number; lost: number; p50: number; p99: number };
  uploads: { sent: number; created: number; errors: number; p50: number; p99: number };
  rssStartMb: number;
  rssEndMb: number;
  rssMaxMb: number;
  /** Least-squares slope of the server's resident memory after the warm-up. */
  slopeMbPerMin: number;
  samples: Array<{ atS: number; rssMb: number }>;
}

const round = (x: number) => Math.round(x * 100) / 100;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

/** Least-squares slope in MB a minute of the samples at or after `fromS` (all of them when fewer than two are). */
export function memorySlope(samples: Array<{ atS: number; rssMb: number }>, fromS: number): { slope: number; used: Array<{ atS: number; rssMb: number }> } {
  const settled = samples.filter((s) => s.atS >= fromS);
  const used = settled.length >= 2 ? settled : samples;
  const n = used.length;
  if (n < 2) return { slope: 0, used };
  const mx = used.reduce((a, s) => a + s.atS, 0) / n;
  const my = used.reduce((a, s) => a + s.rssMb, 0) / n;
  const sxx = used.reduce((a, s) => a + (s.atS - mx) ** 2, 0);
  const sxy = used.reduce((a, s) => a + (s.atS - mx) * (s.rssMb - my), 0);
  return { slope: sxx > 0 ? round((sxy / sxx) * 60) : 0, used };
}

/** Chat between `pairs`: every pair sends one message every `everyMs` (alternating sides), timed to delivery. */
function driveChat(base: string, pairs: Pair[], everyMs: number) {
  const sockets: ClientSocket[] = [];
  const started = new Map<string, number>();
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  let timer: NodeJS.Timeout | undefined;
  let turn = 0;
  const inFlight = new Set<Promise<void>>();

  const sendOne = async (pair: Pair, side: 'a' | 'b') => {
    const tempId = `soak-${randomBytes(6).toString('hex')}`;
    started.set(tempId, performance.now());
    sent += 1;
    try {
      const res = await fetch(`${base}/api/simple-chat/conversations/${pair.sessionId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${pair[side].token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `soak message ${sent}`, tempId }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(String(res.status));
    } catch {
      errors += 1;
      started.delete(tempId);
    }
  };

  return {
    async start() {
      for (const pair of pairs) {
        for (const side of ['a', 'b'] as const) {
          const socket = await openSocket(base, pair[side].token);
          socket.on('new_message', (message) => {
            if (message.senderId === pair[side].id || !message.tempId) return;
            const t0 = started.get(message.tempId);
            if (t0 === undefined) return;
            started.delete(message.tempId);
            latencies.push(performance.now() - t0);
          });
          sockets.push(socket);
        }
      }
      // Spread the pairs over the interval so the sends are even, not a burst every `everyMs`.
      const tick = Math.max(5, Math.floor(everyMs / pairs.length));
      let next = 0;
      timer = setInterval(() => {
        const pair = pairs[next % pairs.length]!;
        const side = turn % 2 === 0 ? 'a' : 'b';
        next += 1;
        if (next % pairs.length === 0) turn += 1;
        const job = sendOne(pair, side).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }, tick);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      // A stored message that has not arrived 10 s after the last send is lost.
      const deadline = Date.now() + 10_000;
      while (started.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const lost = started.size;
      for (const socket of sockets) socket.disconnect();
      return { pairs: pairs.length, sent, delivered: latencies.length, errors, lost, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    },
  };
}

/** Plates posted every `everyMs`, in turn by the members of `tokens` (each one's hourly upload limit is respected by spreading). */
function driveUploads(base: string, tokens: string[], photo: Buffer, everyMs: number) {
  const latencies: number[] = [];
  const created: number[] = [];
  let sent = 0;
  let errors = 0;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const upload = async (token: string) => {
    sent += 1;
    const form = new FormData();
    form.set('title', `Soak plate ${sent}`);
    form.set('description', 'Posted by the soak of npm run bench.');
    form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'plate.jpg');
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const body = (await res.json()) as { id?: number };
      if (res.status !== 201 || typeof body.id !== 'number') throw new Error(String(res.status));
      latencies.push(performance.now() - t0);
      created.push(body.id);
    } catch {
      errors += 1;
    }
  };
  return {
    start() {
      timer = setInterval(() => {
        const job = upload(tokens[sent % tokens.length]!).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }, everyMs);
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return { sent, created, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    },
  };
}

/**
 * `minutes` of the mix against the server process `pid` at `base`. `uploadTokens` members post
 * plates; the ids of the plates made are answered so the caller can remove them.
 */
export async function runSoak(
  pid: number,
  base: string,
  o: {
    minutes: number;
    rate: number;
    connections: number;
    requests: Array<{ path: string; headers?: Record<string, string> }>;
    chatPairs: Pair[];
    chatEveryMs: number;
    uploadTokens: string[];
    uploadEveryMs: number;
    photo: Buffer;
  },
): Promise<{ figures: SoakFigures; createdPlateIds: number[] }> {
  const samples: Array<{ atS: number; rssMb: number }> = [];
  const began = performance.now();
  const sample = async () => samples.push({ atS: Math.round((performance.now() - began) / 1000), rssMb: await rssMb(pid) });
  await sample();
  const timer = setInterval(() => void sample(), 5000);
  const chat = driveChat(base, o.chatPairs, o.chatEveryMs);
  const uploads = driveUploads(base, o.uploadTokens, o.photo, o.uploadEveryMs);
  try {
    await chat.start();
    uploads.start();
    // One autocannon slice a minute: the p99 of each minute shows whether latency stays steady.
    const slices: autocannon.Result[] = [];
    for (let minute = 0; minute < o.minutes; minute += 1) {
      slices.push(
        await autocannon({
          url: base,
          connections: o.connections,
          duration: 60,
          overallRate: o.rate,
          requests: o.requests.map((r) => ({ method: 'GET', path: r.path, ...(r.headers ? { headers: r.headers } : {}) })),
        }),
      );
    }
    const chatFigures = await chat.stop();
    const uploadFigures = await uploads.stop();
    await sample();
    // Caches fill first (cards, statements, pools): the slope is fitted after a fifth of the run
    // or the first minute, whichever is longer.
    const { slope, used } = memorySlope(samples, Math.max(60, o.minutes * 12));
    const requests = slices.reduce((a, s) => a + s.requests.total, 0);
    const seconds = slices.reduce((a, s) => a + s.duration, 0);
    const weighted = (pick: (s: autocannon.Result) => number) => round(slices.reduce((a, s) => a + pick(s) * s.requests.total, 0) / Math.max(1, requests));
    return {
      figures: {
        minutes: o.minutes,
        reads: {
          rate: o.rate,
          requests,
          rps: round(requests / Math.max(1, seconds)),
          errors: slices.reduce((a, s) => a + s.errors + s.non2xx, 0),
          p50: weighted((s) => s.latency.p50),
          // The worst minute's p99: a bound on the whole run's.
          p99: Math.max(...slices.map((s) => s.latency.p99)),
          p99PerMinute: slices.map((s) => s.latency.p99),
        },
        chat: chatFigures,
        uploads: { sent: uploadFigures.sent, created: uploadFigures.created.length, errors: uploadFigures.errors, p50: uploadFigures.p50, p99: uploadFigures.p99 },
        rssStartMb: used[0]!.rssMb,
        rssEndMb: used.at(-1)!.rssMb,
        rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
        slopeMbPerMin: slope,
        samples,
      },
      createdPlateIds: uploadFigures.created,
    };
  } finally {
    clearInterval(timer);
  }
}
