import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBlockList, localChangeBus, type BlockEntry, type ChangeBus } from './block-list.js';

const logger = pino({ level: 'silent' });

function entry(id: number, ipAddress: string, overrides: Partial<BlockEntry> = {}): BlockEntry {
  return { id, ipAddress, blockType: 'no_access', expiresAt: null, ...overrides };
}

/** A block list over rows held in memory (what the database would answer), with a clock of its own. */
function listOver(rows: BlockEntry[], options: { bus?: ChangeBus; at?: { now: Date } } = {}) {
  const clock = options.at ?? { now: new Date('2030-01-01T12:00:00Z') };
  let loads = 0;
  const list = createBlockList({
    load: async (at) => {
      loads += 1;
      return rows.filter((r) => r.expiresAt === null || r.expiresAt > at);
    },
    bus: options.bus ?? localChangeBus(),
    logger,
    now: () => clock.now,
  });
  return { list, clock, loads: () => loads };
}

describe('block list', () => {
  it('matches single addresses and ranges, IPv4 and IPv6, by type', async () => {
    const { list } = listOver([
      entry(1, '203.0.113.7'),
      entry(2, '198.51.100.0/24', { blockType: 'sign_up_block' }),
      entry(3, '2001:db8::/32'),
      entry(4, '2001:db8:1::5', { blockType: 'sign_up_requires_approval' }),
      entry(5, 'not an address'),
    ]);
    await list.start();
    expect(list.match('203.0.113.7', 'no_access')?.id).toBe(1);
    expect(list.match('203.0.113.8', 'no_access')).toBeUndefined();
    expect(list.match('203.0.113.7', 'sign_up_block')).toBeUndefined();
    expect(list.match('198.51.100.0', 'sign_up_block')?.id).toBe(2);
    expect(list.match('198.51.100.255', 'sign_up_block')?.id).toBe(2);
    expect(list.match('198.51.101.0', 'sign_up_block')).toBeUndefined();
    expect(list.match('198.51.100.9', 'no_access')).toBeUndefined();
    expect(list.match('2001:db8:ffff::1', 'no_access')?.id).toBe(3);
    expect(list.match('2001:0DB8:0001:0000:0000:0000:0000:0005', 'sign_up_requires_approval')?.id).toBe(4);
    expect(list.match('2001:db9::1', 'no_access')).toBeUndefined();
    await list.close();
  });

  it('sees an IPv4 client through a dual-stack socket (IPv4-mapped IPv6), and ignores zone ids', async () => {
    const { list } = listOver([entry(1, '127.0.0.1'), entry(2, '10.0.0.0/8'), entry(3, 'fe80::/10')]);
    await list.start();
    expect(list.match('::ffff:127.0.0.1', 'no_access')?.id).toBe(1);
    expect(list.match('::ffff:10.20.30.40', 'no_access')?.id).toBe(2);
    expect(list.match('fe80::1%eth0', 'no_access')?.id).toBe(3);
    expect(list.match('', 'no_access')).toBeUndefined();
    expect(list.match('garbage', 'no_access')).toBeUndefined();
    await list.close();
  });

  it('stops applying a block at its expiry, to the millisecond, without reading the list again', async () => {
    const at = { now: new Date('2030-01-01T12:00:00.000Z') };
    const { list, loads } = listOver([entry(1, '203.0.113.7', { expiresAt: new Date('2030-01-01T12:00:01.000Z') })], { at });
    await list.start();
    at.now = new Date('2030-01-01T12:00:00.999Z');
    expect(list.match('203.0.113.7', 'no_access')?.id).toBe(1);
    at.now = new Date('2030-01-01T12:00:01.000Z');
    expect(list.match('203.0.113.7', 'no_access')).toBeUndefined();
    expect(loads()).toBe(1);
    await list.close();
  });

  it('applies an overlapping block when the more specific one has expired', async () => {
    const at = { now: new Date('2030-01-01T12:00:00Z') };
    const { list } = listOver(
      [entry(1, '203.0.113.7', { expiresAt: new Date('2030-01-01T12:01:00Z') }), entry(2, '203.0.113.0/24')],
      { at },
    );
    await list.start();
    expect(list.match('203.0.113.7', 'no_access')?.id).toBe(1);
    at.now = new Date('2030-01-01T12:02:00Z');
    expect(list.match('203.0.113.7', 'no_access')?.id).toBe(2);
    await list.close();
  });

  it('tells every list on the bus of a change: another instance reads the blocks again', async () => {
    const bus = localChangeBus();
    const rows: BlockEntry[] = [];
    const a = listOver(rows, { bus });
    const b = listOver(rows, { bus });
    await a.list.start();
    await b.list.start();
    expect(b.list.match('203.0.113.7', 'no_access')).toBeUndefined();

    rows.push(entry(1, '203.0.113.7'));
    await a.list.changed();
    expect(a.list.match('203.0.113.7', 'no_access')?.id).toBe(1);
    await expect.poll(() => b.list.match('203.0.113.7', 'no_access')?.id).toBe(1);

    rows.pop();
    await b.list.changed();
    await expect.poll(() => a.list.match('203.0.113.7', 'no_access')).toBeUndefined();
    await a.list.close();
    await b.list.close();
  });

  it('keeps the newest rows when reloads finish out of order', async () => {
    const answers: ((rows: BlockEntry[]) => void)[] = [];
    const list = createBlockList({
      load: () => new Promise<BlockEntry[]>((resolve) => answers.push(resolve)),
      bus: localChangeBus(),
      logger,
    });
    const first = list.reload();
    const second = list.reload();
    answers[1]!([entry(2, '203.0.113.2')]);
    await second;
    answers[0]!([entry(1, '203.0.113.1')]);
    await first;
    expect(list.match('203.0.113.2', 'no_access')?.id).toBe(2);
    expect(list.match('203.0.113.1', 'no_access')).toBeUndefined();
  });
});
