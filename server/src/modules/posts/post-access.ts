import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { follows, posts, userBlocks, users, type ApprovalStatus } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { isConst } from '../../lib/literal.js';
import type { Viewer } from '../../lib/viewer.js';

/**
 * Who may do what to a plate: the one home of that rule. Every module that reads or acts on a
 * plate (posts, ratings, comments, replies, hearts, reports, search) asks here, and the admin
 * area's permissions will sit beside it. A plate the viewer may not open does not exist for them:
 * the answer is the same 404 as for a missing one, so pending plates, private authors and blocks
 * are never revealed.
 */

export const POST_ACCESS_MESSAGES = {
  postNotFound: 'Post not found',
  notApproved: 'This plate is awaiting approval: it cannot be rated or commented on yet.',
} as const;

/**
 * What a viewer may do to a plate: `open` it (see it, list its comments, report it), or `engage`
 * with it (rate, comment, reply, heart: open, and approved).
 */
export type PostAction = 'open' | 'engage';

/** What the rules (and the engagement that follows) need to know of a plate. */
export interface PostGate {
  id: number;
  userId: number;
  title: string;
  approvalStatus: ApprovalStatus;
}

/**
 * Whether the author's plates may be shown to `viewer` at all, whatever their approval state:
 * the author's account is active, neither blocked the other, and a private author is followed
 * (accepted) by the viewer. The owner always sees their own plates; an admin ignores privacy and
 * account state but keeps their own blocks (`moderation` lifts those too, for moderation reads).
 * Joins `users` as the author. Lists (feeds, profiles, search) add "approved" to it.
 */
export function audience(viewer: Viewer, options: { moderation?: boolean } = {}): SQL {
  if (!viewer) return and(isConst(users.accountStatus, 'active'), isConst(users.isPrivate, false))!;
  const isOwner = eq(posts.userId, viewer.id);
  if (viewer.isAdmin && options.moderation) return sql`true`;
  const notBlocked = sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewer.id} and ${userBlocks.blockedId} = ${posts.userId}) or (${userBlocks.blockerId} = ${posts.userId} and ${userBlocks.blockedId} = ${viewer.id}))`;
  if (viewer.isAdmin) return or(isOwner, notBlocked)!;
  const follower = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer.id} and ${follows.followingId} = ${posts.userId} and ${follows.status} = 'accepted')`;
  return or(
    isOwner,
    and(isConst(users.accountStatus, 'active'), notBlocked, or(isConst(users.isPrivate, false), follower)),
  )!;
}

/** Plates a viewer may open: approved ones of people they may see, their own, and for admins all. Joins `users` as the author. */
export function canOpen(viewer: Viewer): SQL {
  const approved = and(isConst(posts.approvalStatus, 'approved'), audience(viewer))!;
  if (!viewer) return approved;
  if (viewer.isAdmin) return sql`true`;
  return or(eq(posts.userId, viewer.id), approved)!;
}

export function createPostAccess(db: Db) {
  /** The plate, if the viewer may open it; `lock` takes its row FOR UPDATE (counter changes lock the plate first). */
  async function find(postId: number, viewer: Viewer, conn: Db | Tx, lock: boolean): Promise<PostGate | undefined> {
    const query = conn
      .select({ id: posts.id, userId: posts.userId, title: posts.title, approvalStatus: posts.approvalStatus })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(eq(posts.id, postId), canOpen(viewer)))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: posts }) : await query;
    return row;
  }

  return {
    /** Whether the plate exists and the viewer may open it. */
    async mayOpen(postId: number, viewer: Viewer, conn: Db | Tx = db): Promise<boolean> {
      return (await find(postId, viewer, conn, false)) !== undefined;
    },

    /**
     * The plate, when `viewer` may do `action` to it; otherwise a 404 (`notFound`, on `field`) for a
     * plate they may not open, or a 403 for engaging with one that is not approved yet.
     */
    async require(
      action: PostAction,
      postId: number,
      viewer: Viewer,
      options: { conn?: Db | Tx; lock?: boolean; notFound?: string; field?: string } = {},
    ): Promise<PostGate> {
      const post = await find(postId, viewer, options.conn ?? db, options.lock ?? false);
      if (!post) throw new AppError('NOT_FOUND', options.notFound ?? POST_ACCESS_MESSAGES.postNotFound, options.field);
      if (action === 'engage' && post.approvalStatus !== 'approved') {
        throw new AppError('FORBIDDEN', POST_ACCESS_MESSAGES.notApproved);
      }
      return post;
    },
  };
}

export type PostAccess = ReturnType<typeof createPostAccess>;
