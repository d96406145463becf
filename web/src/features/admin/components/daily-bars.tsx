import { cn } from '../../../lib/utils';

const HEIGHT = 64;
/** Each day's slot is 10 units wide, its bar 7 (8 when the days are few), so bars never touch. */
const SLOT = 10;

/**
 * A day-by-day bar chart drawn as SVG (decision record 0028: no charting library for bars this
 * small). Colours are the theme's variables, so dark mode needs nothing of its own. It is a picture
 * for the eye only: the same figures are in the dashboard's table, and the caller labels it.
 */
export function DailyBars({ values, dates, label, className }: { values: readonly number[]; dates: readonly string[]; label: string; className?: string }) {
  const max = Math.max(1, ...values);
  const width = values.length * SLOT;
  const bar = values.length <= 14 ? 8 : 7;
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      className={cn('h-16 w-full overflow-visible', className)}
    >
      <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
      {values.map((value, i) => {
        const h = value === 0 ? 0 : Math.max(2, (value / max) * (HEIGHT - 2));
        return (
          <rect
            key={dates[i] ?? i}
            x={i * SLOT + (SLOT - bar) / 2}
            y={HEIGHT - h}
            width={bar}
            height={h}
            rx={1}
            className={i === values.length - 1 ? 'fill-primary' : 'fill-primary/55'}
          >
            <title>{`${dates[i] ?? ''}: ${value}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
