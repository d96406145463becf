import { SEARCH } from '@plates/common';
import { Search, X } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { useHeaderSearch } from '../hooks/use-header-search';
import type { DropdownItem } from '../lib/dropdown';
import { PANEL_CLASS } from './panel-class';

// The results panel loads on first focus: the box itself is on every page and stays small.
const loadDropdown = () => import('./search-dropdown');
const SearchDropdown = lazy(loadDropdown);

/**
 * The header search box (document 1 §2, §4, §5): after a 300 ms pause and 2+ characters it opens
 * a dropdown of people and plates with the tabs All, People and Plates. The combobox's state and
 * keys are useHeaderSearch's; this renders it, with a hint that tells keyboard users the keys.
 *
 * On phones the box is a row under the header, toggled by a search button in the header.
 *
 * The search pages (/search, /search/advanced) have their own box: there the header's is left out
 * at every width, so a page never shows two search boxes (nor a second one behind the phone toggle).
 */
export function HeaderSearch() {
  const {
    formRef,
    inputRef,
    toggleRef,
    value,
    query,
    open,
    tab,
    mobileOpen,
    status,
    groups,
    activeItem,
    preview,
    onChange,
    onKeyDown,
    onFocusOrClick,
    onBlur,
    clear,
    submit,
    finish,
    selectTab,
    toggleMobile,
  } = useHeaderSearch();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const panelId = `${baseId}-panel`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;
  const optionId = (item: DropdownItem) => `${baseId}-${item.key}`;
  const { pathname } = useLocation();

  if (isSearchPage(pathname)) return null;

  return (
    <div className="flex min-w-0 flex-1 items-center justify-end sm:justify-center">
      <button
        ref={toggleRef}
        type="button"
        onClick={toggleMobile}
        aria-expanded={mobileOpen}
        aria-controls={`${baseId}-form`}
        aria-label={mobileOpen ? 'Close search' : 'Search'}
        className="inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:hidden"
      >
        {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Search className="size-5" aria-hidden="true" />}
      </button>
      <form
        ref={formRef}
        id={`${baseId}-form`}
        role="search"
        aria-label="Site search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onBlur={onBlur}
        className={cn(
          mobileOpen ? 'absolute inset-x-0 top-full border-b bg-background px-4 py-2 shadow-md' : 'hidden',
          'sm:relative sm:inset-auto sm:block sm:w-full sm:max-w-md sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none',
        )}
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            role="combobox"
            aria-label="Search people and plates"
            aria-expanded={open}
            aria-controls={panelId}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
            aria-describedby={hintId}
            placeholder="Search people and plates"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={SEARCH.maxQuery}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            onFocus={() => {
              void loadDropdown();
              onFocusOrClick();
            }}
            onClick={onFocusOrClick}
            className="h-11 w-full min-w-0 rounded-full border border-input bg-card pl-10 pr-11 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm"
          />
          {value ? (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute right-0 top-0 inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-ring"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <span id={hintId} className="sr-only">
          Type at least 2 characters. Tab switches between All, People and Plates, the arrow keys move through the results,
          Enter opens one, Escape closes.
        </span>
        {open ? (
          <Suspense
            fallback={
              <div id={panelId} className={cn(PANEL_CLASS, 'flex justify-center p-6')}>
                <Spinner label="Loading search" />
              </div>
            }
          >
            <SearchDropdown
              panelId={panelId}
              listboxId={listboxId}
              optionId={optionId}
              status={status}
              query={query}
              tab={tab}
              data={preview.data}
              error={preview.error}
              groups={groups}
              activeKey={activeItem?.key ?? null}
              onTabChange={selectTab}
              onPick={finish}
            />
          </Suspense>
        ) : null}
      </form>
    </div>
  );
}

function isSearchPage(pathname: string): boolean {
  return pathname === '/search' || pathname.startsWith('/search/');
}
