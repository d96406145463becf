import type { FilterMatchPart } from '@plates/common';
import type { ReactNode } from 'react';

/** The text with every matching part marked (parts of several filters merged). */
export function Highlighted({ text, parts }: { text: string; parts: FilterMatchPart[] }) {
  const spans = [...parts].sort((a, b) => a.start - b.start);
  const out: ReactNode[] = [];
  let at = 0;
  for (const part of spans) {
    const start = Math.max(part.start, at);
    if (part.end <= start) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <mark key={start} className="rounded bg-warning/40 px-0.5 text-foreground dark:bg-warning/30">
        {text.slice(start, part.end)}
      </mark>,
    );
    at = part.end;
  }
  if (at < text.length) out.push(text.slice(at));
  return <>{out}</>;
}
