// The routing decisions of plugins/read-routing.ts with a fake replica (the real standby is in
// read-routing.pg.test.ts): which requests run in the replica's scope, and which writes leave a mark.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseLsn, type ReadReplica, type ReplicaState } from '../db/replica.js';
import { memoryWriteMarks, registerReadRouting } from './read-routing.js';

function fakeReplica(state: Partial<ReplicaState> = {}) {
  let scope = false;
  let position = 100n;
  const current: ReplicaState = { up: true, replayLsn: 50n, lagMs: 10, reason: undefined, ...state };
  const replica: ReadReplica = {
    onReplica: (work) => {
      scope = true;
      try {
        return work();
      } finally {
        scope = false;
      }
    },
    inReplicaScope: () => scope,
    state: () => ({ ...current }),
    stats: () => ({ replica: 0, primaryInScope: 0, retried: 0 }),
    writePosition: async () => position,
    poll: async () => {},
    caughtUp: async () => {},
    close: async () => {},
  };
  return {
    replica,
    set: (next: Partial<ReplicaState>) => Object.assign(current, next),
    setPosition: (lsn: bigint) => {
      position = lsn;
    },
  };
}

async function appWith(fake: ReturnType<typeof fakeReplica>, marks = memoryWriteMarks()) {
  const app = Fastify();
  app.decorateRequest('auth', null);
  // A stand-in for authentication: `x-member: 7` signs in member 7.
  app.addHook('onRequest', async (request) => {
    const id = Number(request.headers['x-member']);
    if (id) request.auth = { user: { id } } as unknown as typeof request.auth;
  });
  registerReadRouting(app, { replica: fake.replica, marks, maxLagMs: 5000 });
  const where = (request: { readsFrom: string | undefined }) => ({ readsFrom: request.readsFrom ?? 'unrouted' });
  app.get('/api/posts/:id', async (request) => where(request));
  app.get('/api/notifications', async (request) => where(request));
  app.post('/api/posts/:id/rate', async () => ({ ok: true }));
  await app.ready();
  return { app, marks };
}

const readsFrom = async (app: Awaited<ReturnType<typeof appWith>>['app'], url: string, member?: number) =>
  (await app.inject({ method: 'GET', url, headers: member ? { 'x-member': String(member) } : {} })).json<{ readsFrom: string }>().readsFrom;

describe('read routing', () => {
  it('sends visitors and members without a mark to the replica, on the listed routes only', async () => {
    const { app } = await appWith(fakeReplica());
    expect(await readsFrom(app, '/api/posts/1')).toBe('replica');
    expect(await readsFrom(app, '/api/posts/1', 7)).toBe('replica');
    expect(await readsFrom(app, '/api/notifications', 7)).toBe('unrouted');
    await app.close();
  });

  it("keeps a member who wrote on the primary until the replica has replayed past their write", async () => {
    const fake = fakeReplica({ replayLsn: 50n });
    const { app, marks } = await appWith(fake);
    fake.setPosition(120n);
    const wrote = await app.inject({ method: 'POST', url: '/api/posts/1/rate', headers: { 'x-member': '7' } });
    expect(wrote.statusCode).toBe(200);
    expect(await marks.get(7)).toBe(120n);
    expect(await readsFrom(app, '/api/posts/1', 7)).toBe('primary');
    expect(await readsFrom(app, '/api/posts/1', 8)).toBe('replica');
    expect(await readsFrom(app, '/api/posts/1')).toBe('replica');
    fake.set({ replayLsn: 119n });
    expect(await readsFrom(app, '/api/posts/1', 7)).toBe('primary');
    fake.set({ replayLsn: 120n });
    expect(await readsFrom(app, '/api/posts/1', 7)).toBe('replica');
    await app.close();
  });

  it('leaves no mark for a visitor', async () => {
    const { app, marks } = await appWith(fakeReplica());
    await app.inject({ method: 'POST', url: '/api/posts/1/rate' });
    expect(await marks.get(0)).toBeUndefined();
    await app.close();
  });

  it('sends everyone to the primary while the replica is down or lags', async () => {
    const fake = fakeReplica();
    const { app } = await appWith(fake);
    fake.set({ up: false, reason: 'replica unreachable' });
    expect(await readsFrom(app, '/api/posts/1')).toBe('primary');
    fake.set({ up: true, lagMs: 6000, reason: 'replica lags more than 5000 ms' });
    expect(await readsFrom(app, '/api/posts/1')).toBe('primary');
    await app.close();
  });

  it('keeps the later of two marks, and forgets them after their time', async () => {
    let now = 1000;
    const marks = memoryWriteMarks(() => now);
    await marks.set(1, 200n, 100);
    await marks.set(1, 150n, 100);
    expect(await marks.get(1)).toBe(200n);
    now += 150;
    expect(await marks.get(1)).toBeUndefined();
  });

  it('reads WAL positions as numbers', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nonsense')).toThrow(/not a WAL position/);
  });
});
