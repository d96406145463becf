import {
  BULK_BATCH_CAP,
  BULK_BECOMES,
  BULK_MESSAGES,
  BULK_PAGE_SIZE,
  BULK_SAMPLE_SIZE,
  BULK_UNDO_MS,
  BulkFilter,
  bulkChangedMessage,
  bulkUndoneMessage,
  type BulkBatchDto,
  type BulkBatchesResponse,
  type BulkPreviewResponse,
  type BulkRunResponse,
  type BulkSkippedDto,
  type BulkUndoResponse,
} from '@plates/common';
import { z } from 'zod';
import type { BulkPreviewBody, BulkRunBody } from '@plates/common';
import type { Tx } from '../../db/client.js';
import type { NewBulkOperationItem } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { FeaturedService } from '../featured/featured.service.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import type { PostsService } from '../posts/posts.service.js';
import type { BulkOpsRepository, SelectedItem, Selection } from './bulk-ops.repository.js';

export interface BulkOpsDeps {
  repo: BulkOpsRepository;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The single actions' own steps, so a batch follows their rules (record 0035). */
  posts: Pick<PostsService, 'applyApproval' | 'applyRejection' | 'publicChanged'>;
  points: Pick<PointsService, 'cancel'>;
  featured: Pick<FeaturedService, 'featureInTx' | 'restoreInTx'>;
  /** Suspensions, plate removal and comment hiding as the reports' and member actions write them. */
  moderation: Pick<ModerationService, 'strikeMember' | 'liftStrike' | 'afterCommit' | 'lockComment' | 'setCommentRemoved' | 'removePost'>;
  now?: () => Date;
}

type RunBody = z.output<typeof BulkRunBody>;
type Batch = NonNullable<Awaited<ReturnType<BulkOpsRepository['batchRow']>>>;
const CursorKeys = z.tuple([z.number().int().positive()]);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
type PostState = { approvalStatus: 'pending' | 'approved' | 'rejected'; rejectionReason: string | null; approvedAt: string | null; approvedBy: number | null };
const postState = (p: { approvalStatus: PostState['approvalStatus']; rejectionReason: string | null; approvedAt: Date | null; approvedBy: number | null }): PostState => ({
  approvalStatus: p.approvalStatus,
  rejectionReason: p.rejectionReason,
  approvedAt: iso(p.approvedAt),
  approvedBy: p.approvedBy,
});

/**
 * /admin/bulk-ops (run_bulk_ops; decision record 0035): plates, comments or members chosen by a
 * filter, a dry run, then one batch in one transaction with one audit row, the per-item state
 * before and after kept so an undo within 24 hours puts back exactly what was there, skipping
 * (and naming) what someone changed since. Each member touched is told once per batch.
 */
