import type { ComponentProps } from 'react';
import { cn } from '../../../lib/utils';

/** A native select looking like the Input beside it (the platform's own picker on phones). */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
