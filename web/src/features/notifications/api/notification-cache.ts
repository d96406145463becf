import type { NotificationDto, NotificationsResponse } from '@plates/common';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

type Pages = InfiniteData<NotificationsResponse, string | null>;

/**
 * A `notification` socket event: the notification goes to the top of the first page and an
 * unread one bumps the badge. Nothing happens before the list was first loaded (its fetch will
 * bring it), and a notification already listed (the poll got there first) is not added twice.
 */
export function withNotification(data: Pages | undefined, notification: NotificationDto): Pages | undefined {
  const first = data?.pages[0];
  if (!data || !first) return data;
  if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) return data;
  const bump = notification.read ? 0 : 1;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      notifications: index === 0 ? [notification, ...page.notifications] : page.notifications,
      unreadCount: page.unreadCount + bump,
    })),
  };
}

export function addNotificationToCache(queryClient: QueryClient, notification: NotificationDto): void {
  queryClient.setQueryData<Pages>(notificationKeys.list(), (data) => withNotification(data, notification));
}
