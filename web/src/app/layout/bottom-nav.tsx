import { CircleUserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth';
import { cn } from '../../lib/utils';
import { NAV_ITEMS, visibleNavItems } from '../navigation';
import { AccountMenu, UserAvatar } from './account-menu';

const itemClass =
  'flex min-h-14 min-w-16 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground';

/** Phone bottom bar (below lg): the navigation list plus Login, or You (the account menu). */
export function BottomNav() {
  const { user, isAdmin } = useAuth();
  const items = visibleNavItems(NAV_ITEMS, { signedIn: Boolean(user), isAdmin });
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto flex max-w-md items-stretch justify-around px-2 py-1">
        {items.map(({ to, label, shortLabel, icon: Icon, end }) => (
          <li key={to} className="flex flex-1">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) => cn(itemClass, isActive && 'text-primary')}
            >
              <Icon className="size-6" aria-hidden="true" />
              {shortLabel ?? label}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          {user ? (
            <AccountMenu
              user={user}
              side="top"
              trigger={
                <button type="button" className={itemClass}>
                  <UserAvatar user={user} className="size-6 text-[0.6rem]" />
                  You
                </button>
              }
            />
          ) : (
            <NavLink to="/auth" className={({ isActive }) => cn(itemClass, isActive && 'text-primary')}>
              <CircleUserRound className="size-6" aria-hidden="true" />
              Login
            </NavLink>
          )}
        </li>
      </ul>
    </nav>
  );
}
