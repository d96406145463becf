import { FeedResponse, type Category, type PendingPostsResponse, type PostDto, type UpdatePostBody } from '@plates/common';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { ImageVariant, Post } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createSharedCache } from '../../lib/shared-cache.js';
import { cardDto, cardJson, createCardCache, toCard, type Card, type CardCache, type Flags } from './post-cards.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { Audit } from '../admin/audit.js';
import { moderatorView, type Staff } from '../admin/permissions.js';
import type { ImageStorage } from '../../lib/storage/index.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import { decodeKeyset, encodeKeyset, type IdPage } from '../../lib/keyset.js';
import { toPostDto, type PostRow, type ResolvedImage } from './posts.mapper.js';
import { toAnalysisHints } from '../analysis/analysis.mapper.js';
import type { Member, Viewer } from '../../lib/viewer.js';
import { POST_ACCESS_MESSAGES, type PostAccess } from './post-access.js';
import type { CardMarks, PostsRepository } from './posts.repository.js';
import { DEFAULT_MEAN, TOP_RATED_CONFIDENCE, periodStart, type TopRatedPeriod } from './top-rated.js';

export const POST_MESSAGES = {
  notFound: POST_ACCESS_MESSAGES.postNotFound,
  notOwner: 'You can only edit your own plates',
  cannotDelete: 'You can only delete your own plates',
  deleted: 'Post deleted successfully',
  invalidCuisine: 'Invalid cuisine',
  alreadyApproved: 'This plate is already approved',
  alreadyRejected: 'This plate is already rejected',
  approvedTitle: 'Plate approved',
  rejectedTitle: 'Plate not approved',
} as const;

/** What the upload pipeline made of the photo (the media module's `ProcessedImage`). */
/** Photos whose dHashes differ in at most this many of 64 bits are shown as look-alikes in review. */
const NEAR_DUPLICATE_BITS = 8;

export interface StoredImage {
  imageUrl: string;
  key: string;
  width: number;
  height: number;
  aspect: 'landscape' | 'portrait' | 'square';
  placeholder: string;
  variants: Array<{ width: number; height: number; key: string; url: string }>;
  /** dHash for near-duplicate hints (media.service); absent from callers that have none. */
  perceptualHash?: string;
}

export interface NewPostInput {
  title: string;
  description?: string | undefined;
  location?: string | undefined;
  altText?: string | undefined;
  categoryIds: number[];
}

/** Who made a moderation decision and from where, for the audit log. */

