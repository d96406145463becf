import type { NotificationsResponse } from '@plates/common';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { useAuth } from '../../auth';
import { notificationKeys } from '../api/keys';
import { clearNotifications, fetchNotificationsPage, markNotificationsRead } from '../api/notifications-api';

/** Notifications refresh (document 1 §7, §9). */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

type Pages = InfiniteData<NotificationsResponse, string | null>;

const EMPTY: Pages = { pages: [{ notifications: [], unreadCount: 0, nextCursor: null }], pageParams: [null] };

/** The viewer's notifications, newest first, refetched every 30 s; only while signed in. */
export function useNotifications() {
  const { user } = useAuth();
  const query = useInfiniteQuery<NotificationsResponse, Error, Pages, readonly unknown[], string | null>({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => fetchNotificationsPage(pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: user !== null,
    refetchInterval: user ? NOTIFICATIONS_REFRESH_MS : false,
  });
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    notifications: pages.flatMap((page) => page.notifications),
    /** The newest page's count is the freshest. */
    unreadCount: pages[0]?.unreadCount ?? 0,
  };
}

function setRead(data: Pages | undefined, notificationId: number | undefined, unreadCount?: number): Pages | undefined {
  if (!data) return data;
  let changed = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.read || (notificationId !== undefined && n.id !== notificationId)) return n;
      changed += 1;
      return { ...n, read: true };
    }),
  }));
  return {
    ...data,
    pages: pages.map((page) => ({
      ...page,
      unreadCount: unreadCount ?? Math.max(0, page.unreadCount - (notificationId === undefined ? page.unreadCount : changed)),
    })),
  };
}

/** Marks one notification read (by id) or all of them (undefined), optimistically, rolled back on failure. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  const key = notificationKeys.list();
  return useMutation<Awaited<ReturnType<typeof markNotificationsRead>>, Error, number | undefined, { previous?: Pages }>({
    mutationFn: (notificationId) => markNotificationsRead(notificationId),
    onMutate: async (notificationId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Pages>(key);
      queryClient.setQueryData<Pages>(key, (data) => setRead(data, notificationId));
      return { previous };
    },
    onSuccess: (answer, notificationId) => {
      queryClient.setQueryData<Pages>(key, (data) => setRead(data, notificationId, answer.unreadCount));
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: 'Error', description: 'Failed to mark notifications as read', variant: 'destructive' });
    },
  });
}

/** Deletes all of the viewer's notifications. */
export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      queryClient.setQueryData<Pages>(notificationKeys.list(), EMPTY);
      toast({ title: 'Success', description: 'All notifications cleared' });
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to clear notifications', variant: 'destructive' });
    },
  });
}
