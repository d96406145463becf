import { CircleUserRound, Plus } from 'lucide-react';
import { NavLink } from 'react-router';
import { adminHomeFor } from '../../features/admin';
import { useAuth } from '../../features/auth';
import { useUploadPlate } from '../../features/posts';
import { cn } from '../../lib/utils';
import { NAV_ITEMS, profilePath, visibleNavItems } from '../navigation';
import { UserAvatar } from './user-avatar';

const itemClass =
  'flex min-h-14 min-w-16 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground';

/** Phone bottom bar (below lg): the navigation list plus Profile, or Login (document 2 §2). */
export function BottomNav() {
  const { user, permissions } = useAuth();
  const items = visibleNavItems(NAV_ITEMS, { signedIn: Boolean(user), adminHome: adminHomeFor(permissions), phone: true });
  const { openUpload } = useUploadPlate();
  // The upload button sits in the middle: Home, Top | Upload | Leaders, Profile.
  const middle = Math.ceil(items.length / 2);
  const link = ({ to, label, shortLabel, icon: Icon, end }: (typeof items)[number]) => (
    <li key={to} className="flex flex-1">
      <NavLink to={to} end={end} className={({ isActive }) => cn(itemClass, isActive && 'text-primary')}>
        <Icon className="size-6" aria-hidden="true" />
        {shortLabel ?? label}
      </NavLink>
    </li>
  );
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md lg:hidden"
    >
      <ul className="mx-auto flex max-w-md items-stretch justify-around px-2 py-1">
        {items.slice(0, middle).map(link)}
        <li className="flex flex-1 items-center justify-center">
          <button
            type="button"
            onClick={openUpload}
            aria-label="Upload Plate"
            className="flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-md transition-transform active:scale-95"
          >
            <Plus className="size-6" aria-hidden="true" />
          </button>
        </li>
        {items.slice(middle).map(link)}
        <li className="flex flex-1">
          {user ? (
            <NavLink to={profilePath(user.id)} className={({ isActive }) => cn(itemClass, isActive && 'text-primary')}>
              <span aria-hidden="true">
                <UserAvatar user={user} className="size-6 text-[0.6rem]" />
              </span>
              Profile
            </NavLink>
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
