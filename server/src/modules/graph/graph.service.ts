import {
  USER_MESSAGES,
  type BlockedUsersResponse,
  type BlockResponse,
  type FollowRequestActionResponse,
  type FollowResponse,
  type SuggestedUsersResponse,
  type UnblockResponse,
  type UserListResponse,
} from '@plates/common';
import type { Tx } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import type { Viewer } from '../../lib/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import { toBlockedUser, toFollowState, toUserSummary } from './graph.mapper.js';
import type { GraphRepository, Relation, SummaryPage } from './graph.repository.js';

type SignedIn = NonNullable<Viewer>;

export interface GraphServiceDeps {
  repo: GraphRepository;
  points: Pick<PointsService, 'award'>;
  notifications: Pick<NotificationsService, 'notify'>;
}

const userNotFound = () => new AppError('USER_NOT_FOUND', USER_MESSAGES.userNotFound);
const nameOf = (user: { displayName: string | null; username: string }) => user.displayName || user.username;

/**
 * How far the viewer may look into someone's account:
 * - `hidden`: as if it did not exist (missing; deactivated or suspended, except to admins; the
 *   owner blocked the viewer, admins included, as in the feed);
 * - `blocked`: the viewer blocked them: the profile shows (with Unblock), nothing else;
 * - `private`: a private account the viewer does not follow (accepted): profile and counts only;
 * - `open`: plates, followers and following too (the owner, admins, accepted followers, anyone
 *   for a public account).
 */
export type Standing = 'hidden' | 'blocked' | 'private' | 'open';

/** What the standing is decided from: a `Relation`, or any row with the same facts (a profile). */
export type StandingFacts = Pick<Relation, 'id' | 'accountStatus' | 'blockedViewer' | 'viewerBlocked' | 'isPrivate' | 'followStatus'>;

function standingOf(rel: StandingFacts | undefined, viewer: Viewer): Standing {
  if (!rel) return 'hidden';
  if (viewer?.id === rel.id) return 'open';
  if (rel.accountStatus !== 'active' && !viewer?.isAdmin) return 'hidden';
  if (rel.blockedViewer) return 'hidden';
  if (rel.viewerBlocked) return 'blocked';
  if (viewer?.isAdmin || !rel.isPrivate || rel.followStatus === 'accepted') return 'open';
  return 'private';
}

/** For plates and follow lists: 404 unless the profile is there, 403 when it is private to the viewer. */
function assertOpen(standing: Standing): void {
  if (standing === 'hidden' || standing === 'blocked') throw userNotFound();
  if (standing === 'private') throw new AppError('FORBIDDEN', USER_MESSAGES.privateProfile);
}

/**
 * The social graph: follows, follow requests, blocks and suggestions, and the standing of a viewer
 * towards an account that the users module's profile and plates also answer by.
 */
