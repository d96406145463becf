import { ChevronDown, CircleUserRound, LogOut, Palette, Settings, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useState, type ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { adminHomeFor } from '../../features/admin';
import { displayNameOf, useAuth, type AuthUser } from '../../features/auth';
import { cn } from '../../lib/utils';
import { VerifiedBadge } from '../../components/author/verified-badge';
import { profilePath, settingsPath } from '../navigation';
import { ThemeRadioItems } from './theme-menu';

/** The signed-in user's menu: who is signed in, Profile, Settings, Theme, Admin Panel (staff) and Log out. */
export function AccountMenu({
  user,
  trigger,
  align = 'end',
  side,
  defaultOpen = false,
}: {
  user: AuthUser;
  trigger: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'bottom';
  /** Open on mount: a tap on the trigger's stand-in asked for it before the menu had loaded. */
  defaultOpen?: boolean;
}) {
  const { logoutMutation, permissions } = useAuth();
  const adminHome = adminHomeFor(permissions);
  const loggingOut = logoutMutation.isPending;
  const [showThemes, setShowThemes] = useState(false);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen} onOpenChange={(open) => !open && setShowThemes(false)}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} side={side} className="w-60">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">Signed in as</span>
          <span className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-semibold">{displayNameOf(user)}</span>
            <VerifiedBadge person={user} />
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={profilePath(user.id)}>
            <CircleUserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={settingsPath(user.id)}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        {/* The theme choices open inline rather than in a submenu: a submenu is fiddly on
            touch screens and at the right edge of the window. */}
        <DropdownMenuItem
          aria-expanded={showThemes}
          onSelect={(event) => {
            event.preventDefault();
            setShowThemes((shown) => !shown);
          }}
        >
          <Palette aria-hidden="true" />
          Theme
          <ChevronDown
            aria-hidden="true"
            className={cn('ml-auto transition-transform', showThemes && 'rotate-180')}
          />
        </DropdownMenuItem>
        {showThemes ? <ThemeRadioItems /> : null}
        {adminHome ? (
          <DropdownMenuItem asChild>
            <Link to={adminHome}>
              <ShieldCheck aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={loggingOut}
          onSelect={() => logoutMutation.mutate()}
          className={cn('text-destructive focus:text-destructive')}
        >
          <LogOut aria-hidden="true" />
          {loggingOut ? 'Logging out...' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
