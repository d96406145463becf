/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, without any platform library (the web form checks
 * with the same code the server normalises and matches with).
 *
 * - An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a dual-stack socket reports for an
 *   IPv4 client) is the IPv4 address it maps; a range inside `::ffff:0:0/96` likewise.
 * - A range keeps only its network bits (`203.0.113.9/24` is `203.0.113.0/24`); a range of one
 *   address is written as the address (`/32`, `/128` dropped).
 * - IPv6 is written as RFC 5952 says: lower case, no leading zeros, the longest run of two or
 *   more zero groups (the first of equals) as `::`.
 * - Zone ids (`fe80::1%eth0`), IPv4 with fewer than four parts or leading zeros, and prefixes with
 *   leading zeros are refused: they are ambiguous, or mean different things to different parsers.
 */

export type IpVersion = 4 | 6;

/** One address as a number: 32 bits for IPv4, 128 for IPv6. */
export interface IpAddress {
  version: IpVersion;
  value: bigint;
}

/** A CIDR range; `network` has its host bits cleared. */
export interface IpRange {
  version: IpVersion;
  network: bigint;
  prefix: number;
}

const BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

const OCTET = /^(?:0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;
const PREFIX = /^(?:0|[1-9]\d{0,2})$/;

function parseV4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!OCTET.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i === parts.length - 1 && part.includes('.')) {
      const v4 = parseV4(part);
      if (v4 === null) return null;
      groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
    } else if (HEX_GROUP.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function parseV6(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  let groups: number[];
  if (halves.length === 2) {
    const head = parseGroups(halves[0]!);
    const tail = parseGroups(halves[1]!);
    // An embedded IPv4 address may only close the address.
    if (!head || !tail || halves[0]!.includes('.')) return null;
    if (head.length + tail.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = parseGroups(text);
    if (!all || all.length !== 8) return null;
    groups = all;
  }
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** An address, or null when `text` is not one (IPv4-mapped IPv6 comes back as IPv4). */
export function parseIp(text: string): IpAddress | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 45) return null;
  if (!trimmed.includes(':')) {
    const v4 = parseV4(trimmed);
    return v4 === null ? null : { version: 4, value: v4 };
  }
  const v6 = parseV6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

function mask(version: IpVersion, prefix: number): bigint {
  const bits = BITS[version];
  return ((1n << BigInt(bits)) - 1n) ^ ((1n << BigInt(bits - prefix)) - 1n);
}

/** A single address or a CIDR range, or null when `text` is neither. */
export function parseIpRange(text: string): IpRange | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const addressText = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const prefixText = slash === -1 ? undefined : trimmed.slice(slash + 1);
  if (addressText.length === 0 || addressText.length > 45) return null;
  // Parsed as written first: `::ffff:1.2.3.0/120` is an IPv6 prefix over the mapped space.
  const written: IpVersion = addressText.includes(':') ? 6 : 4;
  const raw = written === 4 ? parseV4(addressText) : parseV6(addressText);
  if (raw === null) return null;
  let prefix = BITS[written];
  if (prefixText !== undefined) {
    if (!PREFIX.test(prefixText)) return null;
    prefix = Number(prefixText);
    if (prefix > BITS[written]) return null;
  }
  if (written === 6 && prefix >= 96 && raw >> 32n === 0xffffn) {
    // Inside ::ffff:0:0/96: the IPv4 range it maps.
    const v4Prefix = prefix - 96;
    return { version: 4, network: raw & 0xffffffffn & mask(4, v4Prefix), prefix: v4Prefix };
  }
  return { version: written, network: raw & mask(written, prefix), prefix };
}

function formatV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function formatV6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  // The longest run of two or more zero groups (the first of equals) becomes "::".
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

export function formatIp(address: IpAddress): string {
  return address.version === 4 ? formatV4(address.value) : formatV6(address.value);
}

/** The canonical text of a range: the address alone for a single address, else `network/prefix`. */
export function formatIpRange(range: IpRange): string {
  const address = formatIp({ version: range.version, value: range.network });
  return range.prefix === BITS[range.version] ? address : `${address}/${range.prefix}`;
}

/** The canonical text of an address or range, or null when `text` is neither. */
export function normaliseIpRange(text: string): string | null {
  const range = parseIpRange(text);
  return range ? formatIpRange(range) : null;
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.version !== address.version) return false;
  return (address.value & mask(range.version, range.prefix)) === range.network;
}
