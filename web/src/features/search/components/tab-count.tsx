import { cn } from '../../../lib/utils';

/** A tab's count as a small pill; the tab itself carries the spoken name ("People (12)"). */
export function TabCount({ count, className }: { count: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('rounded-full px-1.5 text-xs tabular-nums', className)}>
      {count.toLocaleString('en')}
    </span>
  );
}
