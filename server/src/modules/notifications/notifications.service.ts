import type { Db, Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

/** Notification types this server writes (document 1 §3; the panel maps each to an icon and a link). */
export type NotificationType =
  | 'rating'
  | 'comment'
  | 'reply'
  | 'like'
  | 'follow'
  | 'post_approved'
  | 'post_rejected'
  | 'chat_request'
  | 'chat_request_accepted'
  | 'new_message'
  | 'system'
  | 'achievement';

export interface NewNotification {
  /** Who is told. */
  userId: number;
  type: NotificationType;
  title: string;
  message: string;
  /** Who did it; nobody is notified of their own actions. */
  actorId?: number | null;
  postId?: number | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * Writes notification rows in the caller's transaction. Realtime delivery (the `notification`
 * socket event) joins with the realtime issue; the rows and their types are right now.
 */
export function createNotificationsService(db: Db) {
  return {
    async notify(n: NewNotification, tx: Db | Tx = db): Promise<void> {
      if (n.actorId != null && n.actorId === n.userId) return;
      await tx.insert(notifications).values({
        userId: n.userId,
        type: n.type,
        title: n.title,
        message: n.message.slice(0, 500),
        actorId: n.actorId ?? null,
        postId: n.postId ?? null,
        metadata: n.metadata ?? null,
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
