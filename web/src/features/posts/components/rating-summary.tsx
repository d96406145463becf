import { Star } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** Average to one decimal and the count: "4.3 (12 ratings)". */
export function RatingSummary({ average, count, className }: { average: number; count: number; className?: string }) {
  if (count === 0) {
    return (
      <span className={cn('inline-flex items-center gap-1 text-sm text-muted-foreground', className)}>
        <Star className="size-4" aria-hidden="true" />
        No ratings yet
      </span>
    );
  }
  const value = Number(average).toFixed(1);
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-sm', className)}
      aria-label={`Rated ${value} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`}
    >
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold tabular-nums">{value}</span>
      <span className="text-muted-foreground">
        ({count} {count === 1 ? 'rating' : 'ratings'})
      </span>
    </span>
  );
}
