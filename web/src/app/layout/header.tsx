import { CircleUserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { Button } from '../../components/ui/button';
import { displayNameOf, useAuth, type AuthUser } from '../../features/auth';
import { MessagesButton } from '../../features/chat';
import { NotificationsBell } from '../../features/notifications';
import { HeaderSearch } from '../../features/search';
import { deferred, DeferredMenu } from '../../components/ui/deferred-menu';
import { ThemeButton } from './theme-button';
import { UserAvatar } from './user-avatar';
import { nameWithBadge, VerifiedBadge } from '../../components/author/verified-badge';

// The menus' code (Radix menus, positioning) loads after the first paint, or on first intent.
const themeMenu = deferred(() => import('./theme-menu'));
const accountMenu = deferred(() => import('./account-menu'));

export function Header() {
  const { user } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="flex min-h-11 items-center rounded-lg px-1" aria-label="Plates home">
          <Logo />
        </Link>
        <HeaderSearch />
        <div className="ml-auto flex items-center gap-1">
          <DeferredMenu
            module={themeMenu}
            trigger={(intent) => <ThemeButton {...intent} />}
            render={(m, open) => <m.ThemeMenu defaultOpen={open} />}
          />
          {user ? <MessagesButton /> : null}
          {user ? <NotificationsBell /> : null}
          {user ? (
            <DeferredMenu
              module={accountMenu}
              trigger={(intent) => <AccountButton user={user} {...intent} />}
              render={(m, open) => <m.AccountMenu user={user} defaultOpen={open} trigger={<AccountButton user={user} />} />}
            />
          ) : (
            <Button asChild variant="ghost" size="icon" className="rounded-full">
              <Link to="/auth" aria-label="Sign in">
                <CircleUserRound className="size-7!" aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}

function AccountButton({ user, ...props }: { user: AuthUser } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={`Account menu for ${nameWithBadge(displayNameOf(user), user)}`} {...props}>
      <UserAvatar user={user} />
      {/* the label already says "verified": the tick on the photo is for the eye only */}
      <VerifiedBadge person={user} decorative className="absolute -bottom-0.5 -right-0.5 size-4! rounded-full bg-background" />
    </Button>
  );
}
