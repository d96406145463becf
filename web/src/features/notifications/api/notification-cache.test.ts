import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationsResponse } from '@plates/common';
import { notificationKeys } from './keys';
import { addNotificationToCache } from './notification-cache';

type Pages = InfiniteData<NotificationsResponse, string | null>;

function note(id: number, read = false): NotificationDto {
  return {
    id,
    type: 'follow',
    title: 'New follower',
    message: 'someone started following you',
    read,
    createdAt: new Date(2026, 0, id).toISOString(),
    postId: null,
    actorId: 9,
    actor: { id: 9, username: 'someone', displayName: null, profileImage: null },
    metadata: null,
  };
}

function cacheWith(...pages: NotificationDto[][]): QueryClient {
  const client = new QueryClient();
  client.setQueryData<Pages>(notificationKeys.list(), {
    pages: pages.map((notifications, i) => ({ notifications, unreadCount: 1, nextCursor: i < pages.length - 1 ? 'c' : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : 'c')),
  });
  return client;
}

describe('addNotificationToCache', () => {
  it('puts a new notification at the top and bumps the unread count', () => {
    const client = cacheWith([note(2), note(1, true)], [note(0)]);
    addNotificationToCache(client, note(3));
    const data = client.getQueryData<Pages>(notificationKeys.list());
    expect(data?.pages[0]?.notifications.map((n) => n.id)).toEqual([3, 2, 1]);
    expect(data?.pages[1]?.notifications.map((n) => n.id)).toEqual([0]);
    expect(data?.pages[0]?.unreadCount).toBe(2);
  });

  it('ignores one the list already has (the poll got there first)', () => {
    const client = cacheWith([note(2)]);
    addNotificationToCache(client, note(2));
    const data = client.getQueryData<Pages>(notificationKeys.list());
    expect(data?.pages[0]?.notifications).toHaveLength(1);
    expect(data?.pages[0]?.unreadCount).toBe(1);
  });

  it('leaves an unloaded list alone (its first fetch brings the notification)', () => {
    const client = new QueryClient();
    addNotificationToCache(client, note(1));
    expect(client.getQueryData(notificationKeys.list())).toBeUndefined();
  });
});
