import { z } from 'zod';
import { wholeNumberParam } from './query.js';
import { BadgeFields, Id } from './posts.js';

/** Shapes of in-app notifications (document 1 §3, §7). */

/** Who caused a notification, joined from `users`; null when it has no actor (moderation, system). */
export const NotificationActor = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImage: z.string().nullable(),
  ...BadgeFields.shape,
});
export type NotificationActor = z.infer<typeof NotificationActor>;

export const NotificationDto = z.object({
  id: z.number().int(),
  /** rating, comment, reply, like, follow, post_approved, post_rejected, chat_request, …; any other string is shown with a default icon. */
  type: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  postId: z.number().int().nullable(),
  actorId: z.number().int().nullable(),
  actor: NotificationActor.nullable(),
  /** JSON text (e.g. `{"sessionId":12}` on message notifications), as the specification sends it. */
  metadata: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

/** `GET /api/notifications`: newest first; `nextCursor` is opaque and null on the last page. */
export const NotificationsResponse = z.object({
  notifications: z.array(NotificationDto),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

export const NotificationsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('Limit', 1, 50, 20),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

/** `POST /api/notifications/read`: one notification, or all of the viewer's when the id is absent. */
export const MarkNotificationsReadBody = z.object({ notificationId: Id.optional() }).nullish();
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

export const MarkNotificationsReadResponse = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponse>;

export const NOTIFICATIONS_CLEARED = 'All notifications cleared';
export const ClearNotificationsResponse = z.object({ message: z.string() });
export type ClearNotificationsResponse = z.infer<typeof ClearNotificationsResponse>;
