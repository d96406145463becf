// `npm run seed -- --users N --posts N [--seed S] [--password P] [--images K]`
// Seeds the database `npm start` uses (same environment variables), applying migrations first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { createStorage } from '../lib/storage/index.js';
import { createMediaService } from '../modules/media/media.service.js';
import { seedDatabase } from './seed-data.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      posts: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '42' },
      password: { type: 'string', default: 'plates-demo' },
      images: { type: 'string', default: '48' },
    },
    strict: true,
  });
  const number = (name: keyof typeof values, min: number, max: number): number => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const options = {
    users: number('users', 2, 1_000_000),
    posts: number('posts', 0, 5_000_000),
    seed: number('seed', 0, 2 ** 31 - 1),
    images: number('images', 1, 1000),
    password: String(values.password),
  };
  if (options.password.length < 6) throw new ConfigError('--password must be at least 6 characters');

  const config = parseConfig(process.env);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const media = createMediaService({ storage: createStorage(config) });
    console.log(`seeding ${database.kind} with ${options.users} users and ${options.posts} plates (seed ${options.seed})`);
    const result = await seedDatabase(database.db, { ...options, media, log: (line) => console.log(`  ${line}`) });
    console.log(`done in ${(result.ms / 1000).toFixed(1)} s: ${JSON.stringify(result.counts)}`);
    console.log(`login: ${result.login.username} / ${result.login.password}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  // A mistyped option gets one line and the usage, not a stack trace.
  const badOption = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  if (badOption) console.error(`${(error as Error).message}\nusage: npm run seed -- [--users N] [--posts N] [--seed N] [--password TEXT] [--images N]`);
  else console.error(error instanceof ConfigError || (error as Error).message?.startsWith('Invalid ') ? (error as Error).message : error);
  process.exit(badOption ? 2 : 1);
});
