import { Clock } from 'lucide-react';
import { cn } from '../../lib/utils';

/**
 * On its author's own comment, reply or chat message that waits for a moderator (a restriction or
 * a content filter held it): muted, since nothing is wrong with what they did; only they see it.
 */
export function HeldLabel({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs font-medium text-muted-foreground', className)}
      title="Only you can see this until a moderator reviews it."
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      Awaiting review
      <span className="sr-only">: only you can see this until a moderator reviews it.</span>
    </span>
  );
}
