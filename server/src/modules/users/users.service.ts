import {
  MESSAGES,
  USER_MESSAGES,
  type BlockedUsersResponse,
  type BlockResponse,
  type FeedResponse,
  type FollowRequestActionResponse,
  type FollowResponse,
  type ProfileDto,
  type SessionUser,
  type SuggestedUsersResponse,
  type UnblockResponse,
  type UserListResponse,
} from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import type { ImageStorage } from '../../lib/storage/index.js';
import { RENDITION_WIDTHS, type ProcessedImage } from '../media/media.service.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PointsService } from '../points/points.service.js';
import { decodeKeyset, encodeKeyset } from '../../lib/keyset.js';
import type { PostsService } from '../posts/posts.service.js';
import { toBlockedUser, toFollowState, toProfileDto, toUserSummary } from './users.mapper.js';
import type { NameGuard } from './users.names.js';
import type { Relation, SummaryPage, UsersRepository } from './users.repository.js';

type SignedIn = NonNullable<Viewer>;

export const ACCOUNT_MESSAGES = {
  lastAdmin: 'The only admin account cannot be deleted. Make another user an admin first.',
} as const;

/** Profile fields after `UpdateProfileFields` parsed them: undefined leaves a field as it is. */
export interface ProfileChanges {
  displayName?: string | null | undefined;
  bio?: string | null | undefined;
  location?: string | null | undefined;
  chatEnabled?: boolean | undefined;
  isPrivate?: boolean | undefined;
  removeProfileImage?: boolean | undefined;
}

export interface UsersServiceDeps {
  repo: UsersRepository;
  posts: Pick<PostsService, 'userPosts'>;
  points: Pick<PointsService, 'award'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** The content filters: a new display name and bio are screened (hold counts as flag). */
  filters: ContentScreen;
  /** Turns an uploaded photo into stored avatar renditions (the media pipeline). */
  processAvatar: (bytes: Buffer) => Promise<ProcessedImage>;
  /** Refuses display names that would pass for the team or an admin. */
  names: NameGuard;
  /** The session's user as `GET /api/user` answers it (auth.service), for answers about oneself. */
  sessionUser: (user: User) => Promise<SessionUser>;
  /** Deletes files of replaced avatars and of deleted accounts' plates; omitted: files stay. */
  storage?: Pick<ImageStorage, 'delete' | 'keyFromUrl'>;
  logger?: FastifyBaseLogger;
  now?: () => Date;
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
type Standing = 'hidden' | 'blocked' | 'private' | 'open';

function standingOf(rel: Pick<Relation, 'id' | 'accountStatus' | 'blockedViewer' | 'viewerBlocked' | 'isPrivate' | 'followStatus'> | undefined, viewer: Viewer): Standing {
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

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, points, notifications, storage, logger } = deps;
  const now = deps.now ?? (() => new Date());

  function listOf(page: SummaryPage): UserListResponse {
    return {
      users: page.rows.map(toUserSummary),
      nextCursor: page.hasMore && page.last ? encodeKeyset(page.last) : null,
    };
  }

  async function openRelation(userId: number, viewer: Viewer): Promise<void> {
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

  /** Best effort, after the commit: a failure is logged, never answered. */
  async function deleteFiles(keys: Iterable<string>, what: string): Promise<void> {
    if (!storage) return;
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (error) {
        logger?.warn({ err: error, key }, `could not delete ${what}`);
      }
    }
  }

  /** The renditions of an avatar (`avatars/<hash>-<width>.webp`), unless another account shows it. */
  async function removeAvatar(url: string | null): Promise<void> {
    if (!storage || !url) return;
    const key = storage.keyFromUrl(url);
    const match = key ? /^(avatars\/[0-9a-f]{64}-)(\d+)\.webp$/.exec(key) : null;
    if (!key || !match) return;
    const prefix = match[1]!;
    if (await repo.imageInUse({ avatarPrefix: prefix })) return;
    const largest = Number(match[2]);
    const keys = new Set([key, ...RENDITION_WIDTHS.avatar.filter((w) => w < largest).map((w) => `${prefix}${w}.webp`)]);
    await deleteFiles(keys, 'avatar file');
  }

  return {
    /** `GET /api/users/{id}`: one statement for the profile, every count and the viewer's standing. */
    async profile(userId: number, viewer: Viewer): Promise<ProfileDto> {
      const row = await repo.profile(userId, viewer?.id ?? 0);
      const standing = standingOf(row, viewer);
      if (!row || standing === 'hidden') throw userNotFound();
      return toProfileDto(row, { isOwn: viewer?.id === row.id, canViewPosts: standing === 'open' });
    },

    async posts(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }): Promise<FeedResponse> {
      await openRelation(userId, viewer);
      return deps.posts.userPosts(userId, viewer, q);
    },

