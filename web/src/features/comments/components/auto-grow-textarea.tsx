import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../lib/utils';

/** Comment input max height (document 2 §9). */
export const COMMENT_MAX_HEIGHT_PX = 120;

/** A textarea that grows with its text up to 120px, then scrolls. */
export function AutoGrowTextarea({ className, value, ...props }: ComponentProps<'textarea'> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMMENT_MAX_HEIGHT_PX)}px`;
  }, [value]);
  return (
    <Textarea
      ref={ref}
      rows={1}
      value={value}
      style={{ maxHeight: COMMENT_MAX_HEIGHT_PX }}
      className={cn('min-h-11 resize-none overflow-y-auto', className)}
      {...props}
    />
  );
}
