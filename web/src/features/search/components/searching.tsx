import { LoaderCircle } from 'lucide-react';

/** A spinner and what is being searched for, announced once. */
export function Searching({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span className="[overflow-wrap:anywhere]">{text}</span>
    </div>
  );
}
