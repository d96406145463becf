import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, formatPercent, formatUptime } from './system-format';

describe('system figures', () => {
  it('formats bytes in powers of 1024', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('formats latencies for their size', () => {
    expect(formatMs(0.42)).toBe('0.42 ms');
    expect(formatMs(3.14)).toBe('3.1 ms');
    expect(formatMs(12.6)).toBe('13 ms');
    expect(formatMs(1530)).toBe('1.53 s');
  });

  it('formats uptime and shares', () => {
    expect(formatUptime(45)).toBe('45s');
    expect(formatUptime(125)).toBe('2m 5s');
    expect(formatUptime(93_784)).toBe('1d 2h 3m');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.0004)).toBe('0.04%');
    expect(formatPercent(0.0123)).toBe('1.2%');
    expect(formatPercent(0.5)).toBe('50%');
  });
});
