import { LEVELS, levelProgress, type LeaderboardResponse } from '@plates/common';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Medal, ShieldCheck } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '../../../components/ui/avatar';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { LoadMore } from '../../../components/ui/load-more';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { VerifiedBadge } from '../../../components/author/verified-badge';
import { EmptyPanel, ShareAPlate } from '../../posts';
import { fetchLeaderboardPage, leaderboardKeys } from '../api/leaderboard-api';

type Entry = LeaderboardResponse['users'][number];

const MEDAL = ['text-amber-500', 'text-slate-400', 'text-orange-700'] as const;

function nameOf(entry: Pick<Entry, 'displayName' | 'username'>): string {
  return entry.displayName?.trim() || entry.username;
}

/** /leaderboard : cooks ranked by points, with their level. */
export default function LeaderboardPage() {
  const board = useInfiniteQuery({
    queryKey: leaderboardKeys.all,
    queryFn: ({ pageParam }) => fetchLeaderboardPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
  const users = board.data?.pages.flatMap((p) => p.users) ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight">
          <Medal className="size-6 text-primary" aria-hidden="true" />
          Leaderboard
        </h1>
        <p className="text-sm text-muted-foreground">Cooks earn points for approved plates, ratings, comments and followers.</p>
      </div>
      {board.isPending ? (
        <PageSpinner label="Loading the leaderboard" />
      ) : board.isError ? (
        <ErrorPanel message={`Error loading the leaderboard: ${board.error.message}`} onRetry={() => void board.refetch()} />
      ) : users.length === 0 ? (
        <EmptyPanel action={<ShareAPlate />}>No cooks on the board yet.</EmptyPanel>
      ) : (
        <ol className="grid gap-2" aria-label="Cooks by points">
          {users.map((entry) => (
            <LeaderboardRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMore pager={board} label="Load more cooks" loadingLabel="Loading more cooks..." autoLoadMargin="600px 0px" />
    </div>
  );
}

/**
 * "1,240 / 2,500 points to Level 3": the points against the next level's threshold (common's
 * levels), or the top level's name once there is no next one.
 */
function progressText(points: number): string {
  const { level, next } = levelProgress(points);
  if (!next) return `${points.toLocaleString('en')} points: top level (${level.name})`;
  return `${points.toLocaleString('en')} / ${next.minPoints.toLocaleString('en')} points to Level ${next.level}`;
}

function LeaderboardRow({ entry }: { entry: Entry }) {
  const name = nameOf(entry);
  const level = LEVELS.find((l) => l.level === entry.level);
  const progress = levelProgress(entry.points);
  const text = progressText(entry.points);
  const levelText = `Level ${entry.level} · ${entry.levelName || level?.name}`;
  return (
    // Two rows: who (rank, photo, name and level, points), then the progress to the next level
    // under the photo and name, wide enough on a 390 px phone for its label on one line.
    <li className="grid grid-cols-[auto_auto_minmax(0,1fr)_auto] items-center gap-x-2.5 gap-y-2 rounded-2xl border bg-card p-3 sm:gap-x-3">
      <span
        className={cn('flex w-7 shrink-0 justify-center text-lg font-bold tabular-nums sm:w-9', entry.rank <= 3 ? MEDAL[entry.rank - 1] : 'text-muted-foreground')}
        aria-label={`Rank ${entry.rank}`}
      >
        {entry.rank <= 3 ? <Medal className="size-6" aria-hidden="true" /> : entry.rank}
        {entry.rank <= 3 ? <span className="sr-only">{entry.rank}</span> : null}
      </span>
      <Avatar className="size-10 sm:size-11">
        {entry.profileImage ? <AvatarImage src={entry.profileImage} alt="" /> : null}
        <AvatarFallback>{initialsOf(name)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 gap-1">
        <p className="flex min-w-0 flex-wrap items-center gap-1.5 font-semibold">
          <span className="truncate">{name}</span>
          <VerifiedBadge person={entry} />
          {entry.isAdmin ? (
            <span className="inline-flex items-center gap-0.5 rounded-full bg-primary/10 px-1.5 py-0.5 text-[0.7rem] font-semibold text-primary">
              <ShieldCheck className="size-3" aria-hidden="true" />
              Admin
            </span>
          ) : null}
        </p>
        <p className="flex min-w-0 text-xs text-muted-foreground">
          {/* one line at every width: cut with an ellipsis (the full text in its title) rather than wrapped */}
          <span className="truncate whitespace-nowrap rounded-full bg-secondary px-1.5 py-0.5 font-semibold text-secondary-foreground" title={levelText}>
            {levelText}
          </span>
        </p>
      </div>
      <p className="shrink-0 text-right">
        <span className="block font-bold tabular-nums">{entry.points.toLocaleString('en')}</span>
        <span className="text-xs text-muted-foreground">points</span>
      </p>
      <div className="col-span-3 col-start-2 grid gap-1">
        <div
          role="progressbar"
          aria-label={`${name}'s progress to the next level`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress.progressPercent)}
          aria-valuetext={text}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${progress.progressPercent}%` }} />
        </div>
        {/* the bar's value in words for the eye; screen readers hear it as the bar's value */}
        <p className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
          {text}
        </p>
      </div>
    </li>
  );
}
