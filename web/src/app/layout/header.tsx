import { CircleUserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../components/brand/logo';
import { Button } from '../../components/ui/button';
import { displayNameOf, useAuth } from '../../features/auth';
import { MessagesButton } from '../../features/chat';
import { NotificationsBell } from '../../features/notifications';
import { HeaderSearch } from '../../features/search';
import { AccountMenu, UserAvatar } from './account-menu';
import { ThemeMenu } from './theme-menu';

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
          <ThemeMenu />
          {user ? <MessagesButton /> : null}
          {user ? <NotificationsBell /> : null}
          {user ? (
            <AccountMenu
              user={user}
              trigger={
                <Button
                  variant="ghost"
                  size="icon"
                  className="rounded-full"
                  aria-label={`Account menu for ${displayNameOf(user)}`}
                >
                  <UserAvatar user={user} />
                </Button>
              }
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
