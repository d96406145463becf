import { ChefHat } from 'lucide-react';

export function FeedEmptyState() {
  return (
    <section
      aria-label="Feed"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-card px-6 py-16 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <ChefHat className="size-8" aria-hidden="true" />
      </span>
      <p className="max-w-xs text-base font-medium text-foreground">
        No posts available. Be the first to share your plate!
      </p>
    </section>
  );
}