export function createBulkOpsService(deps: BulkOpsDeps) {
  const { repo, audit, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  async function selection(staff: Staff, body: { filter: BulkFilter; action: RunBody['action'] }, at: Date): Promise<Selection> {
    const { author, ...rest } = body.filter;
    return {
      ...rest,
      ...(author === undefined ? {} : { authorId: await repo.userIdByName(author) }),
      action: body.action,
      staffId: staff.id,
      now: at,
    };
  }

  function toBatchDto(row: Batch, at: Date): BulkBatchDto {
    const b = row.batch;
    const until = new Date(b.createdAt.getTime() + BULK_UNDO_MS);
    return {
      id: b.id,
      admin: row.admin,
      target: b.target,
      action: b.action,
      filter: BulkFilter.parse(b.filter),
      reason: b.reason,
      days: b.days,
      affected: b.affected,
      createdAt: b.createdAt.toISOString(),
      undoUntil: b.undoneAt ? null : until.toISOString(),
      canUndo: !b.undoneAt && at.getTime() < until.getTime(),
      undoneAt: iso(b.undoneAt),
      undoneBy: row.undoer,
      restored: b.restored,
      skipped: b.skipped,
    };
  }

  async function batchDto(id: number): Promise<BulkBatchDto> {
    const row = await repo.batchRow(id);
    if (!row) throw new AppError('NOT_FOUND', BULK_MESSAGES.batchNotFound);
    return toBatchDto(row, now());
  }

  /** Tells each member once: how many of their items the batch (or its undo) changed. */
  async function tellOwners(items: { ownerId: number; itemId: number }[], message: (count: number) => string, title: string, tx: Tx, postIds: boolean) {
    const byOwner = new Map<number, number[]>();
    for (const item of items) byOwner.set(item.ownerId, [...(byOwner.get(item.ownerId) ?? []), item.itemId]);
    for (const [userId, ids] of byOwner) {
      await notifications.notify(
        { userId, type: 'moderation', title, message: message(ids.length), postId: postIds && ids.length === 1 ? ids[0]! : null, metadata: { ids } },
        tx,
      );
    }
  }

  /** Applies the action to one locked item; answers its state before and after. */
  async function apply(
    staff: Staff,
    body: RunBody,
    item: SelectedItem,
    at: Date,
    tx: Tx,
    after: (() => void)[],
  ): Promise<Pick<NewBulkOperationItem, 'before' | 'after'>> {
    const reason = body.reason || null;
    if (body.filter.target === 'comments') {
      // Hidden as the reports' remove_content hides a comment (the plate's count recounted).
      const comment = await deps.moderation.lockComment(item.id, tx);
      if (!comment) throw new Error('bulk: a locked comment is gone');
      await deps.moderation.setCommentRemoved(comment, true, at, tx);
      return { before: { removedAt: null }, after: { removedAt: at.toISOString() } };
    }
    if (body.filter.target === 'members') {
      const { user, strike } = await deps.moderation.strikeMember(staff, item.id, { type: 'suspend', reason: reason ?? '', days: body.days }, tx, after);
      return { before: { accountStatus: user.accountStatus }, after: { accountStatus: 'suspended', strikeId: strike.id } };
    }
    if (body.action === 'feature') {
      const { before, row } = await deps.featured.featureInTx(staff, { postId: item.id, priority: 0, reason, expiresAt: null }, at, tx);
      const view = (f: typeof row) => ({ id: f.id, priority: f.priority, reason: f.reason, isActive: f.isActive, expiresAt: iso(f.expiresAt) });
      return { before: { featured: before ? view(before) : null }, after: { featured: view(row) } };
    }
    const post = await repo.lockPost(item.id, tx);
    if (!post) throw new Error('bulk: a locked plate is gone');
    let points = 0;
    if (body.action === 'approve') points = await deps.posts.applyApproval(post, staff.id, tx);
    else if (body.action === 'reject') await deps.posts.applyRejection(post, reason ?? '', tx);
    else await deps.moderation.removePost(post.id, reason ?? '', tx);
    const saved = await repo.lockPost(item.id, tx);
    return { before: postState(post), after: { ...postState(saved!), points } };
  }

  /** Puts one item back if it is as the batch left it; answers why not otherwise. */
  async function restore(staff: Staff, target: string, action: string, item: { itemId: number; ownerId: number; before: Record<string, unknown>; after: Record<string, unknown> }, tx: Tx): Promise<string | null> {
    if (target === 'plates' && action !== 'feature') {
      const post = await repo.lockPost(item.itemId, tx);
      if (!post) return BULK_MESSAGES.skippedGone;
      const now = postState(post);
      const left = item.after as PostState & { points?: number };
      if (now.approvalStatus !== left.approvalStatus || now.rejectionReason !== left.rejectionReason) return BULK_MESSAGES.skippedChanged;
      const before = item.before as PostState;
      await repo.restorePost(
        post.id,
        { approvalStatus: before.approvalStatus, rejectionReason: before.rejectionReason, approvedAt: before.approvedAt ? new Date(before.approvedAt) : null, approvedBy: before.approvedBy },
        tx,
      );
      if (action === 'approve' && (left.points ?? 0) !== 0) {
        await deps.points.cancel({ userId: post.userId, action: 'post_approved', entityType: 'post', entityId: post.id }, tx);
      }
      return null;
    }
    if (target === 'plates') {
      const before = (item.before as { featured: Parameters<FeaturedService['restoreInTx']>[1] }).featured;
      const left = (item.after as { featured: Parameters<FeaturedService['restoreInTx']>[2] }).featured;
      return (await deps.featured.restoreInTx(item.itemId, before, left, staff, tx)) ? null : BULK_MESSAGES.skippedChanged;
    }
    if (target === 'comments') {
      const comment = await deps.moderation.lockComment(item.itemId, tx);
      if (!comment) return BULK_MESSAGES.skippedGone;
      if (iso(comment.removedAt) !== item.after.removedAt) return BULK_MESSAGES.skippedChanged;
      await deps.moderation.setCommentRemoved(comment, false, now(), tx);
      return null;
    }
    // Members: the batch's strike is lifted as an approved appeal lifts it (unless lifted since).
    return (await deps.moderation.liftStrike(Number(item.after.strikeId), staff.id, tx)) ? null : BULK_MESSAGES.skippedChanged;
  }

  return {
    /** The dry run: how many items the filter selects for this action, and the first ten; nothing changes. */
    async preview(staff: Staff, body: z.output<typeof BulkPreviewBody>): Promise<BulkPreviewResponse> {
      const s = await selection(staff, body, now());
      const [total, sample] = await Promise.all([repo.count(s), repo.items(s, BULK_SAMPLE_SIZE, false)]);
      return {
        total,
        cap: BULK_BATCH_CAP,
        sample: sample.map((item) => ({
          id: item.id,
          label: item.label,
          owner: { id: item.ownerId, username: item.ownerName },
          createdAt: item.createdAt.toISOString(),
          reports: item.reports,
          filterHits: item.filterHits,
          current: item.current,
          becomes: BULK_BECOMES[body.action],
        })),
      };
    },

    /**
     * Runs the batch in one transaction: the selection locked and refused when it grew beyond the
     * count the admin saw (409) or the cap (400); each item changed through its single action's
     * steps and recorded; one audit row; each member told once. Feeds and sockets follow the commit.
     */
    async run(staff: Staff, body: RunBody, meta: RequestMeta): Promise<BulkRunResponse> {
      const at = now();
      const s = await selection(staff, body, at);
      const after: (() => void)[] = [];
      const batchId = await repo.transaction(async (tx) => {
        const items = await repo.items(s, BULK_BATCH_CAP + 1, true, tx);
        if (items.length > BULK_BATCH_CAP) throw new AppError('BAD_REQUEST', BULK_MESSAGES.overCap);
        if (items.length === 0) throw new AppError('CONFLICT', BULK_MESSAGES.nothingSelected);
        if (items.length > body.expectedCount) throw new AppError('CONFLICT', BULK_MESSAGES.selectionChanged);
        const batch = await repo.insertBatch(
          {
            adminId: staff.id,
            target: body.filter.target,
            action: body.action,
            filter: body.filter,
            reason: body.reason || null,
            days: body.action === 'suspend' ? (body.days ?? null) : null,
            affected: items.length,
            createdAt: at,
          },
          tx,
        );
        const rows: NewBulkOperationItem[] = [];
        for (const item of items) {
          const states = await apply(staff, body, item, at, tx, after);
          rows.push({ operationId: batch.id, itemId: item.id, ownerId: item.ownerId, label: item.label, ...states });
        }
        await repo.insertItems(rows, tx);
        // A suspension's strike tells the member itself (with the appeal); the rest are told here.
        if (body.action !== 'suspend') {
          await tellOwners(
            items.map((i) => ({ ownerId: i.ownerId, itemId: i.id })),
            (count) => bulkChangedMessage({ target: body.filter.target, action: body.action, count, reason: body.reason || null }),
            BULK_MESSAGES.changedTitle,
            tx,
            body.filter.target === 'plates',
          );
        }
        await audit.record(
          {
            staff,
            action: 'bulk_operation_run',
            target: { type: 'bulk_operation', id: batch.id, label: `${body.action} ${items.length} ${body.filter.target}` },
            reason: body.reason || null,
            details: { batchId: batch.id, target: body.filter.target, action: body.action, filter: body.filter, days: body.days ?? null, affected: items.length, ids: items.map((i) => i.id) },
            meta,
          },
          tx,
        );
        return batch.id;
      });
      deps.posts.publicChanged();
      deps.moderation.afterCommit(after);
      return { batch: await batchDto(batchId), message: BULK_MESSAGES.ran };
    },

    async list(cursor: string | undefined): Promise<BulkBatchesResponse> {
      const keys = decodeCursor(cursor, CursorKeys);
      const rows = await repo.page(keys?.[0], BULK_PAGE_SIZE + 1);
      const shown = rows.slice(0, BULK_PAGE_SIZE);
      const at = now();
      const last = shown.at(-1);
      return { batches: shown.map((r) => toBatchDto(r, at)), nextCursor: rows.length > BULK_PAGE_SIZE && last ? encodeCursor([last.batch.id]) : null };
    },

    /**
     * Undoes a batch once, within 24 hours of its run, in one transaction with one audit row: each
     * item the batch left as it was is put back to its recorded state; the others are skipped and
     * named. The members whose items came back are told once each.
     */
    async undo(staff: Staff, id: number, meta: RequestMeta): Promise<BulkUndoResponse> {
      const at = now();
      const after: (() => void)[] = [];
      const skipped = await repo.transaction(async (tx) => {
        const batch = await repo.lockBatch(id, tx);
        if (!batch) throw new AppError('NOT_FOUND', BULK_MESSAGES.batchNotFound);
        if (batch.undoneAt) throw new AppError('CONFLICT', BULK_MESSAGES.alreadyUndone);
        if (at.getTime() - batch.createdAt.getTime() >= BULK_UNDO_MS) throw new AppError('CONFLICT', BULK_MESSAGES.undoExpired);
        const items = await repo.itemsOf(batch.id, tx);
        const restored: typeof items = [];
        const left: (BulkSkippedDto & { itemRowId: number })[] = [];
        for (const item of items) {
          const why = await restore(staff, batch.target, batch.action, item, tx);
          if (why) left.push({ id: item.itemId, label: item.label, why, itemRowId: item.id });
          else restored.push(item);
        }
        await repo.markItems(restored.map((i) => i.id), 'restored', tx);
        await repo.markItems(left.map((i) => i.itemRowId), 'skipped', tx);
        await repo.finishUndo(batch.id, { undoneAt: at, undoneBy: staff.id, restored: restored.length, skipped: left.length }, tx);
        await tellOwners(
          restored.map((i) => ({ ownerId: i.ownerId, itemId: i.itemId })),
          (count) => bulkUndoneMessage(count, batch.target),
          BULK_MESSAGES.undoneTitle,
          tx,
          batch.target === 'plates',
        );
        await audit.record(
          {
            staff,
            action: 'bulk_operation_undone',
            target: { type: 'bulk_operation', id: batch.id, label: `${batch.action} ${batch.affected} ${batch.target}` },
            details: { batchId: batch.id, restored: restored.map((i) => i.itemId), skipped: left.map((i) => i.id) },
            meta,
          },
          tx,
        );
        return left.map(({ itemRowId: _, ...rest }) => rest);
      });
      deps.posts.publicChanged();
      deps.moderation.afterCommit(after);
      return { batch: await batchDto(id), message: BULK_MESSAGES.undone, skipped };
    },
  };
}

export type BulkOpsService = ReturnType<typeof createBulkOpsService>;
