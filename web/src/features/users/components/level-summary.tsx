import { LEVELS, levelProgress } from '@plates/common';
import { Award } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** A colour per group of levels (the specification names colours without values). */
function levelTone(level: number): string {
  if (level >= 9) return 'bg-fuchsia-500/15 text-fuchsia-700 dark:text-fuchsia-300';
  if (level >= 7) return 'bg-amber-500/20 text-amber-800 dark:text-amber-300';
  if (level >= 5) return 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300';
  if (level >= 3) return 'bg-sky-500/15 text-sky-700 dark:text-sky-300';
  return 'bg-secondary text-secondary-foreground';
}

/** Level badge and name; on the own profile also the progress to the next level. */
export function LevelSummary({ level, points, showProgress }: { level: number; points: number; showProgress: boolean }) {
  const name = LEVELS.find((l) => l.level === level)?.name ?? LEVELS[0].name;
  const progress = levelProgress(points);
  return (
    <div className="grid gap-2">
      <span className={cn('inline-flex items-center gap-1.5 justify-self-start rounded-full px-2.5 py-1 text-xs font-semibold', levelTone(level))}>
        <Award className="size-3.5" aria-hidden="true" />
        Level {level} · {name}
      </span>
      {showProgress ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label="Progress to the next level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress.progressPercent)}
            aria-valuetext={progress.next ? `${progress.pointsToNext} points to ${progress.next.name}` : 'Top level reached'}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress.progressPercent}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">
            {progress.next
              ? `${progress.pointsToNext.toLocaleString('en')} points to Level ${progress.next.level} · ${progress.next.name}`
              : 'Top level reached'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
