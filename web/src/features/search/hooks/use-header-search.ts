import { SEARCH, type SearchTab } from '@plates/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { searchKeys } from '../api/keys';
import { fetchSearch } from '../api/search-api';
import type { DropdownStatus } from '../components/search-dropdown';
import { dropdownGroups, nextTab, PREVIEW_LIMIT, type DropdownItem } from '../lib/dropdown';
import { searchPagePath } from '../lib/paths';

/**
 * The header search box's combobox (document 1 §2, §4, §5), without its markup: the typed text,
 * the query searched for 300 ms after the last keystroke (2+ characters), the preview, the
 * dropdown open or closed, its tab and highlighted option, the phone search row, and what each
 * key does. HeaderSearch renders it.
 *
 * Keyboard (focus stays in the input, the highlighted option is aria-activedescendant):
 * - Enter opens the highlighted option, else the full search page with the current tab.
 * - Escape closes the dropdown (a second Escape closes the phone search row).
 * - Tab, while the dropdown shows its tabs, moves to the next tab (all, users, food, all...).
 *   Shift+Tab is left alone and moves focus back out of the box; after Escape, Tab moves on
 *   normally. So a keyboard user can always leave the input.
 * - ArrowDown and ArrowUp move through the options (wrapping), ArrowDown also reopens.
 * A press outside the box closes; clear empties it.
 */
export function useHeaderSearch() {
  const navigate = useNavigate();
  const location = useLocation();

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

  /** Focus or a click in the box shows the dropdown again for what is typed. */
  function onFocusOrClick() {
    if (!open) reopen();
  }

  /** Focus leaving the form (not into the panel) closes the dropdown. */
  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const to = event.relatedTarget as Node | null;
    if (to && !event.currentTarget.contains(to)) close();
  }

  function selectTab(next: SearchTab) {
    setTab(next);
    setActive(null);
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

  return {
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
    preview: { data: preview.data, error: preview.error },
    onChange,
    onKeyDown,
    onFocusOrClick,
    onBlur,
    clear,
    submit,
    finish,
    selectTab,
    toggleMobile,
  };
}
