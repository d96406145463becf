import type { NotificationDto } from '@plates/common';
import { toBadge } from '../users/users.author.js';
import type { NotificationRow } from './notifications.repository.js';

/** Explicit, so no column of the actor (email, password hash) can leak by accident. */
export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    postId: row.postId,
    actorId: row.actorId,
    actor:
      row.actorId !== null && row.actorUsername !== null
        ? {
            id: row.actorId,
            username: row.actorUsername,
            displayName: row.actorDisplayName ?? null,
            profileImage: row.actorProfileImage ?? null,
            ...toBadge(row.actorVerifiedType),
          }
        : null,
    // The specification sends metadata as JSON text (document 1 §3).
    metadata: row.metadata == null ? null : JSON.stringify(row.metadata),
  };
}
