import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { CountBadge } from '../../../components/ui/count-badge';

/** The bell with its unread count: the sheet's trigger, and its stand-in until the sheet has loaded. */
export function BellButton({ unreadCount, ...props }: { unreadCount: number } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="relative rounded-full" aria-label={`Notifications, ${unreadCount} unread`} {...props}>
      <Bell className="size-5!" aria-hidden="true" />
      <CountBadge count={unreadCount} max={9} testId="notifications-badge" />
    </Button>
  );
}
