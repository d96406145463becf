import { defineConfig } from 'vitest/config';

// One runner, three projects: the shared contract, the API (against a fresh database per file)
// and the web app (components in jsdom). Browser journeys run under Playwright (e2e/).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The server
    // files spend much of their time waiting (on PostgreSQL, on child processes, on timers), so two
    // at once use the machine instead of queueing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'common',
          root: './common',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server, *.redis.test.ts a Redis server and
          // *.cluster.test.ts (several server processes on one database) and *.proxy.test.ts
          // (instances behind HAProxy, record 0042) both: CI runs them in its DATABASE_URL + REDIS_URL pass.
          // *.embedded.test.ts run on the embedded database whatever the environment says (the
          // real entry point on a DATA_DIR, PGlite on disk): the DATABASE_URL pass skips them, as
          // they would only repeat the first pass.
          exclude: [
            ...(process.env.DATABASE_URL ? ['src/**/*.embedded.test.ts'] : ['src/**/*.pg.test.ts']),
            ...(process.env.REDIS_URL ? [] : ['src/**/*.redis.test.ts']),
            ...(process.env.DATABASE_URL && process.env.REDIS_URL ? [] : ['src/**/*.cluster.test.ts', 'src/**/*.proxy.test.ts']),
          ],
          setupFiles: ['./src/test/setup.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
