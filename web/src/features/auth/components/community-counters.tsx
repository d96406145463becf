import { formatCommunityCount } from '@plates/common';
import { useCommunityStats } from '../hooks/use-session-info';

const COUNTERS = [
  { key: 'posts', label: 'Plates' },
  { key: 'users', label: 'Members' },
  { key: 'ratings', label: 'Ratings' },
] as const;

/** The community's real numbers; placeholders while loading, nothing invented. */
export function CommunityCounters() {
  const { data, isPending, isError } = useCommunityStats();
  if (isError) return null;
  return (
    <dl className="grid grid-cols-3 gap-3 text-white" aria-busy={isPending}>
      {COUNTERS.map(({ key, label }) => (
        <div
          key={key}
          className="rounded-xl border border-white/15 bg-black/35 px-3 py-3 text-center backdrop-blur-md"
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-white/80">{label}</dt>
          <dd className="mt-1 font-display text-2xl font-bold tabular-nums">
            {data ? (
              formatCommunityCount(data[key])
            ) : (
              <>
                <span className="mx-auto block h-8 w-12 animate-pulse rounded-md bg-white/25" />
                <span className="sr-only">Loading</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
