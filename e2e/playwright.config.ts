import { defineConfig, devices } from '@playwright/test';

const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

const desktop = { ...devices['Desktop Chrome'], launchOptions: chromium, viewport: { width: 1280, height: 800 } };

// Journeys that change what every page shows run alone, in this order: the sign-in journeys first
// (the home page of a fresh install is empty), then the rest two at a time, then the two that switch
// the whole site (maintenance mode and closed registration; an alert pushed to everyone).
const FIRST = ['auth.spec.ts'];
const SITE_WIDE = ['admin-settings.spec.ts', 'announcements.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Most of a journey's time is waiting (polls, animations, the server): two share the machine's two cores.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'first', testMatch: FIRST, use: desktop },
    { name: 'desktop', testIgnore: [...FIRST, ...SITE_WIDE], dependencies: ['first'], use: desktop },
    { name: 'settings', testMatch: 'admin-settings.spec.ts', dependencies: ['desktop'], use: desktop },
    { name: 'announcements', testMatch: 'announcements.spec.ts', dependencies: ['settings'], use: desktop },
  ],
});
