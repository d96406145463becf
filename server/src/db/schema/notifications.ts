// In-app notifications.
//
// ON DELETE choices: a notification is CASCADE-deleted with its recipient (user_id), with the user
// who caused it (actor_id: "alice rated your plate" means nothing once alice is gone), and with the
// post it points at (post_id).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { posts } from './posts.js';
import { users } from './users.js';

/** Types the web client knows; any other string is shown with a default icon, so no check constraint. */
export const notificationTypes = [
  'comment',
  'rating',
  'like',
  'follow',
  'chat_request',
  'chat_request_accepted',
  'new_message',
  'message',
  'system',
  'achievement',
  // Moderation: a strike or its lifting (to the member), a report's outcome (to the reporter).
  'moderation',
  'report_outcome',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** e.g. { sessionId } for message notifications; the API sends it to the client as JSON text. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The panel: my notifications newest first, and the unread badge count.
    index('notifications_user_id_read_created_at_idx').on(t.userId, t.read, t.createdAt.desc().nullsFirst()),
    // Cascades from a deleted actor or post find their rows without a full scan.
    index('notifications_actor_id_idx').on(t.actorId).where(sql`${t.actorId} is not null`),
    index('notifications_post_id_idx').on(t.postId).where(sql`${t.postId} is not null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
