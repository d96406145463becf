import { X } from 'lucide-react';
import { filterChips, type FilterChip, type SearchFilters } from '../lib/filters';

/** Removable chips for the location, author, rating range and each cuisine (document 2 §2). */
export function FilterChips({ filters, onRemove }: { filters: SearchFilters; onRemove: (chip: FilterChip) => void }) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.kind === 'cuisine' ? `cuisine-${chip.cuisine}` : chip.kind}>
          <span className="inline-flex items-center rounded-full bg-secondary pl-3 text-sm font-medium text-secondary-foreground">
            {chip.label}
            <button
              type="button"
              onClick={() => onRemove(chip)}
              aria-label={`Remove filter ${chip.label}`}
              className="inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-6px] focus-visible:outline-ring sm:size-9"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
