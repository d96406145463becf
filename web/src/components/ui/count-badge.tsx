import { cn } from '../../lib/utils';

/** A count as a badge shows it: "9+" or "99+" above `max` (document 1 §9). */
export function countText(count: number, max: number): string {
  return count > max ? `${max}+` : String(count);
}

/**
 * The red count on a header icon button (messages, notifications); nothing at zero. Hidden from
 * screen readers: the button's own name carries the count.
 */
export function CountBadge({ count, max, className, testId }: { count: number; max: number; className?: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      aria-hidden="true"
      className={cn(
        'absolute right-1 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-bold leading-none text-destructive-foreground',
        className,
      )}
    >
      {countText(count, max)}
    </span>
  );
}
