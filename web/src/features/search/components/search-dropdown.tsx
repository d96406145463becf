import type { SearchResponse, SearchTab, SearchUser } from '@plates/common';
import { SEARCH_MESSAGES } from '@plates/common';
import { ArrowRight, Star } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/utils';
import { nameWithBadge, VerifiedBadge } from '../../../components/author/verified-badge';
import { formatAverage } from '../lib/format';
import { TAB_LABELS, TAB_ORDER, tabCount, tallyText, type DropdownGroup, type DropdownItem } from '../lib/dropdown';
import { PANEL_CLASS } from './panel-class';
import { TabCount } from './tab-count';
import { nameOf, PersonSummary } from './person-summary';
import { SearchImage } from './search-image';

export type DropdownStatus = 'prompt' | 'loading' | 'error' | 'ready';

export interface SearchDropdownProps {
  panelId: string;
  listboxId: string;
  optionId: (item: DropdownItem) => string;
  status: DropdownStatus;
  query: string;
  tab: SearchTab;
  data: SearchResponse | undefined;
  error: Error | null;
  groups: DropdownGroup[];
  /** The highlighted option's key (aria-activedescendant of the input). */
  activeKey: string | null;
  onTabChange: (tab: SearchTab) => void;
  /** An option was followed (its link navigates): the box closes. */
  onPick: () => void;
}

/**
 * The header dropdown's panel (document 1 §2, §4, §8): tabs with counts, then the people and
 * plates of the tab as one listbox in groups, each with its "See all" option. Pressing inside the
 * panel keeps the focus in the input, so the keyboard keeps working and nothing closes early.
 */
export default function SearchDropdown(props: SearchDropdownProps) {
  const { panelId, listboxId, optionId, status, query, tab, data, error, groups, activeKey, onTabChange, onPick } = props;

  const activeId = groups.flatMap((g) => g.items).find((item) => item.key === activeKey);
  const activeDomId = activeId ? optionId(activeId) : null;
  useEffect(() => {
    if (activeDomId) document.getElementById(activeDomId)?.scrollIntoView({ block: 'nearest' });
  }, [activeDomId]);

  return (
    <div id={panelId} className={PANEL_CLASS} onMouseDown={(event) => event.preventDefault()}>
      {status === 'prompt' ? (
        <p role="status" className="px-4 py-5 text-center text-sm text-muted-foreground">
          {SEARCH_MESSAGES.tooShort}
        </p>
      ) : (
        <>
          <div role="tablist" aria-label="Result type" className="flex gap-1 border-b p-1.5">
            {TAB_ORDER.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                tabIndex={-1}
                aria-selected={tab === value}
                aria-label={data ? `${TAB_LABELS[value]} (${tallyText(tabCount(data, value))})` : undefined}
                onClick={() => onTabChange(value)}
                className={cn(
                  'inline-flex min-h-10 flex-1 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold transition-colors',
                  tab === value ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60',
                )}
              >
                {TAB_LABELS[value]}
                {data ? <TabCount {...tabCount(data, value)} className="bg-background/70" /> : null}
              </button>
            ))}
          </div>
          <div className="max-h-[min(65dvh,28rem)] overflow-y-auto overscroll-contain">
            {status === 'loading' ? (
              <div className="flex justify-center p-6">
                <Spinner label={`Searching for "${query}"`} />
              </div>
            ) : status === 'error' ? (
              <p role="alert" className="px-4 py-5 text-center text-sm">
                Search failed: {error?.message ?? 'please try again.'}
              </p>
            ) : groups.length === 0 ? (
              <EmptyResults query={query} tab={tab} />
            ) : (
              <div id={listboxId} role="listbox" aria-label={`${TAB_LABELS[tab]} results for "${query}"`} className="py-1">
                {groups.map((group) => (
                  <div
                    key={group.key}
                    role="group"
                    aria-labelledby={group.label ? `${listboxId}-${group.key}` : undefined}
                    aria-label={group.label ? undefined : 'More'}
                    className="border-b py-1 last:border-b-0"
                  >
                    {group.label ? (
                      <div
                        id={`${listboxId}-${group.key}`}
                        role="presentation"
                        className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
                      >
                        {group.label}
                      </div>
                    ) : null}
                    {group.items.map((item) => (
                      <Option key={item.key} id={optionId(item)} item={item} active={item.key === activeKey} onPick={onPick} />
                    ))}
                  </div>
                ))}
              </div>
            )}
          </div>
          <span className="sr-only" aria-live="polite">
            {status === 'ready' && data ? `${TAB_LABELS[tab]}: ${tallyText(tabCount(data, tab))} results` : ''}
          </span>
        </>
      )}
    </div>
  );
}

function EmptyResults({ query, tab }: { query: string; tab: SearchTab }) {
  return (
    <div role="status" className="grid gap-1 px-4 py-6 text-center">
      <p className="font-semibold [overflow-wrap:anywhere]">
        {tab === 'users'
          ? `No users found matching "${query}"`
          : tab === 'food'
            ? `No food plates found matching "${query}"`
            : `No results found for "${query}"`}
      </p>
      <p className="text-sm text-muted-foreground">Try using different keywords or check your spelling</p>
    </div>
  );
}

/** What a screen reader says for a person option: "Pat Pasta, verified, Admin, @pasta_pat, Naples". */
function personLabel(user: SearchUser): string {
  const snippet = user.location?.trim() || user.bio?.trim();
  return [nameWithBadge(nameOf(user), user), user.isAdmin ? 'Admin' : null, `@${user.username}`, snippet || null].filter(Boolean).join(', ');
}

function Option({ id, item, active, onPick }: { id: string; item: DropdownItem; active: boolean; onPick: () => void }) {
  const base = cn(
    'flex w-full items-center gap-3 px-4 py-2 text-left outline-none transition-colors hover:bg-accent/60',
    active && 'bg-accent text-accent-foreground',
  );
  if (item.kind === 'more') {
    return (
      <Link
        id={id}
        to={item.href}
        role="option"
        aria-selected={active}
        tabIndex={-1}
        onClick={onPick}
        className={cn(base, 'min-h-11 text-sm font-semibold text-primary')}
      >
        <span className="flex-1">{item.label}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    );
  }
  if (item.kind === 'user') {
    return (
      <Link
        id={id}
        to={item.href}
        role="option"
        aria-selected={active}
        aria-label={personLabel(item.user)}
        tabIndex={-1}
        onClick={onPick}
        className={base}
      >
        <PersonSummary user={item.user} labelled />
      </Link>
    );
  }
  const { post } = item;
  return (
    <Link
      id={id}
      to={item.href}
      role="option"
      aria-selected={active}
      aria-label={`${post.title}, by ${nameWithBadge(nameOf(post.user), post.user)}, rated ${formatAverage(post.averageRating)}`}
      tabIndex={-1}
      onClick={onPick}
      className={base}
    >
      <SearchImage image={post.image} title={post.title} variant="thumb" className="size-12 shrink-0 rounded-lg" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="truncate font-semibold">{post.title}</span>
        <span className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
          <span className="truncate">by {nameOf(post.user)}</span>
          <VerifiedBadge person={post.user} decorative className="size-3.5" />
        </span>
      </span>
      <span className="inline-flex shrink-0 items-center gap-1 text-sm">
        <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
        <span className="font-semibold tabular-nums">{formatAverage(post.averageRating)}</span>
      </span>
    </Link>
  );
}
