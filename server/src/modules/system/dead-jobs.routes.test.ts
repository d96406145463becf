import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminAuditLogs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { grantRole, makeSignedInUser } from '../../test/factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeSignedInUser>>;
let viewer: Awaited<ReturnType<typeof makeSignedInUser>>;
let member: Awaited<ReturnType<typeof makeSignedInUser>>;
let fail = true;
const ran: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeSignedInUser(t.app, { isAdmin: true });
  viewer = await makeSignedInUser(t.app);
  await grantRole(t.app, viewer.user.id, 'moderator', { permissions: ['view_dashboard'] });
  member = await makeSignedInUser(t.app);
});
afterAll(async () => t?.close());

/** Two jobs of a kind that fails until told otherwise, dead after their only attempt. */
async function twoDead(): Promise<void> {
  const job = t.app.services.jobs.define({
    kind: 'test:relay',
    payload: z.object({ n: z.number(), token: z.string() }),
    attempts: 1,
    summary: (p) => `test job ${p.n}`,
    handler: async (p) => {
      if (fail) throw new Error(`relay refused job ${p.n}`);
      ran.push(p.n);
    },
  });
  job.enqueue({ n: 1, token: 'secret-1' });
  job.enqueue({ n: 2, token: 'secret-2' });
  await t.app.services.jobs.drain();
}

const list = (headers: Record<string, string>) => t.app.inject({ url: '/api/admin/system/jobs/dead', headers });

describe('the dead-letter list on /admin/system', () => {
  it('lists jobs that failed on every attempt, without their payload', async () => {
    await twoDead();
    const res = await list(viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.backend).toBe(process.env.REDIS_URL ? 'redis' : 'memory');
    expect(body.jobs.map((j: { kind: string; summary: string; error: string; attempts: number }) => [j.kind, j.summary, j.error, j.attempts]).sort()).toEqual([
      ['test:relay', 'test job 1', 'relay refused job 1', 1],
      ['test:relay', 'test job 2', 'relay refused job 2', 1],
    ]);
    expect(res.body).not.toContain('secret-');
  });

  it('is for those who see the page only', async () => {
    expect((await list(member.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/system/jobs/dead' })).statusCode).toBe(401);
    const [dead] = (await list(admin.headers)).json().jobs;
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/system/jobs/dead/${dead.id}/retry`, headers: member.headers });
    expect(refused.statusCode).toBe(403);
  });

  it('retries one (it runs again) and discards the other, both audited; a second go is a 404', async () => {
    const dead: { id: string; summary: string }[] = (await list(admin.headers)).json().jobs;
    const first = dead.find((j) => j.summary === 'test job 1')!;
    const second = dead.find((j) => j.summary === 'test job 2')!;
    fail = false;
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/system/jobs/dead/${first.id}/retry`, headers: admin.headers });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id: first.id, action: 'retried' });
    const discarded = await t.app.inject({ method: 'DELETE', url: `/api/admin/system/jobs/dead/${second.id}`, headers: admin.headers });
    expect(discarded.json()).toEqual({ id: second.id, action: 'discarded' });
    await t.app.services.jobs.drain();
    expect(ran).toEqual([1]);
    expect((await list(admin.headers)).json().jobs).toEqual([]);

    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/system/jobs/dead/${second.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'That job is no longer on the dead-letter list.' });

    const rows = await t.app.services.database.db
      .select()
      .from(adminAuditLogs)
      .where(and(eq(adminAuditLogs.adminId, admin.user.id)));
    const actions = rows.filter((r) => r.action.startsWith('job_')).map((r) => [r.action, (r.details as { summary: string }).summary]);
    expect(actions.sort()).toEqual([
      ['job_discarded', 'test job 2'],
      ['job_retried', 'test job 1'],
    ]);
  });

  it('answers an unknown id with a 404 in the catalogue words, never a 500', async () => {
    for (const id of ['x'.repeat(100), 'no-such-job']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/system/jobs/dead/${id}/retry`, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
