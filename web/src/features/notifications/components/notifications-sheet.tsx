import type { NotificationDto } from '@plates/common';
import { BellRing } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SheetHeader } from '../../../components/ui/dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { formatCommentTime, formatFullDate } from '../../../lib/format-time';
import { cn } from '../../../lib/utils';
import { useAuth } from '../../auth';
import { useClearNotifications, useMarkNotificationsRead, useNotifications } from '../hooks/use-notifications';
import { NOTIFICATION_SESSION_DELAY_MS, notificationTarget } from '../lib/notification-target';
import { actorTexts } from './actor-text';
import { BellButton } from './bell-button';
import { NotificationIcon } from './notification-icon';


/**
 * The header bell with the notifications side sheet it opens (right side, full height, full width
 * on phones), loaded after the first paint (NotificationsBell). Opening it with unread items
 * marks them all read (one call); `defaultOpen` when a tap on the bell's stand-in asked for it.
 */
export function NotificationsSheet({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const navigate = useNavigate();
  const { user } = useAuth();
  const list = useNotifications();
  const { notifications, unreadCount, isPending, isError } = list;
  const markRead = useMarkNotificationsRead();
  const clearAll = useClearNotifications();

  // Opened by the stand-in's tap: what opening does (mark all read), once, as the sheet arrives.
  const openedAtOnce = useRef(defaultOpen);
  useEffect(() => {
    if (!openedAtOnce.current) return;
    openedAtOnce.current = false;
    if (unreadCount > 0) markRead.mutate(undefined);
  }, [unreadCount, markRead]);

  // The delayed second step of a message notification must survive the sheet (and the header, on a
  // full-screen page) unmounting, so it is not cleared on unmount; a newer click replaces it.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next && unreadCount > 0) markRead.mutate(undefined);
  }

  function openNotification(n: NotificationDto) {
    if (!n.read) markRead.mutate(n.id);
    const target = notificationTarget(n, user?.id ?? null);
    if (target.path) void navigate(target.path);
    if (target.then) {
      const then = target.then;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(then), NOTIFICATION_SESSION_DELAY_MS);
    }
    setOpen(false);
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>
        <BellButton unreadCount={unreadCount} />
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col border-l bg-background text-foreground shadow-xl outline-none sm:max-w-md"
        >
          <SheetHeader title="Notifications" description="Your latest activity on Plates" />
          <div className="flex flex-wrap gap-2 border-b px-4 py-2">
            <Button
              variant="outline"
              size="sm"
              disabled={unreadCount === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all as read
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={notifications.length === 0 || clearAll.isPending}
              onClick={() => clearAll.mutate()}
            >
              Clear all
            </Button>
          </div>
          <div className="flex-1 overflow-y-auto">
            {isPending ? (
              <div className="flex justify-center p-8">
                <Spinner />
              </div>
            ) : isError && notifications.length === 0 ? (
              <p className="p-8 text-center text-sm text-muted-foreground">Could not load notifications.</p>
            ) : notifications.length === 0 ? (
              <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
                  <BellRing className="size-6" aria-hidden="true" />
                </span>
                <p className="font-medium">No notifications yet</p>
                <p className="text-sm text-muted-foreground">
                  Ratings, comments and new followers on your plates show up here.
                </p>
                <Button
                  variant="outline"
                  onClick={() => {
                    setOpen(false);
                    void navigate('/leaderboard');
                  }}
                >
                  Find cooks to follow
                </Button>
              </div>
            ) : (
              <>
                <ul aria-label="Notifications" className="divide-y">
                  {notifications.map((n) => {
                    const text = actorTexts(n);
                    return (
                      <li key={n.id}>
                        <button
                          type="button"
                          onClick={() => openNotification(n)}
                          className={cn(
                            'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                            !n.read && 'bg-primary/5',
                          )}
                        >
                          <span className="mt-0.5 shrink-0">
                            <NotificationIcon type={n.type} />
                          </span>
                          <span className="grid min-w-0 flex-1 gap-0.5">
                            <span className="font-semibold leading-snug">{text.title}</span>
                            <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{text.message}</span>
                            <time dateTime={n.createdAt} title={formatFullDate(n.createdAt)} className="text-xs text-muted-foreground">
                              {formatCommentTime(n.createdAt)}
                            </time>
                          </span>
                          {n.read ? null : (
                            <span className="mt-2 size-2.5 shrink-0 rounded-full bg-primary">
                              <span className="sr-only">Unread</span>
                            </span>
                          )}
                        </button>
                      </li>
                    );
                  })}
                </ul>
                <div className="grid p-4 empty:hidden">
                  <LoadMore pager={list} />
                </div>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
