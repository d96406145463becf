import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * An on/off switch (role "switch"). The visible track is small; the touch area around it is 44px
 * tall, so it is easy to hit on a phone.
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer relative inline-flex h-11 w-14 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        'before:absolute before:h-7 before:w-12 before:rounded-full before:bg-input before:transition-colors data-[state=checked]:before:bg-primary',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="relative block size-6 -translate-x-2.5 rounded-full bg-card shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-2.5" />
    </SwitchPrimitive.Root>
  );
}
