import { formatCommunityCount } from '@plates/common';
import { useCommunityStats } from '../hooks/use-session-info';

/**
 * The spec's marketing counters (10K+ plates, 5K+ members, 25K+ ratings), each shown only once the
 * community's real figure passes it: a young community is not advertised as "0 plates · 0 members".
 */
export const COUNTERS = [
  { key: 'posts', label: 'Plates', from: 10_000 },
  { key: 'users', label: 'Members', from: 5_000 },
  { key: 'ratings', label: 'Ratings', from: 25_000 },
] as const;

/** The community's real numbers, those past the spec's figures; nothing while loading, nothing invented. */
export function CommunityCounters() {
  const { data } = useCommunityStats();
  const shown = data ? COUNTERS.filter(({ key, from }) => data[key] >= from) : [];
  if (shown.length === 0) return null;
  return (
    <dl className="grid auto-cols-fr grid-flow-col gap-3 text-white">
      {shown.map(({ key, label }) => (
        <div
          key={key}
          className="rounded-xl border border-white/15 bg-black/35 px-3 py-3 text-center backdrop-blur-md"
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-white/80">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{formatCommunityCount(data![key])}</dd>
        </div>
      ))}
    </dl>
  );
}
