import type { Cuisine, PhotoAnalysis } from '@plates/common';
import { Check, Lightbulb, LoaderCircle, Plus } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../../lib/utils';
import { usePhotoAnalysis } from '../hooks/use-photo-analysis';
import type { PhotoText } from '../api/analysis-api';
import { matchText, scoreWords } from '../lib/score';

/** What a held photo shows its cook: nothing alarming, only that a moderator looks first. */
export const HELD_NOTE = 'Your plate will be reviewed before it appears.';

const TONE = {
  great: 'bg-success/15 text-success',
  good: 'bg-primary/10 text-primary-strong',
  better: 'bg-warning/25 text-warning-foreground dark:text-warning',
} as const;

interface PhotoCheckProps {
  file: File | null;
  text: PhotoText;
  /** The cuisines already ticked on the plate, by name. */
  chosen: readonly string[];
  /** Ticks (or unticks) a cuisine on the plate; absent while the cuisines are not loaded. */
  onToggleCuisine?: ((name: Cuisine) => void) | undefined;
}

/**
 * "Photo check" under the upload's preview: the quality score with its words and tips, a held
 * photo's quiet note, and up to three suggested cuisines a tap adds to the plate. While the photo
 * is analysed a small spinner; busy or failed, one quiet line. It never blocks posting.
 */
export function PhotoCheck({ file, text, chosen, onToggleCuisine }: PhotoCheckProps) {
  const state = usePhotoAnalysis(file, text);
  const titleId = useId();
  if (state.status === 'idle') return null;
  const analysis = state.status === 'done' ? state.analysis : state.status === 'analysing' ? state.previous : null;
  const analysing = state.status === 'analysing';
  if (analysis && !analysing && isEmpty(analysis)) return null;

  return (
    <section aria-labelledby={titleId} className="grid min-h-[4.5rem] content-start gap-2 rounded-xl border bg-card px-3 py-2.5 text-sm">
      <h3 id={titleId} className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Photo check
        {analysing ? <LoaderCircle className="size-3.5 animate-spin text-primary" aria-hidden="true" /> : null}
      </h3>
      {/* the result is announced when it arrives; the suggestion buttons stay outside the live region */}
      <div aria-live="polite" aria-atomic="true" className="grid gap-2">
        {analysing && !analysis ? <p className="text-muted-foreground">Analysing…</p> : null}
        {state.status === 'unavailable' ? <p className="text-xs text-muted-foreground">{state.message}</p> : null}
        {analysis ? <Findings analysis={analysis} /> : null}
      </div>
      {analysis?.cuisines?.length ? <Suggestions cuisines={analysis.cuisines} chosen={chosen} onToggle={onToggleCuisine} /> : null}
    </section>
  );
}

function isEmpty(a: PhotoAnalysis): boolean {
  return !a.quality && !a.nsfw?.held && !a.cuisines?.length;
}

function Findings({ analysis }: { analysis: PhotoAnalysis }) {
  const { quality, nsfw } = analysis;
  const score = quality ? scoreWords(quality.score) : null;
  return (
    <>
      {quality && score ? (
        <p className="flex items-center gap-2">
          <span className={cn('inline-flex min-w-11 justify-center rounded-full px-2 py-0.5 text-base font-bold tabular-nums', TONE[score.tone])}>
            {quality.score}
            <span className="sr-only"> out of 100</span>
          </span>
          <span className="font-semibold">{score.words}</span>
        </p>
      ) : null}
      {quality?.tips.length ? (
        <ul aria-label="Tips" className="grid gap-1">
          {quality.tips.map((tip) => (
            <li key={tip.code} className="flex items-start gap-1.5 text-muted-foreground">
              <Lightbulb className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
              {tip.message}
            </li>
          ))}
        </ul>
      ) : null}
      {nsfw?.held ? <p className="text-xs text-muted-foreground">{HELD_NOTE}</p> : null}
    </>
  );
}

function Suggestions({
  cuisines,
  chosen,
  onToggle,
}: {
  cuisines: NonNullable<PhotoAnalysis['cuisines']>;
  chosen: readonly string[];
  onToggle: PhotoCheckProps['onToggleCuisine'];
}) {
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-1.5" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-xs font-medium text-muted-foreground">
        Suggested:
      </span>
      {cuisines.slice(0, 3).map(({ name, confidence }) => {
        const added = chosen.includes(name);
        return (
          <button
            key={name}
            type="button"
            aria-pressed={added}
            disabled={!onToggle}
            title={matchText(confidence)}
            // One name for every browser: a flex item's text gets a space before its comma in Chromium's name.
            aria-label={`${name}, ${matchText(confidence)}`}
            onClick={() => onToggle?.(name)}
            className={cn(
              'inline-flex h-11 items-center gap-1 rounded-full border px-3 text-xs font-semibold transition-colors outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 sm:h-8 [&_svg]:size-3.5',
              added ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            {added ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {name}
          </button>
        );
      })}
    </div>
  );
}
