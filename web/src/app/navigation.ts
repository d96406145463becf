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
  /** Shown only to staff (who may open an admin page), leading to the first page they may open. */
  staffOnly?: boolean;
  /** Left column only: the phone bar keeps Home, Top, Leaders (document 2 §2). */
  desktopOnly?: boolean;
}

/** The admin area's addresses: shown wide, without the right column. */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * A plate's own page: from lg up its photo and details sit side by side, in the right column's room
 * too (in the 42rem centre column the photo would be 384px wide and the details 256px).
 */
export const isPlatePath = (pathname: string) => /^\/posts\/[^/]+\/?$/.test(pathname);

export const profilePath = (userId: number) => `/profile/${userId}`;
export const settingsPath = (userId: number) => `/profile/${userId}?tab=settings`;

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home Feed', shortLabel: 'Home', icon: House, end: true },
  // the phone bar has its own Profile or Login slot
  { to: '/auth', userTo: profilePath, label: 'My Profile', icon: CircleUserRound, desktopOnly: true },
  { to: '/top-rated', label: 'Top Rated', shortLabel: 'Top', icon: Trophy },
  { to: '/saved-posts', label: 'Saved Plates', icon: Bookmark, requiresAuth: true, desktopOnly: true },
  { to: '/leaderboard', label: 'Leaderboard', shortLabel: 'Leaders', icon: Medal },
  { to: '/admin', label: 'Admin Panel', icon: ShieldCheck, staffOnly: true, desktopOnly: true },
];

/**
 * The items this viewer sees, with `to` resolved for the signed-in user. `adminHome` is the first
 * admin page the viewer may open (null for members and visitors).
 */
export function visibleNavItems(
  items: readonly NavItem[],
  viewer: { signedIn: boolean; adminHome: string | null; phone?: boolean; userId?: number | null },
): NavItem[] {
  return items
    .filter(
      (item) =>
        (!item.requiresAuth || viewer.signedIn) &&
        (!item.staffOnly || viewer.adminHome !== null) &&
        (!item.desktopOnly || !viewer.phone),
    )
    .map((item) => {
      if (item.staffOnly && viewer.adminHome) return { ...item, to: viewer.adminHome };
      return item.userTo && viewer.signedIn && viewer.userId != null ? { ...item, to: item.userTo(viewer.userId) } : item;
    });
}

/** Footer links (the right column on desktop, under the page on phones). */
export const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/how-it-works', label: 'How it works' },
] as const;