export interface PostsServiceDeps {
  repo: PostsRepository;
  /** Who may open which plate (post-access.ts). */
  access: PostAccess;
  points: PointsService;
  notifications: NotificationsService;
  /** The admin audit log: approvals and rejections are written in their own transaction. */
  audit: Audit;
  /** The content filters: titles and descriptions are screened as they are written. */
  filters: ContentScreen;
  /** Turns stored keys into URLs on read and deletes files of deleted plates; stored URLs are used without it. */
  storage?: Pick<ImageStorage, 'url' | 'delete'>;
  /**
   * Plate cards in memory, each used only at its plate's current version (post-cards.ts); a
   * service makes its own when none is given.
   */
  cards?: CardCache;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

const notFound = () => new AppError('NOT_FOUND', POST_MESSAGES.notFound);
export const PENDING_PAGE_SIZE = 10;
const MEAN_TTL_MS = 60_000;
/**
 * How long a copy of the feed as visitors see it is served to every visitor (decision record 0021):
 * a plate approved, edited or deleted on this instance drops it at once; on another instance it
 * shows within this time.
 */
export const PUBLIC_FEED_TTL_MS = 1000;
/** How long a card nobody reads is kept (its version keeps a read card current: post-cards.ts). */
export const CARD_TTL_MS = 10_000;
export const CARD_MAX_ENTRIES = 10_000;

export function createPostsService(deps: PostsServiceDeps) {
  const { repo, access, points, notifications, filters, storage, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const publicFeed = createSharedCache<Buffer>({ ttlMs: PUBLIC_FEED_TTL_MS, maxEntries: 64 });
  const publicListeners = new Set<() => void>();
  const createdListeners = new Set<(postId: number, upload: Buffer) => void>();
  function publicChanged(): void {
    publicFeed.clear();
    for (const listener of publicListeners) listener();
  }
  const cards = deps.cards ?? createCardCache({ ttlMs: CARD_TTL_MS, maxEntries: CARD_MAX_ENTRIES });

  async function resolveImage(post: Post): Promise<ResolvedImage> {
    const urlOf = async (key: string | null | undefined, fallback: string) =>
      storage && key ? storage.url(key) : fallback;
    const variants = await Promise.all(
      [...post.imageVariants]
        .sort((a, b) => a.width - b.width)
        .map(async (v) => ({ width: v.width, url: await urlOf(v.key, v.url) })),
    );
    return { url: await urlOf(post.imageKey, post.imageUrl), variants };
  }

  /** Cards of these plates from the database: two statements whatever their number. */
  async function loadCards(ids: number[]): Promise<Card[]> {
    const [rows, cats] = await Promise.all([repo.cardRows(ids), repo.categoriesOf(ids)]);
    const byPost = new Map<number, Category[]>();
    for (const c of cats) {
      const list = byPost.get(c.postId) ?? [];
      list.push({ id: c.id, name: c.name });
      byPost.set(c.postId, list);
    }
    return Promise.all(
      rows.map(async (row) => {
        const plain: PostRow = { ...row, saved: false, userRating: null };
        return toCard(toPostDto(plain, byPost.get(row.post.id) ?? [], await resolveImage(row.post)), row.version);
      }),
    );
  }

  /** Cards of these ids in this order with the viewer's marks; ids that no longer exist are left out. */
  async function cardsOf(ids: number[], marks: ReadonlyMap<number, CardMarks>): Promise<Array<[Card, Flags]>> {
    const versions = new Map<number, string>();
    for (const id of ids) {
      const m = marks.get(id);
      if (m) versions.set(id, m.version);
    }
    const byId = versions.size > 0 ? await cards.get(versions, loadCards) : new Map<number, Card>();
    const out: Array<[Card, Flags]> = [];
    for (const id of ids) {
      const card = byId.get(id);
      const m = marks.get(id);
      if (card && m) out.push([card, m]);
    }
    return out;
  }

  /**
   * PostDtos for these ids in this order: one statement for their versions and the viewer's marks,
   * then the cards (in memory, or two statements for those not held at that version). Ids that no
   * longer exist are left out.
   */
  async function postsByIds(ids: number[], viewer: Viewer): Promise<PostDto[]> {
    if (ids.length === 0) return [];
    const marks = new Map((await repo.marks(ids, viewer)).map((m) => [m.id, m]));
    return (await cardsOf(ids, marks)).map(([card, flags]) => cardDto(card, flags));
  }

  const nextCursor = (p: IdPage) => (p.hasMore && p.last ? encodeKeyset(p.last) : null);

  async function page(p: IdPage, viewer: Viewer): Promise<FeedResponse> {
    return { posts: await postsByIds(p.ids, viewer), nextCursor: nextCursor(p) };
  }

  /**
   * The plate as this viewer sees it, with the viewer's marks; 404 when it does not exist or is
   * not theirs to see. Access, version and marks are one statement; the card is in memory.
   */
  async function openCard(postId: number, viewer: Viewer): Promise<[Card, Flags]> {
    const marks = await repo.openMarks(postId, viewer);
    if (!marks) throw notFound();
    const [found] = await cardsOf([postId], new Map([[postId, marks]]));
    if (!found) throw notFound();
    return found;
  }

  /**
   * The site-wide mean star (m of the Bayesian average): one aggregate over every approved plate,
   * so it is kept for a minute rather than computed on every top-rated request.
   */
  let mean: { value: number; at: number } | undefined;
  async function siteMean(): Promise<number> {
    const at = now().getTime();
    if (!mean || at - mean.at > MEAN_TTL_MS || at < mean.at) {
      mean = { value: (await repo.meanRating()) ?? DEFAULT_MEAN, at };
    }
    return mean.value;
  }

  /** The plate as this viewer sees it; 404 when it does not exist or is not theirs to see. */
  async function getPost(postId: number, viewer: Viewer): Promise<PostDto> {
    const [card, flags] = await openCard(postId, viewer);
    return cardDto(card, flags);
  }

  async function checkCategories(ids: number[]): Promise<void> {
    const known = await repo.existingCategoryIds(ids);
    if (known.length !== new Set(ids).size) {
      throw new AppError('VALIDATION_ERROR', POST_MESSAGES.invalidCuisine, 'categoryIds');
    }
  }

  /** Deletes image files no plate uses any more; a storage failure is logged, never answered. */
  async function removeImageFiles(post: Post): Promise<void> {
    if (!storage) return;
    const keys = new Set<string>();
    if (post.imageKey) keys.add(post.imageKey);
    for (const v of post.imageVariants) if (v.key) keys.add(v.key);
    if (keys.size === 0) return;
    if (post.imageKey && (await repo.imageKeyInUse(post.imageKey))) return;
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        logger?.warn({ err: error, key }, 'could not delete image file of a deleted plate');
      }
    }
  }

