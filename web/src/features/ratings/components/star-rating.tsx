import { Star } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/utils';

interface StarRatingProps {
  /** 1-5, or 0 for none. */
  value: number;
  onChange: (value: number) => void;
  /** The group's accessible name ("Rate this plate"). */
  label: string;
  disabled?: boolean;
  className?: string;
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Five stars as a radio group (WAI-ARIA pattern): one tab stop, arrow keys (and Home/End) move
 * and choose, Space or Enter chooses the focused star, a click chooses; hovering previews.
 */
export function StarRating({ value, onChange, label, disabled = false, className }: StarRatingProps) {
  const [hover, setHover] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = hover || value;
  const focusable = value >= 1 && value <= 5 ? value : 1;

  const choose = (n: number) => {
    if (disabled) return;
    onChange(n);
    refs.current[n - 1]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    let next: number | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') next = Math.min(5, n + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') next = Math.max(1, n - 1);
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = 5;
    else if (event.key === ' ' || event.key === 'Enter') next = n;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn('flex items-center', className)}
      onMouseLeave={() => setHover(0)}
    >
      {STARS.map((n) => (
        <button
          key={n}
          ref={(el) => {
            refs.current[n - 1] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
          tabIndex={n === focusable ? 0 : -1}
          disabled={disabled}
          onClick={() => choose(n)}
          onKeyDown={(e) => onKeyDown(e, n)}
          onMouseEnter={() => !disabled && setHover(n)}
          className="flex size-11 items-center justify-center rounded-lg transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
        >
          <Star
            aria-hidden="true"
            className={cn(
              'size-7 transition-colors',
              n <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50',
            )}
          />
        </button>
      ))}
    </div>
  );
}
