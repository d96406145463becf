// `npm run test:e2e`: finds a Chromium (CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's
// own), builds the web app, and runs the Playwright journeys. Without a browser it fails loudly,
// naming the install command, rather than quietly skipping the journeys.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
let browser = candidates.find((p) => existsSync(p));
if (!browser) {
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && existsSync(own)) browser = own;
  } catch {
    // no Playwright browser either
  }
}
if (!browser) {
  console.error('\n!!! No Chromium found for the browser journeys.');
  console.error('!!! Install Debian\'s: sudo apt-get install -y chromium   (or set CHROME_PATH)\n');
  process.exit(1);
}

const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: browser } });
const build = run('npm', ['run', 'build', '-w', 'web']);
if (build.status !== 0) process.exit(build.status ?? 1);
const test = run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
process.exit(test.status ?? 1);
