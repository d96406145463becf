import { Slider as SliderPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

interface SliderProps extends ComponentProps<typeof SliderPrimitive.Root> {
  /** One accessible name per thumb, in order ("Minimum rating", "Maximum rating"). */
  thumbLabels: string[];
  /** Spoken value of a thumb ("3.5 stars"); the number itself otherwise. */
  valueText?: (value: number) => string;
}

/**
 * A range slider (Radix): one thumb per value, each a focusable slider for the keyboard (arrows,
 * Page Up/Down, Home, End). Each 20px thumb has a 44px touch area.
 */
export function Slider({ className, thumbLabels, valueText, value, defaultValue, ...props }: SliderProps) {
  const values = value ?? defaultValue ?? [];
  return (
    <SliderPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      className={cn('relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50', className)}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1.5 w-full grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
      </SliderPrimitive.Track>
      {values.map((v, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels[i]}
          aria-valuetext={valueText ? valueText(v) : undefined}
          className="relative block size-5 rounded-full border-2 border-primary bg-background shadow-sm outline-none transition-shadow after:absolute after:-inset-3 after:rounded-full after:content-[''] focus-visible:ring-4 focus-visible:ring-ring/40"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
