// The first load on a phone, measured the way issue 11 set its bars: Lighthouse's mobile preset
// (Moto G Power screen, simulated slow 4G and a 4x slower CPU) in Debian's Chromium, against the
// bench's own server, for the home feed, the sign-in page and a plate page. Each page is run
// `runs` times and the median run (by score) is kept: one run on a busy two-core machine varies.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageFigures {
  page: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** JavaScript and CSS as transferred before the load event, and in how many files. */
  scriptAndStyleBytes: number;
  scriptAndStyleFiles: number;
  /** Requests made before the load event. */
  requests: number;
  /** Every request Lighthouse saw for the page (menus and other code asked for once it was idle too). */
  allRequests: number;
}

const WEB = path.resolve(import.meta.dirname, '../../../web');

/** The Chromium to drive: CHROME_PATH, else Debian's. */
function chromePath(): string | undefined {
  return [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
}

/** Builds the web app when there is no build (the figures are of the built, compressed assets). */
export function ensureWebBuild(distDir: string): void {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  console.log('no web build: building it for the Lighthouse runs');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: path.dirname(WEB), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
}

interface Audit {
  numericValue?: number;
  details?: { items?: Array<{ resourceType?: string; transferSize?: number; networkRequestTime?: number; observedLoad?: number }> };
}

/**
 * One Lighthouse run, tried again (twice at most) when Lighthouse itself fails to record the load
 * (NO_NAVSTART, NO_FCP and the like: a trace lost on a busy machine, not a page that failed).
 */
async function runOnce(url: string, port: number) {
  let lastError = 'no result';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    lastError = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result';
  }
  throw new Error(`Lighthouse could not load ${url} in 3 tries: ${lastError}`);
}

export async function benchLighthouse(
  base: string,
  pages: Array<[string, string]>,
  runs = 3,
): Promise<{ figures: PageFigures[]; notes: string[] }> {
  const chrome = chromePath();
  if (!chrome) return { figures: [], notes: ['Lighthouse: no Chromium found (apt-get install chromium, or set CHROME_PATH): not measured'] };
  const browser = await chromeLauncher.launch({ chromePath: chrome, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const figures: PageFigures[] = [];
  try {
    for (const [name, url] of pages) {
      const samples: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const lhr = await runOnce(base + url, browser.port);
        const audit = (id: string) => lhr.audits[id] as Audit | undefined;
        const all = audit('network-requests')?.details?.items ?? [];
        // The load event, on the same clock as the requests (the trace's own, unthrottled).
        const load = audit('metrics')?.details?.items?.[0]?.observedLoad ?? Infinity;
        const requests = all.filter((r) => (r.networkRequestTime ?? 0) < load);
        const assets = requests.filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet');
        samples.push({
          page: name,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
          tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
          cls: Math.round((audit('cumulative-layout-shift')?.numericValue ?? 0) * 1000) / 1000,
          fcpMs: Math.round(audit('first-contentful-paint')?.numericValue ?? 0),
          scriptAndStyleBytes: assets.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
          scriptAndStyleFiles: assets.length,
          requests: requests.length,
          allRequests: all.length,
        });
      }
      samples.sort((a, b) => a.score - b.score);
      figures.push(samples[Math.floor(samples.length / 2)]!);
    }
  } finally {
    browser.kill();
  }
  return { figures, notes: [] };
}