  /**
   * What approving does to a plate inside the caller's transaction (the single approval and the
   * bulk operations): live now, the author's `post_approved` award; answers the points given.
   */
  async function applyApproval(post: Pick<Post, 'id' | 'userId'>, adminId: number, tx: Tx): Promise<number> {
    await repo.updatePost(post.id, { approvalStatus: 'approved', approvedAt: now(), approvedBy: adminId, rejectionReason: null }, tx);
    return points.award({ userId: post.userId, action: 'post_approved', entityType: 'post', entityId: post.id }, tx);
  }

  /** What rejecting does to a plate inside the caller's transaction (the single rejection and the bulk operations). */
  async function applyRejection(post: Pick<Post, 'id'>, reason: string, tx: Tx): Promise<void> {
    await repo.updatePost(post.id, { approvalStatus: 'rejected', rejectionReason: reason, approvedAt: null, approvedBy: null }, tx);
  }

  return {
    getPost,
    postsByIds,
    applyApproval,
    applyRejection,

    /**
     * A member's feed page as the answer's JSON: one statement for the page with their flags, the
     * cards from memory, and the bytes put together from each card's JSON (`cardJson`), exactly
     * what serialising the `FeedResponse` would give.
     */
    async memberFeedJson(viewer: Member, q: { cursor?: string; limit: number; location?: string }): Promise<string> {
      const cursor = decodeKeyset(q.cursor);
      const p = await repo.memberFeedPage(viewer, { cursor, limit: q.limit, location: q.location });
      const parts = (await cardsOf(p.ids, p.marks)).map(([card, flags]) => cardJson(card, flags));
      return `{"posts":[${parts.join(',')}],"nextCursor":${JSON.stringify(nextCursor(p))}}`;
    },

    /** `getPost` as the answer's JSON, put together from the card (`cardJson`). */
    async postJson(postId: number, viewer: Viewer): Promise<string> {
      const [card, flags] = await openCard(postId, viewer);
      return cardJson(card, flags);
    },

    /**
     * The feed page as visitors see it, as the JSON bytes of the answer: the same for every visitor,
     * so one copy serves them all for `PUBLIC_FEED_TTL_MS` (it holds only what a visitor may see:
     * approved plates of active, public authors, no viewer's flags).
     */
    publicFeed(q: { cursor?: string; limit: number; location?: string }): Promise<Buffer> {
      const key = JSON.stringify([q.cursor ?? '', q.limit, q.location?.toLowerCase() ?? '']);
      return publicFeed.get(key, async () => {
        const cursor = decodeKeyset(q.cursor);
        const answer = await page(await repo.visitorFeedPage({ cursor, limit: q.limit, location: q.location }), null);
        return Buffer.from(JSON.stringify(z.encode(FeedResponse, answer)));
      });
    },

    /** Drops the visitors' copies (and those of every `onPublicChange` listener): a write changed what they may see. */
    publicChanged,

    /** Calls `listener` with each new plate and its uploaded bytes once its row has committed (photo analysis). */
    onCreated(listener: (postId: number, upload: Buffer) => void): void {
      createdListeners.add(listener);
    },

    /** Calls `listener` whenever the visitors' copies are dropped (search keeps copies of its own). */
    onPublicChange(listener: () => void): void {
      publicListeners.add(listener);
    },

    async saved(viewer: Member, q: { cursor?: string; limit: number }): Promise<FeedResponse> {
      const cursor = decodeKeyset(q.cursor);
      return page(await repo.savedPage(viewer, { cursor, limit: q.limit }), viewer);
    },

    /** A person's plates as the viewer may see them (the users module checks the profile first). */
    async userPosts(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }): Promise<FeedResponse> {
      const cursor = decodeKeyset(q.cursor);
      const p = await repo.userPage(userId, viewer, { cursor, limit: q.limit });
      return { posts: (await cardsOf(p.ids, p.marks)).map(([card, flags]) => cardDto(card, flags)), nextCursor: nextCursor(p) };
    },

    async neighbors(postId: number, viewer: Viewer) {
      if (!(await access.mayOpen(postId, viewer))) throw notFound();
      const key = await repo.keyOf(postId);
      if (!key) throw notFound();
      return repo.neighbors(key, viewer);
    },

    listCategories: () => repo.listCategories(),

