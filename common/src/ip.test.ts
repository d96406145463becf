import { describe, expect, it } from 'vitest';
import { formatIp, normaliseIpRange, parseIp, parseIpRange, rangeContains, type IpRange } from './ip.js';

const range = (text: string): IpRange => {
  const parsed = parseIpRange(text);
  if (!parsed) throw new Error(`not a range: ${text}`);
  return parsed;
};
const contains = (rangeText: string, addressText: string) => {
  const address = parseIp(addressText);
  if (!address) throw new Error(`not an address: ${addressText}`);
  return rangeContains(range(rangeText), address);
};

describe('normaliseIpRange', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7/32', '203.0.113.7'],
    ['203.0.113.9/24', '203.0.113.0/24'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['255.255.255.255', '255.255.255.255'],
    ['2001:DB8::1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1/128', '2001:db8::1'],
    ['2001:db8:abcd:12::/32', '2001:db8::/32'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'], // the first of two equal zero runs
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'], // the longest run
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'], // one zero group is not compressed
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['::', '::'],
    ['::/0', '::/0'],
    ['::1', '::1'],
    ['fe80::/10', 'fe80::/10'],
    // IPv4-mapped IPv6 is the IPv4 address, and ranges inside the mapped space are IPv4 ranges.
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['::ffff:203.0.113.0/120', '203.0.113.0/24'],
    ['::ffff:0.0.0.0/96', '0.0.0.0/0'],
    // A wider IPv6 range stays IPv6 (it is more than the mapped space).
    ['::ffff:0.0.0.0/95', '::fffe:0:0/95'],
    ['::1.2.3.4', '::102:304'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseIpRange(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'localhost',
    'example.com',
    '203.0.113',
    '203.0.113.7.1',
    '203.0.113.256',
    '203.0.113.07',
    '203.0.113.-1',
    '203.0.113.7/33',
    '203.0.113.7/',
    '203.0.113.7/08',
    '203.0.113.7/-1',
    '203.0.113.7/8/8',
    '2001:db8::1/129',
    '2001:db8::1::1',
    '2001:db8:::1',
    ':1',
    '1:',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '12345::1',
    'g::1',
    'fe80::1%eth0',
    '1.2.3.4::1',
    '::ffff:1.2.3',
    '::ffff:01.2.3.4',
    '0x7f.0.0.1',
    '1e1.0.0.1',
    '203.0.113.7 /24',
    `${'1:'.repeat(30)}1`,
  ])('refuses %j', (input) => {
    expect(normaliseIpRange(input)).toBeNull();
  });
});

describe('parseIp', () => {
  it('reads addresses as numbers, mapped IPv6 as IPv4', () => {
    expect(parseIp('0.0.0.1')).toEqual({ version: 4, value: 1n });
    expect(parseIp('::ffff:127.0.0.1')).toEqual({ version: 4, value: 0x7f000001n });
    expect(parseIp('::1')).toEqual({ version: 6, value: 1n });
    expect(parseIp('2001:db8::/32')).toBeNull();
    expect(parseIp('nonsense')).toBeNull();
    expect(formatIp(parseIp('2001:db8::ffff:1')!)).toBe('2001:db8::ffff:1');
  });
});

describe('rangeContains', () => {
  it('matches IPv4 ranges at their edges', () => {
    expect(contains('203.0.113.0/24', '203.0.113.0')).toBe(true);
    expect(contains('203.0.113.0/24', '203.0.113.255')).toBe(true);
    expect(contains('203.0.113.0/24', '203.0.112.255')).toBe(false);
    expect(contains('203.0.113.0/24', '203.0.114.0')).toBe(false);
    expect(contains('203.0.113.7', '203.0.113.7')).toBe(true);
    expect(contains('203.0.113.7', '203.0.113.8')).toBe(false);
    expect(contains('0.0.0.0/0', '255.255.255.255')).toBe(true);
    expect(contains('128.0.0.0/1', '127.255.255.255')).toBe(false);
    expect(contains('128.0.0.0/1', '128.0.0.0')).toBe(true);
  });

  it('matches IPv6 ranges at their edges', () => {
    expect(contains('2001:db8::/32', '2001:db8::')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(contains('2001:db8::/32', '2001:db9::')).toBe(false);
    expect(contains('2001:db8::/32', '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(false);
    expect(contains('2001:db8::1', '2001:DB8:0:0::1')).toBe(true);
    expect(contains('::/0', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
  });

  it('matches an IPv4 client seen through a dual-stack socket, and never across versions', () => {
    expect(contains('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(contains('203.0.113.0/24', '::ffff:203.0.113.99')).toBe(true);
    expect(contains('::ffff:203.0.113.0/120', '203.0.113.99')).toBe(true);
    // IPv6 ranges cover IPv6 clients: ::/0 is every IPv6 address, not every IPv4 one.
    expect(contains('::/0', '203.0.113.7')).toBe(false);
    expect(contains('0.0.0.0/0', '::1')).toBe(false);
  });
});
