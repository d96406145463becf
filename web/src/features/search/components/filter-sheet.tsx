import { SlidersHorizontal } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SheetHeader } from '../../../components/ui/dialog';
import { activeFilterCount, DEFAULT_FILTERS, filterErrors, type SearchFilters } from '../lib/filters';
import { FilterFields } from './filter-fields';

interface FilterSheetProps {
  /** The query the filters go with (checked together with them). */
  query: string;
  /** The filters in the URL: the drawer starts from them each time it opens. */
  filters: SearchFilters;
  onApply: (filters: SearchFilters) => void;
}

/**
 * The "Filters" button (with the active-filter count) and the side drawer "Advanced Search
 * Filters" it opens: right side, full height, full width on phones. "Clear Filters" resets the
 * drawer's fields to the defaults; "Apply Filters" checks them with the server's schema, writes
 * them into the URL and closes.
 */
export function FilterSheet({ query, filters, onApply }: FilterSheetProps) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" aria-label={count > 0 ? `Filters, ${count} active` : 'Filters'}>
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {count > 0 ? (
            <span
              data-testid="active-filter-count"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.6875rem] font-bold leading-none text-primary-foreground"
            >
              {count}
            </span>
          ) : null}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col border-l bg-background text-foreground shadow-xl outline-none sm:max-w-md">
          <SheetBody
            query={query}
            initial={filters}
            onApply={(next) => {
              onApply(next);
              setOpen(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Mounted while the drawer is open, so its draft starts from the URL every time. */
function SheetBody({ query, initial, onApply }: { query: string; initial: SearchFilters; onApply: (f: SearchFilters) => void }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<string[]>([]);
  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const problems = filterErrors(query, draft);
        setErrors(problems);
        if (problems.length === 0) onApply(draft);
      }}
    >
      <SheetHeader title="Advanced Search Filters" description="Narrow the plates by place, cook, rating, date and more" />
      <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-4">
        <FilterFields value={draft} onChange={setDraft} />
        {errors.length > 0 ? (
          <ul role="alert" className="mt-4 grid gap-1 text-sm font-medium text-destructive">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex gap-2 border-t px-4 py-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
        <Button
          type="button"
          variant="outline"
          className="flex-1"
          onClick={() => {
            setDraft(DEFAULT_FILTERS);
            setErrors([]);
          }}
        >
          Clear Filters
        </Button>
        <Button type="submit" className="flex-1">
          Apply Filters
        </Button>
      </div>
    </form>
  );
}
