import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/**
 * Where the panel sits, which sets its look:
 * - `page`: centred in a page or a tab;
 * - `card`: the same in a red-edged card under a warning icon (a whole page or list failed);
 * - `inline`: one line at the end of a list (a further page failed);
 * - `compact`: small text in a settings block or a dialog;
 * - `quiet`: muted small text with a link-like Try Again (a side panel).
 */
export type ErrorPanelVariant = 'page' | 'card' | 'inline' | 'compact' | 'quiet';

const PANEL: Record<ErrorPanelVariant, string> = {
  page: 'flex flex-col items-center gap-3 py-10 text-center',
  card: 'flex flex-col items-center gap-3 rounded-2xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center',
  inline: 'flex flex-wrap items-center justify-center gap-3 text-center text-sm',
  compact: 'grid gap-2 text-sm',
  quiet: 'grid gap-2 text-sm text-muted-foreground',
};

export interface ErrorPanelProps {
  /** What failed, in the words of the place that shows it (under `title`: the failure's own words). */
  message: ReactNode;
  /** A heading line above a quieter message. */
  title?: ReactNode;
  /** What "Try Again" does: usually the failed query's refetch. */
  onRetry: () => void;
  variant?: ErrorPanelVariant;
  className?: string;
}

/** Something failed to load: says so (an alert) and offers "Try Again". */
export function ErrorPanel({ message, title, onRetry, variant = 'page', className }: ErrorPanelProps) {
  const prominent = variant === 'page' || variant === 'card';
  const messageClass =
    title !== undefined ? 'text-sm text-muted-foreground [overflow-wrap:anywhere]' : prominent ? 'font-medium' : undefined;
  return (
    <div role="alert" className={cn(PANEL[variant], className)}>
      {variant === 'card' ? <TriangleAlert className="size-8 text-destructive" aria-hidden="true" /> : null}
      {title !== undefined ? <p className="font-semibold">{title}</p> : null}
      {variant === 'inline' ? <span>{message}</span> : <p className={messageClass}>{message}</p>}
      {variant === 'quiet' ? (
        <button
          type="button"
          className="justify-self-start font-semibold text-primary underline-offset-4 hover:underline"
          onClick={onRetry}
        >
          Try Again
        </button>
      ) : (
        <Button variant="outline" size={variant === 'inline' ? 'sm' : 'default'} onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}
