import { deferred, DeferredMenu } from '../../../components/ui/deferred-menu';
import { useNotifications } from '../hooks/use-notifications';
import { BellButton } from './bell-button';

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