    async topRated(viewer: Viewer, q: { period: TopRatedPeriod; limit: number }): Promise<PostDto[]> {
      const ids = await repo.topRated(viewer, {
        since: periodStart(q.period, now()),
        limit: q.limit,
        confidence: TOP_RATED_CONFIDENCE,
        mean: await siteMean(),
      });
      return postsByIds(ids, viewer);
    },

    /**
     * A new plate from an uploaded image. An admin's is approved at once (and earns the approval
     * points); anyone else's waits for moderation.
     */
    async create(author: Member, input: NewPostInput, storeImage: () => Promise<StoredImage>, upload?: Buffer): Promise<PostDto> {
      // A blocked word refuses the plate before its photo is stored; a held one keeps it pending
      // (even an admin's, which is otherwise approved at once).
      const screening = filters.screen(
        [
          { scope: 'titles', field: 'title', text: input.title },
          { scope: 'descriptions', field: 'description', text: input.description },
        ],
        author.id,
      );
      const approveNow = author.isAdmin && !screening.held;
      await checkCategories(input.categoryIds);
      // only now, with the fields known good, is the photo decoded and stored
      const image = await storeImage();
      const at = now();
      const variants: ImageVariant[] = image.variants.map((v) => ({
        name: `w${v.width}`,
        url: v.url,
        key: v.key,
        width: v.width,
        height: v.height,
        format: 'webp',
      }));
      const post = await repo.transaction(async (tx) => {
        const row = await repo.insertPost(
          {
            userId: author.id,
            title: input.title,
            description: input.description ?? null,
            location: input.location ?? null,
            altText: input.altText ?? null,
            imageUrl: image.imageUrl,
            imageKey: image.key,
            imageWidth: image.width,
            imageHeight: image.height,
            imageAspect: image.aspect,
            imagePlaceholder: image.placeholder,
            imageVariants: variants,
            imageHash: image.perceptualHash ?? null,
            approvalStatus: approveNow ? 'approved' : 'pending',
            approvedAt: approveNow ? at : null,
            approvedBy: approveNow ? author.id : null,
          },
          tx,
        );
        await repo.setCategories(row.id, input.categoryIds, tx);
        await filters.record(screening, { type: 'post', id: row.id }, author.id, tx);
        if (approveNow) {
          await points.award({ userId: author.id, action: 'post_approved', entityType: 'post', entityId: row.id }, tx);
        }
        return row;
      });
      publicChanged();
      // After the commit: the photo analysis runs as a job (record 0038); the upload never waits.
      if (upload) for (const listener of createdListeners) listener(post.id, upload);
      return getPost(post.id, author);
    },

    async update(editor: Member, postId: number, body: UpdatePostBody): Promise<PostDto> {
      const post = await repo.findPost(postId);
      if (!post || !(await access.mayOpen(postId, editor))) throw notFound();
      if (post.userId !== editor.id) throw new AppError('FORBIDDEN', POST_MESSAGES.notOwner);
      // Only changed text is screened; a held word sends an approved plate back to review.
      const screening = filters.screen(
        [
          { scope: 'titles', field: 'title', text: body.title !== post.title ? body.title : undefined },
          { scope: 'descriptions', field: 'description', text: body.description !== post.description ? body.description : undefined },
        ],
        editor.id,
      );
      if (body.categoryIds) await checkCategories(body.categoryIds);
      const values: Partial<Post> = {};
      if (screening.held && post.approvalStatus === 'approved') {
        Object.assign(values, { approvalStatus: 'pending', approvedAt: null, approvedBy: null } satisfies Partial<Post>);
      }
      if (body.title !== undefined) values.title = body.title;
      if (body.location !== undefined) values.location = body.location.trim() === '' ? null : body.location.trim();
      if (body.description !== undefined) values.description = body.description === '' ? null : body.description;
      if (body.altText !== undefined) values.altText = body.altText === '' ? null : body.altText;
      await repo.transaction(async (tx) => {
        if (Object.keys(values).length > 0) await repo.updatePost(postId, values, tx);
        if (body.categoryIds) await repo.setCategories(postId, [...new Set(body.categoryIds)], tx);
        await filters.record(screening, { type: 'post', id: postId }, editor.id, tx);
      });
      publicChanged();
      return getPost(postId, editor);
    },

    async remove(actor: Member, postId: number): Promise<{ message: string }> {
      const post = await repo.findPost(postId);
      if (!post || !(await access.mayOpen(postId, actor))) throw notFound();
      if (post.userId !== actor.id && !actor.isAdmin) throw new AppError('FORBIDDEN', POST_MESSAGES.cannotDelete);
      const deleted = await repo.deletePost(postId);
      if (!deleted) throw notFound();
      await removeImageFiles(deleted);
      publicChanged();
      return { message: POST_MESSAGES.deleted };
    },

