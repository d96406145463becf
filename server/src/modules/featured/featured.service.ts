import {
  FEATURED_MESSAGES,
  FEATURED_PAGE_SIZE,
  FEATURED_ROW_MAX,
  featuredStatus,
  type AdminFeaturedDto,
  type AdminFeaturedResponse,
  type FeaturedPostsResponse,
  type PostDto,
} from '@plates/common';
import { z } from 'zod';
import type { FeaturedPatch, FeaturePostBody } from '@plates/common';
import type { Tx } from '../../db/client.js';
import type { FeaturedPost } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Viewer } from '../../lib/viewer.js';
import type { Audit } from '../admin/audit.js';
import type { Staff } from '../admin/permissions.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { FeaturedRepository } from './featured.repository.js';

export interface FeaturedDeps {
  repo: FeaturedRepository;
  audit: Audit;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Plate cards in this order as the viewer sees them (the posts module: no N+1, cards cached). */
  postsByIds: (ids: number[], viewer: Viewer) => Promise<PostDto[]>;
  now?: () => Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type AdminRow = NonNullable<Awaited<ReturnType<FeaturedRepository['adminRow']>>>;

function toAdminFeaturedDto(row: AdminRow, now: Date): AdminFeaturedDto {
  const f = row.featured;
  return {
    id: f.id,
    postId: f.postId,
    post: { title: row.post.title, imageUrl: row.post.imageUrl, author: row.author },
    priority: f.priority,
    reason: f.reason,
    status: featuredStatus(f, now),
    expiresAt: iso(f.expiresAt),
    featuredBy: row.featuredBy,
    unfeaturedBy: row.unfeaturedBy,
    unfeaturedAt: iso(f.unfeaturedAt),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** The columns an audit row keeps, before and after. */
export const auditView = (f: FeaturedPost) => ({
  priority: f.priority,
  reason: f.reason,
  isActive: f.isActive,
  expiresAt: iso(f.expiresAt),
});

/** `[priority, id]` for the current list, `[id]` for the past one. */
const CursorKeys = z.union([z.tuple([z.number().int(), z.number().int().positive()]), z.tuple([z.number().int().positive()])]);

/**
 * Featured plates (issue 16, decision record 0030): staff holding manage_content feature an
 * approved plate everyone may see, with a priority, a reason and an optional expiry; the Featured
 * row at the top of the home feed shows the active, unexpired ones to every viewer through the
 * feed's own audience rule. Every change is audited in its transaction; the cook is told when
 * their plate is featured.
 */
export function createFeaturedService(deps: FeaturedDeps) {
  const { repo, audit, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  function futureExpiry(value: string | null | undefined, at: Date): Date | null | undefined {
    if (value === undefined || value === null) return value;
    const date = new Date(value);
    if (date.getTime() <= at.getTime()) throw new AppError('VALIDATION_ERROR', FEATURED_MESSAGES.expiryInPast, 'expiresAt');
    return date;
  }

  async function adminDto(id: number): Promise<AdminFeaturedDto> {
    const row = await repo.adminRow(id);
    if (!row) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.notFound);
    return toAdminFeaturedDto(row, now());
  }

  /**
   * Features a plate inside the caller's transaction with the rules of the single featuring (a
   * plate everyone may see, not featured now); answers the plate, the earlier row and the new one.
   */
  async function featureInTx(
    staff: Staff,
    input: { postId: number; priority: number; reason: string | null; expiresAt: Date | null },
    at: Date,
    tx: Tx,
  ) {
    const post = await repo.lockPost(input.postId, tx);
    if (!post) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.postNotFound, 'postId');
    if (!post.public) throw new AppError('CONFLICT', FEATURED_MESSAGES.notFeaturable, 'postId');
    const before = await repo.lockByPost(input.postId, tx);
    if (before && featuredStatus(before, at) === 'active') throw new AppError('CONFLICT', FEATURED_MESSAGES.alreadyFeatured, 'postId');
    const values = {
      featuredType: 'homepage',
      priority: input.priority,
      reason: input.reason,
      expiresAt: input.expiresAt,
      isActive: true,
      featuredBy: staff.id,
      unfeaturedBy: null,
      unfeaturedAt: null,
    };
    const row = before ? await repo.update(before.id, values, tx) : await repo.insert({ postId: input.postId, ...values }, tx);
    return { post, before, row };
  }

  return {
    featureInTx,

    /**
     * Puts a featuring back as it was before `featureInTx` (an undone bulk featuring): the earlier
     * row's values, or taken down (kept as history) when there was none. Answers false when the row
     * changed since (`expected` is how the featuring left it).
     */
    async restoreInTx(
      postId: number,
      previous: { priority: number; reason: string | null; isActive: boolean; expiresAt: string | null } | null,
      expected: { id: number; priority: number; reason: string | null; isActive: boolean; expiresAt: string | null },
      staff: Staff,
      tx: Tx,
    ): Promise<boolean> {
      const current = await repo.lockByPost(postId, tx);
      if (!current || current.id !== expected.id) return false;
      const view = auditView(current);
      if (view.priority !== expected.priority || view.reason !== expected.reason || view.isActive !== expected.isActive || view.expiresAt !== expected.expiresAt) {
        return false;
      }
      await repo.update(
        current.id,
        previous
          ? { priority: previous.priority, reason: previous.reason, isActive: previous.isActive, expiresAt: previous.expiresAt ? new Date(previous.expiresAt) : null }
          : { isActive: false, unfeaturedBy: staff.id, unfeaturedAt: now() },
        tx,
      );
      return true;
    },

    /** `GET /api/posts/featured`: the row as this viewer may see it. */
    async row(viewer: Viewer): Promise<FeaturedPostsResponse> {
      const ids = await repo.rowIds(viewer, now(), FEATURED_ROW_MAX);
      return { posts: await deps.postsByIds(ids, viewer) };
    },

    async adminList(q: { status: 'current' | 'past'; cursor?: string | undefined }): Promise<AdminFeaturedResponse> {
      const keys = decodeCursor(q.cursor, CursorKeys);
      const cursor = keys === undefined ? undefined : keys.length === 2 ? { priority: keys[0], id: keys[1] } : { priority: 0, id: keys[0] };
      const at = now();
      const rows = await repo.adminPage(q.status, at, FEATURED_PAGE_SIZE, cursor);
      const kept = rows.slice(0, FEATURED_PAGE_SIZE);
      const last = kept.at(-1)?.featured;
      const more = rows.length > FEATURED_PAGE_SIZE && last;
      return {
        featured: kept.map((r) => toAdminFeaturedDto(r, at)),
        nextCursor: more ? encodeCursor(q.status === 'current' ? [last.priority, last.id] : [last.id]) : null,
      };
    },

    /** Features a plate (again, when an earlier featuring expired or was taken down). */
    async feature(staff: Staff, body: z.output<typeof FeaturePostBody>, meta: RequestMeta): Promise<AdminFeaturedDto> {
      const at = now();
      const expiresAt = futureExpiry(body.expiresAt, at) ?? null;
      const saved = await repo.transaction(async (tx) => {
        const { post, before, row } = await featureInTx(staff, { postId: body.postId, priority: body.priority, reason: body.reason || null, expiresAt }, at, tx);
        await audit.record(
          {
            staff,
            action: 'post_featured',
            target: { type: 'post', id: post.id, label: post.title },
            reason: row.reason,
            before: before ? auditView(before) : null,
            after: auditView(row),
            meta,
          },
          tx,
        );
        await notifications.notify(
          {
            userId: post.userId,
            type: 'post_featured',
            title: FEATURED_MESSAGES.featuredTitle,
            message: `Your plate "${post.title}" is featured at the top of the home feed.`,
            actorId: staff.id,
            postId: post.id,
          },
          tx,
        );
        return row;
      });
      return adminDto(saved.id);
    },

    /** Changes a shown featuring's priority, reason or expiry. */
    async update(staff: Staff, id: number, patch: z.output<typeof FeaturedPatch>, meta: RequestMeta): Promise<AdminFeaturedDto> {
      const at = now();
      const expiresAt = futureExpiry(patch.expiresAt, at);
      await repo.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.notFound);
        if (featuredStatus(before, at) !== 'active') throw new AppError('CONFLICT', FEATURED_MESSAGES.notActive);
        const row = await repo.update(
          id,
          {
            ...(patch.priority === undefined ? {} : { priority: patch.priority }),
            ...(patch.reason === undefined ? {} : { reason: patch.reason || null }),
            ...(expiresAt === undefined ? {} : { expiresAt }),
          },
          tx,
        );
        await audit.record(
          { staff, action: 'featured_updated', target: { type: 'post', id: row.postId }, before: auditView(before), after: auditView(row), meta },
          tx,
        );
      });
      return adminDto(id);
    },

    /** Takes a plate out of the Featured row (kept as history: who and when). */
    async unfeature(staff: Staff, id: number, meta: RequestMeta): Promise<AdminFeaturedDto> {
      await repo.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw new AppError('NOT_FOUND', FEATURED_MESSAGES.notFound);
        if (!before.isActive) throw new AppError('CONFLICT', FEATURED_MESSAGES.notActive);
        const row = await repo.update(id, { isActive: false, unfeaturedBy: staff.id, unfeaturedAt: now() }, tx);
        await audit.record(
          { staff, action: 'post_unfeatured', target: { type: 'post', id: row.postId }, before: auditView(before), after: auditView(row), meta },
          tx,
        );
      });
      return adminDto(id);
    },
  };
}

export type FeaturedService = ReturnType<typeof createFeaturedService>;
