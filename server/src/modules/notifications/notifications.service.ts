import { z } from 'zod';
import {
  NOTIFICATIONS_CLEARED,
  type ClearNotificationsResponse,
  type MarkNotificationsReadResponse,
  type NotificationsResponse,
} from '@plates/common';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../lib/after-commit.js';
import type { Jobs } from '../../lib/jobs.js';
import { AppError } from '../../lib/app-error.js';
import { silentBus, type RealtimeBus } from '../../lib/realtime-bus.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import { toNotificationDto } from './notifications.mapper.js';
import type { NotificationsRepository } from './notifications.repository.js';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

/** Notification types this server writes (document 1 §3; the panel maps each to an icon and a link). */
export type NotificationType =
  | 'rating'
  | 'comment'
  | 'reply'
  | 'like'
  | 'follow'
  | 'follow_request'
  | 'follow_accepted'
  | 'post_approved'
  | 'post_rejected'
  | 'post_featured'
  | 'chat_request'
  | 'chat_request_accepted'
  | 'new_message'
  | 'system'
  | 'achievement'
  | 'moderation'
  | 'report_outcome';

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
  /**
   * Written only when the recipient has no notification of this type from this actor in the last
   * this-many hours (a toggle repeated, such as unfollow and follow again, tells them once).
   */
  oncePerHours?: number;
}

/**
 * Writes notification rows in the caller's transaction (`notify`), and serves the recipient's
 * panel: list, mark read, clear. Every read and write is scoped to the viewer's own rows.
 * Each written row is also pushed to the recipient's sockets as a `notification` event (the same
 * DTO as the list), but only once the caller's transaction has committed (`afterCommit`): a rolled
 * back action tells nobody. Delivery is best effort; the panel's polling is the fallback.
 */
export function createNotificationsService(options: {
  repo: NotificationsRepository;
  /** Where written rows are pushed live; without one, nothing is (the panel polls). */
  bus?: RealtimeBus;
  /** A failed realtime push (the row is stored either way). */
  onPushError?: (error: unknown) => void;
  /**
   * Runs each push as a queued job (retried; the app's shutdown waits for it before it closes
   * Redis (a push landing after that failed as "Connection is closed"). Without it, at once.
   */
  jobs?: Pick<Jobs, 'define'>;
}) {
  const { repo } = options;
  const bus = options.bus ?? silentBus;
  const onPushError = options.onPushError ?? (() => {});

  /** Reads the committed row with its actor and sends it to the recipient's open tabs. */
  async function deliver(userId: number, id: number): Promise<void> {
    const row = await repo.byId(id);
    if (row) bus.toUser(userId, 'notification', toNotificationDto(row));
  }

  // A queued push may run on another instance: the bus reaches the recipient's sockets anywhere.
  const pushJob = options.jobs?.define({
    kind: 'notification:push',
    payload: z.object({ userId: z.number().int().positive(), id: z.number().int().positive() }),
    attempts: 3,
    backoffMs: 1_000,
    key: (p) => String(p.id),
    summary: (p) => `notification #${p.id} to member #${p.userId}`,
    handler: (p) => deliver(p.userId, p.id),
  });

  function push(userId: number, id: number | undefined): void {
    if (id === undefined || bus === silentBus) return;
    if (pushJob) pushJob.enqueue({ userId, id });
    else void deliver(userId, id).catch(onPushError);
  }

  return {
    /** A page of the viewer's notifications, newest first (keyset on created_at, id), with the unread badge count. */
    async list(viewerId: number, query: { cursor?: string | undefined; limit: number }): Promise<NotificationsResponse> {
      const cursor = decodeKeyset(query.cursor);
      const [rows, unreadCount] = await Promise.all([
        repo.page(viewerId, { cursor, limit: query.limit + 1 }),
        repo.unreadCount(viewerId),
      ]);
      const shown = rows.slice(0, query.limit);
      const last = shown[shown.length - 1];
      return {
        notifications: shown.map(toNotificationDto),
        unreadCount,
        nextCursor: rows.length > query.limit && last ? encodeKeyset({ at: last.keyAt, id: last.id }) : null,
      };
    },

    /** Marks one of the viewer's notifications read (someone else's or a missing one is 404), or all of them. */
    async markRead(viewerId: number, notificationId?: number): Promise<MarkNotificationsReadResponse> {
      if (notificationId !== undefined && !(await repo.owns(viewerId, notificationId))) {
        throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.notFound, 'notificationId');
      }
      const updated = await repo.markRead(viewerId, notificationId);
      return { updated, unreadCount: await repo.unreadCount(viewerId) };
    },

    /** Deletes all of the viewer's notifications (nobody else's). */
    async clear(viewerId: number): Promise<ClearNotificationsResponse> {
      await repo.clear(viewerId);
      return { message: NOTIFICATIONS_CLEARED };
    },

    /**
     * Writes one notification in the caller's transaction. Never to yourself, and never across a
     * block in either direction: the block check is part of the insert (`insert … select … where
     * not exists`), so every caller gets the rule without asking and no race slips between them.
     * `oncePerHours` adds "and none of this type from this actor lately" to the same statement.
     */
    async notify(n: NewNotification, tx?: Db | Tx): Promise<void> {
      if (n.actorId != null && n.actorId === n.userId) return;
      const row = {
        userId: n.userId,
        type: n.type,
        title: n.title,
        message: n.message.slice(0, 500),
        actorId: n.actorId ?? null,
        postId: n.postId ?? null,
        metadata: n.metadata ?? null,
      };
      const id = await repo.insert(row, { oncePerHours: n.oncePerHours }, tx);
      // Nothing written (a block) means nothing to tell; outside a transaction the row is committed.
      const tell = () => push(row.userId, id);
      if (tx) afterCommit(tx, tell);
      else tell();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
