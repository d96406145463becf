import { House, type LucideIcon } from 'lucide-react';

/**
 * The one navigation list: the desktop side nav and the phone bottom bar are both built from it.
 * Later issues add their routes here (Top Rated, Saved Plates, Leaderboard, Admin Panel, …) when
 * those routes exist; a link to a page that does not exist yet is never shown.
 */
export interface NavItem {
  to: string;
  label: string;
  /** Shorter label for the phone bottom bar. */
  shortLabel?: string;
  icon: LucideIcon;
  /** Match only the exact path (for "/"). */
  end?: boolean;
  /** Shown only to a signed-in user. */
  requiresAuth?: boolean;
  /** Shown only to an admin. */
  adminOnly?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: House, end: true },
];

export function visibleNavItems(
  items: readonly NavItem[],
  viewer: { signedIn: boolean; isAdmin: boolean },
): NavItem[] {
  return items.filter(
    (item) => (!item.requiresAuth || viewer.signedIn) && (!item.adminOnly || viewer.isAdmin),
  );
}
