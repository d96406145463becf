import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { ErrorPanel } from './error-panel';

interface SidePanelProps<T> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  icon: LucideIcon;
  title: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  /** The rows' placeholder while loading: square thumbnails or round avatars. */
  skeleton: 'square' | 'round';
  /** What to say when the query failed (given its error), shown with Try Again. */
  errorText: (error: Error) => string;
  /** What to say when there is nothing to list. */
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  footer?: ReactNode;
}

/**
 * A card of the desktop's right column ("Top Rated Today", "Foodies to Follow"): heading with an
 * icon, then skeleton rows while loading, the error with Try Again, the empty words, or the list.
 */
export function SidePanel<T>({ id, icon: Icon, title, query, skeleton, errorText, emptyText, isEmpty, children, footer }: SidePanelProps<T>) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-2xl border bg-card p-4">
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className="size-4 text-primary" aria-hidden="true" />
        {title}
      </h2>
      {query.isPending ? (
        <ul className="grid gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex items-center gap-3">
              <div className={cn('animate-pulse bg-muted', skeleton === 'square' ? 'size-12 rounded-lg' : 'size-10 rounded-full')} />
              <div className="h-3 flex-1 animate-pulse rounded bg-muted" />
            </li>
          ))}
        </ul>
      ) : query.isError || query.data === undefined ? (
        <ErrorPanel
          variant="quiet"
          message={errorText(query.error ?? new Error('Something went wrong'))}
          onRetry={() => void query.refetch()}
        />
      ) : isEmpty(query.data) ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        children(query.data)
      )}
      {footer}
    </section>
  );
}
