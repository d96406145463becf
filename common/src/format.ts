/**
 * Rounds a community counter the way the sign-in page writes them: "10K+", "5K+", "25K+".
 * Below a thousand the exact number shows; the "+" only appears when the number was rounded down.
 */
export function formatCommunityCount(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '0';
  const whole = Math.floor(n);
  if (whole < 1000) return String(whole);
  if (whole < 1_000_000) {
    const k = Math.floor(whole / 1000);
    return whole % 1000 === 0 ? `${k}K` : `${k}K+`;
  }
  const m = Math.floor(whole / 1_000_000);
  return whole % 1_000_000 === 0 ? `${m}M` : `${m}M+`;
}
