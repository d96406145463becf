import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

/** One figure with its name and a line of context. */
export function Stat({ label, value, hint, tone }: { label: string; value: ReactNode; hint?: ReactNode; tone?: 'bad' | 'good' }) {
  return (
    <Card className="grid gap-1 p-4">
      <p className="text-sm font-medium text-muted-foreground">{label}</p>
      <p className={cn('font-display text-2xl font-bold tabular-nums', tone === 'bad' && 'text-destructive', tone === 'good' && 'text-success')}>
        {value}
      </p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

/** A titled block of the page (a card with a heading). */
export function Section({ title, icon: Icon, children, description }: { title: string; icon: LucideIcon; children: ReactNode; description?: ReactNode }) {
  return (
    <Card className="grid content-start gap-3 p-4">
      <div className="grid gap-0.5">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** A table that scrolls sideways on a phone (focusable, so the keyboard can scroll it too). */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-full text-sm">{children}</table>
    </div>
  );
}

export const th = 'whitespace-nowrap bg-muted/60 px-3 py-2 text-left font-semibold text-muted-foreground';
export const td = 'whitespace-nowrap border-t px-3 py-2 tabular-nums';

/** `GET /api/posts/:id`, the method quiet beside the pattern. */
export function RouteName({ method, route }: { method: string; route: string }) {
  return (
    <span className="font-mono text-xs">
      <span className="text-muted-foreground">{method}</span> {route}
    </span>
  );
}

/** Name and value pairs (a health card's lines). */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {items.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className="min-w-0 break-words text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
