import { SEARCH, type SearchTab } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { searchKeys } from '../api/keys';
import { fetchSearch } from '../api/search-api';
import { dropdownGroups, nextTab, PREVIEW_LIMIT, type DropdownItem } from '../lib/dropdown';
import { searchPagePath } from '../lib/paths';
import { PANEL_CLASS } from './panel-class';
import type { DropdownStatus } from './search-dropdown';

// The results panel loads on first focus: the box itself is on every page and stays small.
const loadDropdown = () => import('./search-dropdown');
const SearchDropdown = lazy(loadDropdown);

/**
 * The header search box (document 1 §2, §4, §5): after a 300 ms pause and 2+ characters it opens
 * a dropdown of people and plates with the tabs All, People and Plates.
 *
 * Keyboard (a combobox; focus stays in the input, the highlighted option is aria-activedescendant):
 * - Enter opens the highlighted option, else the full search page with the current tab.
 * - Escape closes the dropdown (a second Escape closes the phone search row).
 * - Tab, while the dropdown shows its tabs, moves to the next tab (all, users, food, all...).
 *   Shift+Tab is left alone and moves focus back out of the box; after Escape, Tab moves on
 *   normally. So a keyboard user can always leave the input. The hint below says so.
 * - ArrowDown and ArrowUp move through the options (wrapping), ArrowDown also reopens.
 * Clicking outside closes; the clear button empties the box.
 *
 * On phones the box is a row under the header, toggled by a search button in the header.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const panelId = `${baseId}-panel`;
  const listboxId = `${baseId}-listbox`;
  const hintId = `${baseId}-hint`;
  const optionId = (item: DropdownItem) => `${baseId}-${item.key}`;

  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [value, setValue] = useState('');
  /** The trimmed text after the debounce: what is searched for. */
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<SearchTab>('all');
  /** The highlighted option, tied to the list it was picked in. */
  const [active, setActive] = useState<{ list: string; index: number } | null>(null);
  /** The phone search row is open on the page where it was opened; any navigation closes it. */
  const [mobileKey, setMobileKey] = useState<string | null>(null);
  const mobileOpen = mobileKey === location.key;

  useEffect(() => () => clearTimeout(timer.current), []);

  // A press outside the box closes the dropdown.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!formRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setActive(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const trimmed = value.trim();
  const searchable = query.length >= SEARCH.minQuery && trimmed.length >= SEARCH.minQuery;

  const preview = useQuery({
    queryKey: searchKeys.preview(query),
    queryFn: () => fetchSearch({ q: query, tab: 'all', limit: PREVIEW_LIMIT }),
    enabled: open && query.length >= SEARCH.minQuery,
    staleTime: SEARCH.cacheMs,
  });

  const status: DropdownStatus = !searchable
    ? 'prompt'
    : preview.isPending
      ? 'loading'
      : preview.isError
        ? 'error'
        : 'ready';
  const groups = status === 'ready' && preview.data ? dropdownGroups(preview.data, tab, query) : [];
  const items = groups.flatMap((group) => group.items);
  const list = `${query}\u0000${tab}\u0000${preview.dataUpdatedAt}`;
  const activeIndex = open && active?.list === list && active.index < items.length ? active.index : -1;
  const activeItem = activeIndex >= 0 ? items[activeIndex] : undefined;

  function close() {
    setOpen(false);
    setActive(null);
  }

  /** After a navigation from the box: everything closes, the next search starts on All. */
  function finish() {
    close();
    setTab('all');
    setMobileKey(null);
  }

  function onChange(next: string) {
    setValue(next);
    setActive(null);
    clearTimeout(timer.current);
    const text = next.trim();
    if (!text) {
      setQuery('');
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      setQuery(text);
      if (text.length >= SEARCH.minQuery) setOpen(true);
    }, SEARCH.debounceMs);
  }

  function clear() {
    clearTimeout(timer.current);
    setValue('');
    setQuery('');
    close();
    inputRef.current?.focus();
  }

  function submit() {
    clearTimeout(timer.current);
    if (trimmed.length < SEARCH.minQuery) {
      // too short: say so in the dropdown rather than search
      setQuery(trimmed);
      setOpen(trimmed.length > 0);
      return;
    }
    void navigate(searchPagePath(trimmed, tab));
    finish();
  }

  function pick(item: DropdownItem) {
    void navigate(item.href);
    finish();
  }

  function move(delta: 1 | -1) {
    if (items.length === 0) return;
    const next =
      activeIndex < 0 ? (delta > 0 ? 0 : items.length - 1) : (activeIndex + delta + items.length) % items.length;
    setActive({ list, index: next });
  }

  function reopen() {
    if (trimmed.length < SEARCH.minQuery) return;
    clearTimeout(timer.current);
    setQuery(trimmed);
    setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'Enter':
        event.preventDefault();
        if (activeItem) pick(activeItem);
        else submit();
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (mobileOpen) {
          event.preventDefault();
          setMobileKey(null);
          toggleRef.current?.focus();
        }
        break;
      case 'Tab':
        // Shift+Tab and Tab with the dropdown closed (or only prompting) move focus as usual.
        if (open && status !== 'prompt' && !event.shiftKey) {
          event.preventDefault();
          setTab(nextTab(tab));
          setActive(null);
        }
        break;
      case 'ArrowDown':
        event.preventDefault();
        if (!open) reopen();
        else move(1);
        break;
      case 'ArrowUp':
        if (open) {
          event.preventDefault();
          move(-1);
        }
        break;
    }
  }

  function toggleMobile() {
    if (mobileOpen) {
      setMobileKey(null);
      close();
      return;
    }
    flushSync(() => setMobileKey(location.key));
    inputRef.current?.focus();
  }

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
        onBlur={(event) => {
          const to = event.relatedTarget as Node | null;
          if (to && !event.currentTarget.contains(to)) close();
        }}
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
              if (!open) reopen();
            }}
            onClick={() => {
              if (!open) reopen();
            }}
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
              onTabChange={(next) => {
                setTab(next);
                setActive(null);
              }}
              onPick={finish}
            />
          </Suspense>
        ) : null}
      </form>
    </div>
  );
}