    async save(viewer: Member, postId: number): Promise<PostDto> {
      if (!(await access.mayOpen(postId, viewer))) throw notFound();
      await repo.transaction((tx) => repo.addSave(postId, viewer.id, tx));
      return getPost(postId, viewer);
    },

    async unsave(viewer: Member, postId: number): Promise<PostDto> {
      if (!(await access.mayOpen(postId, viewer))) throw notFound();
      await repo.transaction((tx) => repo.removeSave(postId, viewer.id, tx));
      return getPost(postId, viewer);
    },

    async pending(admin: Member, pageNumber: number): Promise<PendingPostsResponse> {
      const { ids, total } = await repo.pendingPage(pageNumber, PENDING_PAGE_SIZE);
      const [page, hints] = await Promise.all([postsByIds(ids, admin), repo.pendingHints(ids, NEAR_DUPLICATE_BITS)]);
      const analysed = new Map(hints.analyses.map((a) => [a.postId, a]));
      return {
        posts: page,
        hints: ids.map((postId) => {
          const record = hints.records.find((r) => Number(r.post_id) === postId);
          return {
            postId,
            author: {
              joinedAt: record ? new Date(record.joined_at).toISOString() : new Date(0).toISOString(),
              approvedPlates: Number(record?.approved ?? 0),
              strikes: Number(record?.strikes ?? 0),
              activeStrikes: Number(record?.active_strikes ?? 0),
              reportsReceived: Number(record?.reports ?? 0),
            },
            duplicates: hints.duplicates
              .filter((d) => Number(d.post_id) === postId)
              .map((d) => ({ id: Number(d.id), title: d.title, approvalStatus: d.approval_status, userId: Number(d.user_id), distance: Number(d.distance) })),
            analysis: analysed.has(postId) ? toAnalysisHints(analysed.get(postId)!) : null,
          };
        }),
        total,
        page: pageNumber,
        totalPages: Math.ceil(total / PENDING_PAGE_SIZE),
      };
    },

    /** Approves a plate: live at once, the author earns `post_approved` and is told; audited. */
    async approve(staff: Staff, postId: number, meta: RequestMeta): Promise<PostDto> {
      const admin = moderatorView(staff);
      await repo.transaction(async (tx) => {
        const post = await repo.lockPost(postId, tx);
        if (!post) throw notFound();
        if (post.approvalStatus === 'approved') throw new AppError('CONFLICT', POST_MESSAGES.alreadyApproved);
        await applyApproval(post, admin.id, tx);
        await notifications.notify(
          {
            userId: post.userId,
            type: 'post_approved',
            title: POST_MESSAGES.approvedTitle,
            message: `Your plate "${post.title}" is now live.`,
            actorId: admin.id,
            postId,
          },
          tx,
        );
        await deps.audit.record(
          {
            staff,
            action: 'post_approved',
            target: { type: 'post', id: postId, label: post.title },
            before: { approvalStatus: post.approvalStatus },
            after: { approvalStatus: 'approved' },
            details: { title: post.title, previousStatus: post.approvalStatus },
            meta,
          },
          tx,
        );
      });
      publicChanged();
      return getPost(postId, admin);
    },

    /** Rejects a plate with a reason the author is told; audited. */
    async reject(staff: Staff, postId: number, reason: string, meta: RequestMeta): Promise<PostDto> {
      const admin = moderatorView(staff);
      await repo.transaction(async (tx) => {
        const post = await repo.lockPost(postId, tx);
        if (!post) throw notFound();
        if (post.approvalStatus === 'rejected') throw new AppError('CONFLICT', POST_MESSAGES.alreadyRejected);
        await applyRejection(post, reason, tx);
        await notifications.notify(
          {
            userId: post.userId,
            type: 'post_rejected',
            title: POST_MESSAGES.rejectedTitle,
            message: `Your plate "${post.title}" was not approved: ${reason}`,
            actorId: admin.id,
            postId,
            metadata: { reason },
          },
          tx,
        );
        await deps.audit.record(
          {
            staff,
            action: 'post_rejected',
            target: { type: 'post', id: postId, label: post.title },
            reason,
            before: { approvalStatus: post.approvalStatus },
            after: { approvalStatus: 'rejected' },
            details: { title: post.title, reason, previousStatus: post.approvalStatus },
            meta,
          },
          tx,
        );
      });
      publicChanged();
      return getPost(postId, admin);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
