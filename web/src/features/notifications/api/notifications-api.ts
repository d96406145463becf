import type {
  ClearNotificationsResponse,
  MarkNotificationsReadResponse,
  NotificationsResponse,
} from '@plates/common';
import { apiRequest } from '../../../lib/api';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function fetchNotificationsPage(cursor: string | null): Promise<NotificationsResponse> {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<NotificationsResponse>('GET', `/api/notifications?${query.toString()}`);
}

/** One notification by id, or all of the viewer's when `notificationId` is undefined. */
export function markNotificationsRead(notificationId?: number): Promise<MarkNotificationsReadResponse> {
  return apiRequest<MarkNotificationsReadResponse>(
    'POST',
    '/api/notifications/read',
    notificationId === undefined ? {} : { notificationId },
  );
}

export function clearNotifications(): Promise<ClearNotificationsResponse> {
  return apiRequest<ClearNotificationsResponse>('POST', '/api/notifications/clear');
}
