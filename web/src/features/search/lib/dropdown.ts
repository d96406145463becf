import type { SearchPost, SearchResponse, SearchTab, SearchUser } from '@plates/common';
import { SEARCH } from '@plates/common';
import { formatCount } from './format';
import { postPath, profilePath, searchPagePath } from './paths';

/** How many people or plates the header asks for: 3 show in All, up to this many in a tab. */
export const PREVIEW_LIMIT = 8;

export const TAB_ORDER: readonly SearchTab[] = ['all', 'users', 'food'];

export const TAB_LABELS: Record<SearchTab, string> = { all: 'All', users: 'People', food: 'Plates' };

/** The tab after this one, all → users → food → all (Tab in the header box). */
export function nextTab(tab: SearchTab): SearchTab {
  return TAB_ORDER[(TAB_ORDER.indexOf(tab) + 1) % TAB_ORDER.length]!;
}

export type DropdownItem =
  | { kind: 'user'; key: string; href: string; user: SearchUser }
  | { kind: 'post'; key: string; href: string; post: SearchPost }
  | { kind: 'more'; key: string; href: string; label: string };

export interface DropdownGroup {
  key: 'users' | 'posts' | 'more';
  /** Shown as the group's heading; none for the closing "See all results" group. */
  label?: string;
  items: DropdownItem[];
}

/**
 * The options of the header dropdown for one tab, in display order. The header box walks them
 * with the arrow keys; the (lazy) panel draws them. Empty when the tab has nothing to show.
 */
export function dropdownGroups(data: SearchResponse, tab: SearchTab, query: string): DropdownGroup[] {
  const groups: DropdownGroup[] = [];
  const perGroup = tab === 'all' ? SEARCH.perGroup : PREVIEW_LIMIT;
  if (tab !== 'food' && data.users.length > 0) {
    groups.push({
      key: 'users',
      label: 'People',
      items: [
        ...data.users.slice(0, perGroup).map((user): DropdownItem => ({
          kind: 'user',
          key: `user-${user.id}`,
          href: profilePath(user.id),
          user,
        })),
        { kind: 'more', key: 'more-users', href: searchPagePath(query, 'users'), label: `See all ${formatCount(data.userCount, data.userCountCapped)} people` },
      ],
    });
  }
  if (tab !== 'users' && data.posts.length > 0) {
    groups.push({
      key: 'posts',
      label: 'Plates',
      items: [
        ...data.posts.slice(0, perGroup).map((post): DropdownItem => ({
          kind: 'post',
          key: `post-${post.id}`,
          href: postPath(post.id),
          post,
        })),
        { kind: 'more', key: 'more-posts', href: searchPagePath(query, 'food'), label: `See all ${formatCount(data.postCount, data.postCountCapped)} food plates` },
      ],
    });
  }
  if (groups.length > 0) {
    groups.push({
      key: 'more',
      items: [{ kind: 'more', key: 'more-all', href: searchPagePath(query), label: 'See all results in full page' }],
    });
  }
  return groups;
}

/** A count as a tab shows it: `capped` when the server stopped counting (shown "1,000+"). */
export interface Tally {
  count: number;
  capped: boolean;
}

/** "12", or "1,000+" for a capped count. */
export const tallyText = (tally: Tally): string => formatCount(tally.count, tally.capped);

/** The count shown on a tab: everything for All (capped when either group is). */
export function tabCount(
  data: Pick<SearchResponse, 'userCount' | 'postCount' | 'userCountCapped' | 'postCountCapped'>,
  tab: SearchTab,
): Tally {
  const users = { count: data.userCount, capped: data.userCountCapped === true };
  const posts = { count: data.postCount, capped: data.postCountCapped === true };
  if (tab === 'users') return users;
  if (tab === 'food') return posts;
  return { count: users.count + posts.count, capped: users.capped || posts.capped };
}
