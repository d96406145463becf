import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobs } from '../../lib/jobs.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeUser } from '../../test/factories.js';
import { createAdminRepository } from '../admin/admin.repository.js';
import { createAudit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import { createContentFiltersRepository } from './content-filters.repository.js';
import { createContentFilters } from './content-filters.service.js';
import { redisReloadChannel } from './reload-channel.js';

/** Two instances over one database, told of each other's changes through Redis pub/sub. */
describe('content filters across instances', () => {
  let t: TestApp;
  const redis = new Redis(process.env.REDIS_URL ?? '');
  const channelName = `test-${randomBytes(6).toString('hex')}:content-filters`;
  const channels = [redisReloadChannel(redis, channelName), redisReloadChannel(redis, channelName)];

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    for (const channel of channels) await channel.close();
    redis.disconnect();
    await t?.close();
  });

  it('reloads on the other instance as soon as a filter changes', async () => {
    const db = t.app.services.database.db;
    const instance = (channel: (typeof channels)[number]) =>
      createContentFilters({
        repo: createContentFiltersRepository(db),
        audit: createAudit(createAdminRepository(db)),
        jobs: createJobs(t.app.log),
        channel,
      });
    const [a, b] = [instance(channels[0]!), instance(channels[1]!)];
    for (const service of [a, b]) {
      await service.load();
      await service.listen();
    }
    const admin = await makeUser(t.app, { isAdmin: true });
    const staff: Staff = { id: admin.id, isAdmin: true, username: admin.username, permissions: new Set(), roles: ['admin'] };
    const meta = { ip: '127.0.0.1', userAgent: null };
    const body = { name: 'Spam', filterType: 'word', pattern: 'spam', action: 'block', severity: 'medium', appliesTo: 'all', isActive: true } as const;

    expect(b.screen([{ scope: 'chat', field: 'content', text: 'spam' }], null)).toEqual({ hits: [], held: false });
    const saved = await a.save(staff, null, body, meta);
    await vi.waitFor(() => expect(() => b.screen([{ scope: 'chat', field: 'content', text: 'spam' }], null)).toThrow('not allowed'));

    await a.save(staff, saved.id, { ...body, isActive: false }, meta);
    await vi.waitFor(() => expect(b.screen([{ scope: 'chat', field: 'content', text: 'spam' }], null).hits).toEqual([]));
  });
});
