import { Bookmark, House, Medal, ShieldCheck, Trophy, type LucideIcon } from 'lucide-react';

/**
 * The one navigation list: the desktop side nav and the phone bottom bar are both built from it.
 * A link to a page that does not exist yet is never shown.
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
  /** Left column only: the phone bar keeps Home, Top, Leaders (document 2 §2). */
  desktopOnly?: boolean;
}

export const ADMIN_PANEL_PATH = '/admin/pending-posts';

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home Feed', shortLabel: 'Home', icon: House, end: true },
  { to: '/top-rated', label: 'Top Rated', shortLabel: 'Top', icon: Trophy },
  { to: '/saved-posts', label: 'Saved Plates', icon: Bookmark, requiresAuth: true, desktopOnly: true },
  { to: '/leaderboard', label: 'Leaderboard', shortLabel: 'Leaders', icon: Medal },
  { to: ADMIN_PANEL_PATH, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true, desktopOnly: true },
];

export function visibleNavItems(
  items: readonly NavItem[],
  viewer: { signedIn: boolean; isAdmin: boolean; phone?: boolean },
): NavItem[] {
  return items.filter(
    (item) =>
      (!item.requiresAuth || viewer.signedIn) &&
      (!item.adminOnly || viewer.isAdmin) &&
      (!item.desktopOnly || !viewer.phone),
  );
}

/** Footer links (the right column on desktop, under the page on phones). */
export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How it works' },
] as const;