    async followers(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }) {
      await openRelation(userId, viewer);
      const cursor = decodeKeyset(q.cursor);
      return listOf(await repo.followPage({ userId, side: 'followers', status: 'accepted', viewerId: viewer?.id ?? 0, cursor, limit: q.limit }));
    },

    async following(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }) {
      await openRelation(userId, viewer);
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

    /**
     * Changes the signed-in user's profile; a new photo goes through the media pipeline first
     * (only once the fields are known good). Turning a private account public accepts every
     * pending request, with points and notifications, in the same transaction.
     */
    async updateProfile(me: User, changes: ProfileChanges, photo?: Buffer): Promise<SessionUser> {
      // Only a new name is checked: a member keeps a name taken before the rule, and can still edit the rest.
      if (changes.displayName && changes.displayName !== me.displayName) {
        await deps.names.check({ displayName: changes.displayName }, me);
      }
      const screening = deps.filters.screen(
        [
          { scope: 'display_names', field: 'displayName', text: changes.displayName !== me.displayName ? changes.displayName : undefined },
          { scope: 'bios', field: 'bio', text: changes.bio !== me.bio ? changes.bio : undefined },
        ],
        me.id,
      );
      const image = photo ? await deps.processAvatar(photo) : undefined;
      const { user, previousImage } = await repo.transaction(async (tx) => {
        const current = await repo.lockUser(me.id, tx);
        if (!current) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
        const values: Partial<User> = {};
        if (changes.displayName !== undefined && changes.displayName !== current.displayName) {
          values.displayName = changes.displayName;
          values.displayNameUpdatedAt = now();
        }
        if (changes.bio !== undefined) values.bio = changes.bio;
        if (changes.location !== undefined) values.location = changes.location;
        if (changes.chatEnabled !== undefined) values.chatEnabled = changes.chatEnabled;
        if (changes.isPrivate !== undefined) values.isPrivate = changes.isPrivate;
        if (image) values.profileImage = image.imageUrl;
        else if (changes.removeProfileImage) values.profileImage = null;
        const updated = Object.keys(values).length > 0 ? await repo.updateUser(me.id, values, tx) : current;
        await deps.filters.record(screening, { type: 'user', id: me.id }, me.id, tx);
        if (current.isPrivate && updated.isPrivate === false) {
          for (const followerId of await repo.acceptAllRequests(me.id, tx)) await welcome(updated, followerId, tx);
        }
        return { user: updated, previousImage: current.profileImage };
      });
      if (previousImage && previousImage !== user.profileImage) await removeAvatar(previousImage);
      return deps.sessionUser(user);
    },

    /** Deactivates the account and signs it out everywhere; signing in again reactivates it. */
    async deactivate(me: SignedIn): Promise<{ message: string }> {
      await repo.transaction(async (tx) => {
        await repo.updateUser(me.id, { accountStatus: 'deactivated' }, tx);
        await repo.deleteSessionsOfUser(me.id, tx);
      });
      return { message: USER_MESSAGES.accountDeactivated };
    },

    /**
     * Deletes the account for good, in one transaction: the user row goes and every row of theirs
     * with it (foreign keys cascade). Counters on other people's plates, comments and replies that
     * counted their ratings, comments, saves, replies and hearts are recounted from what remains.
     * Points others earned from them stay. Image files go after the commit (best effort). The only
     * admin cannot delete their account.
     */
    async deleteAccount(me: SignedIn): Promise<{ message: string }> {
      const files = await repo.transaction(async (tx) => {
        const touched = await repo.countersTouchedBy(me.id, tx);
        await repo.lockPosts(touched.postIds, tx);
        const user = await repo.lockUser(me.id, tx);
        if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
        if (user.isAdmin && (await repo.otherAdminCount(me.id, tx)) === 0) {
          throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
        }
        const plates = await repo.plateImagesOf(me.id, tx);
        await repo.deleteUser(me.id, tx);
        await repo.recount(touched, tx);
        return { plates, avatar: user.profileImage };
      });
      for (const plate of files.plates) {
        if (plate.imageKey && (await repo.imageInUse({ plateKey: plate.imageKey }))) continue;
        const keys = new Set<string>();
        if (plate.imageKey) keys.add(plate.imageKey);
        for (const v of plate.imageVariants) if (v.key) keys.add(v.key);
        await deleteFiles(keys, 'image file of a deleted account');
      }
      await removeAvatar(files.avatar);
      return { message: USER_MESSAGES.accountDeleted };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
