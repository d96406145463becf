import {
  Activity,
  BadgeCheck,
  Ban,
  ClipboardList,
  Coins,
  Flag,
  LayoutDashboard,
  LayoutTemplate,
  Layers,
  Mail,
  Megaphone,
  Scale,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../../lib/utils';
import type { AdminPage } from '../lib/admin-pages';

const ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboard,
  '/admin/pending-posts': ClipboardList,
  '/admin/reports': Flag,
  '/admin/users': UsersRound,
  '/admin/audit': ScrollText,
  '/admin/ip-blocking': Ban,
  '/admin/security': ShieldAlert,
  '/admin/content': LayoutTemplate,
  '/admin/settings': Settings,
  '/admin/announcements': Megaphone,
  '/admin/ai': Sparkles,
  '/admin/system': Activity,
  '/admin/verification': BadgeCheck,
  '/admin/point-system': Coins,
  '/admin/bulk-ops': Layers,
  '/admin/email-templates': Mail,
  '/admin/ratings': Scale,
};

/**
 * The admin area's own navigation: only the pages the member may open. A row of pills that scrolls
 * sideways below xl (phones, tablets), a column beside the page from xl up.
 */
export function AdminNav({ pages }: { pages: readonly AdminPage[] }) {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls: bring the current page's pill into view.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={ref} aria-label="Admin" className="min-w-0 xl:sticky xl:top-20 xl:self-start">
      <p className="mb-2 hidden items-center gap-2 px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground xl:flex">
        <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
        Admin Panel
      </p>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:px-0 xl:grid xl:gap-1 xl:overflow-visible">
        {pages.map((page) => {
          const Icon = ICONS[page.path] ?? ShieldCheck;
          return (
            <li key={page.path} className="shrink-0">
              <NavLink
                to={page.path}
                end={page.path === '/admin'}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border bg-card px-4 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground xl:rounded-xl xl:border-transparent xl:bg-transparent xl:px-3',
                    isActive && 'border-primary/40 bg-accent font-semibold text-foreground xl:bg-accent',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon className={cn('size-4', isActive && 'text-primary')} aria-hidden="true" />
                    {page.label}
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
