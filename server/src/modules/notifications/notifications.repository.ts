import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { notifications, userBlocks, users } from '../../db/schema/index.js';
import { after, type Keyset } from '../../lib/keyset.js';
import { badgeJoin, type VerifiedType } from '../users/users.author.js';

const actor = alias(users, 'actor');
const actorBadge = badgeJoin('actor_badge', actor.id);

export interface NotificationRow {
  id: number;
  type: string;
  title: string;
  message: string;
  read: boolean;
  createdAt: Date;
  /** `created_at` in PostgreSQL's text form, exact to the microsecond, for the keyset cursor. */
  keyAt: string;
  postId: number | null;
  actorId: number | null;
  metadata: Record<string, unknown> | null;
  actorUsername: string | null;
  actorDisplayName: string | null;
  actorProfileImage: string | null;
  actorVerifiedType: VerifiedType;
}


/** The columns of a NotificationRow: the notification with its actor joined. */
const rowShape = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  read: notifications.read,
  createdAt: notifications.createdAt,
  keyAt: sql<string>`${notifications.createdAt}::text`,
  postId: notifications.postId,
  actorId: notifications.actorId,
  metadata: notifications.metadata,
  actorUsername: actor.username,
  actorDisplayName: actor.displayName,
  actorProfileImage: actor.profileImage,
  actorVerifiedType: actorBadge.verifiedType,
};

export interface NewNotificationRow {
  userId: number;
  type: string;
  title: string;
  message: string;
  actorId: number | null;
  postId: number | null;
  metadata: Record<string, unknown> | null;
}

export function createNotificationsRepository(db: Db) {
  return {
    /** One notification with its actor joined (the realtime `notification` event's row). */
    async byId(id: number): Promise<NotificationRow | undefined> {
      const [row] = await db
        .select(rowShape)
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .leftJoin(actorBadge.table, actorBadge.on)
        .where(eq(notifications.id, id))
        .limit(1);
      return row;
    },

    /** One page of a user's notifications, newest first, each with its actor joined (one statement). */
    async page(userId: number, options: { cursor?: Keyset | undefined; limit: number }): Promise<NotificationRow[]> {
      return db
        .select(rowShape)
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .leftJoin(actorBadge.table, actorBadge.on)
        .where(and(eq(notifications.userId, userId), after(notifications.createdAt, notifications.id, options.cursor)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.limit);
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
      return Number(row?.n ?? 0);
    },

    /** Whether the notification exists and belongs to the user. */
    async owns(userId: number, notificationId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** Marks the user's unread notifications read (one, or all when no id); answers how many changed. */
    async markRead(userId: number, notificationId?: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ read: true })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.read, false),
            notificationId === undefined ? undefined : eq(notifications.id, notificationId),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    /**
     * Writes a notification in the caller's transaction; answers its id, or undefined when it was
     * not written: an actor and recipient with a block between them in either direction, or (with
     * `oncePerHours`) one of this type from this actor lately. The checks are part of the insert
     * (`insert … select … where not exists`), so no race slips between check and write.
     */
    async insert(row: NewNotificationRow, options: { oncePerHours?: number | undefined } = {}, tx: Db | Tx = db): Promise<number | undefined> {
      if (row.actorId === null) {
        const [written] = await tx.insert(notifications).values(row).returning({ id: notifications.id });
        return written?.id;
      }
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into ${notifications} (user_id, type, title, message, actor_id, post_id, metadata)
        select ${row.userId}::int, ${row.type}::text, ${row.title}::text, ${row.message}::text,
          ${row.actorId}::int, ${row.postId}::int, ${row.metadata === null ? null : JSON.stringify(row.metadata)}::jsonb
        where not exists (
          select 1 from ${userBlocks}
          where (${userBlocks.blockerId} = ${row.userId} and ${userBlocks.blockedId} = ${row.actorId})
             or (${userBlocks.blockerId} = ${row.actorId} and ${userBlocks.blockedId} = ${row.userId})
        )
        ${options.oncePerHours === undefined ? sql`` : sql`and not exists (
          select 1 from ${notifications} seen
          where seen.user_id = ${row.userId} and seen.actor_id = ${row.actorId} and seen.type = ${row.type}
            and seen.created_at > now() - make_interval(hours => ${options.oncePerHours}::int)
        )`}
        returning id
      `);
      return inserted.rows[0]?.id;
    },

    async clear(userId: number): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.userId, userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
