/** Numbers of /admin/system as people read them. */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB" (powers of 1024); null → "—". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 || value >= 10 ? Math.round(value) : value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** 0.42 → "0.42 ms", 12.3 → "12 ms", 1530 → "1.53 s"; null → "—". */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(ms >= 1 ? 1 : 2)} ms`;
}

/** 93784 → "1d 2h 3m"; 45 → "45s". */
export function formatUptime(seconds: number): string {
  const s = Math.floor(seconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${s % 60}s`;
  return `${s}s`;
}

/** 0.0123 → "1.2%"; 0 → "0%". */
export function formatPercent(share: number): string {
  if (share === 0) return '0%';
  const pct = share * 100;
  return `${pct >= 10 ? Math.round(pct) : pct < 0.1 ? pct.toFixed(2) : pct.toFixed(1)}%`;
}

/** 12345 → "12,345". */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
