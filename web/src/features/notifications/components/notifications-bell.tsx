import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';
import { deferred, DeferredMenu } from '../../../components/ui/deferred-menu';
import { useNotifications } from '../hooks/use-notifications';

// The sheet (a Radix dialog with its focus trap and scroll lock) loads after the first paint or on
// first intent; the bell and its unread count are live from the start.
const sheet = deferred(() => import('./notifications-sheet'));

/** The header bell (signed-in users only), opening the notifications sheet (NotificationsSheet). */
export function NotificationsBell() {
  const { unreadCount } = useNotifications();
  return (
    <DeferredMenu
      module={sheet}
      trigger={(intent) => <BellButton unreadCount={unreadCount} {...intent} />}
      render={(m, open) => <m.NotificationsSheet defaultOpen={open} />}
    />
  );
}

/** The bell with its unread count: the sheet's trigger, and its stand-in until the sheet has loaded. */
export function BellButton({ unreadCount, ...props }: { unreadCount: number } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={`Notifications, ${unreadCount} unread`} {...props}>
      <Bell className="size-5!" aria-hidden="true" />
      <CountBadge count={unreadCount} max={9} testId="notifications-badge" />
    </Button>
  );
}