export function createGraphService(deps: GraphServiceDeps) {
  const { repo, points, notifications } = deps;

  function listOf(page: SummaryPage): UserListResponse {
    return {
      users: page.rows.map(toUserSummary),
      nextCursor: page.hasMore && page.last ? encodeKeyset(page.last) : null,
    };
  }

  async function requireOpen(userId: number, viewer: Viewer): Promise<void> {
    assertOpen(standingOf(await repo.relation(userId, viewer?.id ?? 0), viewer));
  }

  /** Accepts a follower: points to the one followed, a 'follow_accepted' notification to the follower. */
  async function welcome(me: { id: number; displayName: string | null; username: string }, followerId: number, tx: Tx) {
    await points.award({ userId: me.id, action: 'follow_received', entityType: 'user', entityId: followerId }, tx);
    await notifications.notify(
      {
        userId: followerId,
        actorId: me.id,
        type: 'follow_accepted',
        title: 'Follow request accepted',
        message: `${nameOf(me)} accepted your follow request`,
        oncePerHours: 24,
      },
      tx,
    );
  }

  return {
    standingOf,

    /** 404 unless the account is there for the viewer, 403 when it is private to them. */
    requireOpen,

    /**
     * Accepts every pending request to `me`, with points and notifications, in the caller's
     * transaction (an account turning public).
     */
    async acceptAllRequests(me: { id: number; displayName: string | null; username: string }, tx: Tx): Promise<void> {
      for (const followerId of await repo.acceptAllRequests(me.id, tx)) await welcome(me, followerId, tx);
    },

    async followers(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }) {
      await requireOpen(userId, viewer);
      const cursor = decodeKeyset(q.cursor);
      return listOf(await repo.followPage({ userId, side: 'followers', status: 'accepted', viewerId: viewer?.id ?? 0, cursor, limit: q.limit }));
    },

    async following(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }) {
      await requireOpen(userId, viewer);
      const cursor = decodeKeyset(q.cursor);
      return listOf(await repo.followPage({ userId, side: 'following', status: 'accepted', viewerId: viewer?.id ?? 0, cursor, limit: q.limit }));
    },

    /**
     * Follows a public account at once (a 'follow' notification and `follow_received` points) or
     * asks a private one (a 'follow_request' notification). Following again changes nothing; a
     * follow after an unfollow tells the person again only after a day (one notification per
     * follower, kind and day), and the points are once per follower for good.
     */
    async follow(me: User, targetId: number): Promise<FollowResponse> {
      if (me.id === targetId) throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotFollowSelf);
      const state = await repo.transaction(async (tx) => {
        const target = await repo.relation(targetId, me.id, tx);
        if (!target || target.accountStatus !== 'active') throw userNotFound();
        if (target.viewerBlocked || target.blockedViewer) throw new AppError('USER_BLOCKED', USER_MESSAGES.blockedCannotFollow);
        if (target.followStatus) return target.followStatus;
        const status = target.isPrivate ? 'pending' : 'accepted';
        if (!(await repo.insertFollow(me.id, targetId, status, tx))) return status; // a concurrent twin won
        if (status === 'accepted') {
          await points.award({ userId: targetId, action: 'follow_received', entityType: 'user', entityId: me.id }, tx);
          await notifications.notify(
            { userId: targetId, actorId: me.id, type: 'follow', title: 'New follower', message: `${nameOf(me)} started following you`, oncePerHours: 24 },
            tx,
          );
        } else {
          await notifications.notify(
            { userId: targetId, actorId: me.id, type: 'follow_request', title: 'New follow request', message: `${nameOf(me)} wants to follow you`, oncePerHours: 24 },
            tx,
          );
        }
        return status;
      });
      const followState = toFollowState(state);
      return {
        followState,
        isFollowing: followState === 'following',
        followerCount: await repo.followerCount(targetId),
        message: followState === 'following' ? USER_MESSAGES.followed : USER_MESSAGES.followRequested,
      };
    },

    /** Unfollows, or cancels a pending request; nothing to undo is fine. */
    async unfollow(me: SignedIn, targetId: number): Promise<FollowResponse> {
      if (me.id === targetId) throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotFollowSelf);
      const target = await repo.relation(targetId, me.id);
      if (!target || (target.accountStatus !== 'active' && !me.isAdmin)) throw userNotFound();
      const was = await repo.deleteFollow(me.id, targetId);
      return {
        followState: 'none',
        isFollowing: false,
        followerCount: await repo.followerCount(targetId),
        message: was === 'pending' ? USER_MESSAGES.requestCancelled : USER_MESSAGES.unfollowed,
      };
    },

    async followRequests(me: SignedIn, q: { cursor?: string | undefined; limit: number }): Promise<UserListResponse> {
      const cursor = decodeKeyset(q.cursor);
      return listOf(await repo.followPage({ userId: me.id, side: 'followers', status: 'pending', viewerId: me.id, cursor, limit: q.limit }));
    },

    async approveRequest(me: User, requesterId: number): Promise<FollowRequestActionResponse> {
      await repo.transaction(async (tx) => {
        if (!(await repo.acceptRequest(requesterId, me.id, tx))) {
          throw new AppError('NOT_FOUND', USER_MESSAGES.followRequestNotFound);
        }
        await welcome(me, requesterId, tx);
      });
      return {
        userId: requesterId,
        status: 'approved',
        pendingRequestCount: await repo.pendingRequestCount(me.id),
        message: USER_MESSAGES.requestApproved,
      };
    },

    async declineRequest(me: SignedIn, requesterId: number): Promise<FollowRequestActionResponse> {
      if (!(await repo.declineRequest(requesterId, me.id))) {
        throw new AppError('NOT_FOUND', USER_MESSAGES.followRequestNotFound);
      }
      return {
        userId: requesterId,
        status: 'declined',
        pendingRequestCount: await repo.pendingRequestCount(me.id),
        message: USER_MESSAGES.requestDeclined,
      };
    },

    /**
     * Blocks (again: the reason is replaced). In one transaction: the block, follows and requests
     * either way are removed, and the blocker's row of the pair's conversation is marked
     * `is_blocked` (the spec's column). Chat itself hides the conversation from both members while
     * any block stands between them (chat.repository.ts `sessionVisibleTo`).
     */
    async block(me: SignedIn, targetId: number, reason: string | null): Promise<BlockResponse> {
      if (me.id === targetId) throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotBlockSelf);
      const block = await repo.transaction(async (tx) => {
        const target = await repo.relation(targetId, me.id, tx);
        if (!target || (target.accountStatus !== 'active' && !me.isAdmin && !target.viewerBlocked)) throw userNotFound();
        const row = await repo.upsertBlock(me.id, targetId, reason, tx);
        await repo.deleteFollowsBetween(me.id, targetId, tx);
        await repo.setChatBlocked(me.id, targetId, true, tx);
        return row;
      });
      return {
        message: USER_MESSAGES.userBlocked,
        block: {
          blockerId: block.blockerId,
          blockedId: block.blockedId,
          createdAt: block.createdAt.toISOString(),
          reason: block.reason ?? null,
        },
      };
    },

    /** Unblocks (nothing to undo is fine); follows are not restored, the conversation shows again. */
    async unblock(me: SignedIn, targetId: number): Promise<UnblockResponse> {
      if (me.id === targetId) throw new AppError('BAD_REQUEST', USER_MESSAGES.cannotBlockSelf);
      await repo.transaction(async (tx) => {
        const status = await repo.blockStatus(me.id, targetId, tx);
        if (!status) throw userNotFound();
        if (await repo.deleteBlock(me.id, targetId, tx)) await repo.setChatBlocked(me.id, targetId, false, tx);
      });
      return { message: USER_MESSAGES.userUnblocked, blockedId: targetId };
    },

    async blockedUsers(me: SignedIn): Promise<BlockedUsersResponse> {
      return { users: (await repo.blockedUsers(me.id)).map(toBlockedUser) };
    },

    async blockStatus(me: SignedIn, targetId: number) {
      const row = await repo.blockStatus(me.id, targetId);
      if (!row) throw userNotFound();
      return { blocked: row.blocked, isBlocked: row.blocked };
    },

    async suggestions(me: SignedIn, limit: number): Promise<SuggestedUsersResponse> {
      return { users: (await repo.suggestions(me.id, limit)).map(toUserSummary) };
    },
  };
}

export type GraphService = ReturnType<typeof createGraphService>;
