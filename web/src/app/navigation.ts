import { Bookmark, CircleUserRound, House, Medal, ShieldCheck, Trophy, type LucideIcon } from 'lucide-react';

/**
 * The one navigation list: the desktop side nav and the phone bottom bar are both built from it.
 * A link to a page that does not exist yet is never shown.
 */
export interface NavItem {
  /** The path; for an item with `userTo`, the path for a visitor. */
  to: string;
  /** The path for a signed-in user, built from their id (My Profile). */
  userTo?: (userId: number) => string;
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

export const profilePath = (userId: number) => `/profile/${userId}`;
export const settingsPath = (userId: number) => `/profile/${userId}?tab=settings`;

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home Feed', shortLabel: 'Home', icon: House, end: true },
  // the phone bar has its own Profile or Login slot
  { to: '/auth', userTo: profilePath, label: 'My Profile', icon: CircleUserRound, desktopOnly: true },
  { to: '/top-rated', label: 'Top Rated', shortLabel: 'Top', icon: Trophy },
  { to: '/saved-posts', label: 'Saved Plates', icon: Bookmark, requiresAuth: true, desktopOnly: true },
  { to: '/leaderboard', label: 'Leaderboard', shortLabel: 'Leaders', icon: Medal },
  { to: ADMIN_PANEL_PATH, label: 'Admin Panel', icon: ShieldCheck, adminOnly: true, desktopOnly: true },
];

/** The items this viewer sees, with `to` resolved for the signed-in user. */
export function visibleNavItems(
  items: readonly NavItem[],
  viewer: { signedIn: boolean; isAdmin: boolean; phone?: boolean; userId?: number | null },
): NavItem[] {
  return items
    .filter(
      (item) =>
        (!item.requiresAuth || viewer.signedIn) &&
        (!item.adminOnly || viewer.isAdmin) &&
        (!item.desktopOnly || !viewer.phone),
    )
    .map((item) =>
      item.userTo && viewer.signedIn && viewer.userId != null ? { ...item, to: item.userTo(viewer.userId) } : item,
    );
}

/** Footer links (the right column on desktop, under the page on phones). */
export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How it works' },
] as const;
