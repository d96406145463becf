import { cn } from '../../../lib/utils';
import { formatCount } from '../lib/format';

/** A tab's count as a small pill ("1,000+" when capped); the tab itself carries the spoken name ("People (12)"). */
export function TabCount({ count, capped = false, className }: { count: number; capped?: boolean; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('rounded-full px-1.5 text-xs tabular-nums', className)}>
      {formatCount(count, capped)}
    </span>
  );
}
