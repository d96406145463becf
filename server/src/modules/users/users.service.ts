import { MESSAGES, USER_MESSAGES, type FeedResponse, type ProfileDto, type SessionUser } from '@plates/common';
import type { User } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Viewer } from '../../lib/viewer.js';
import type { GraphService } from '../graph/graph.service.js';
import type { ProcessedImage } from '../media/media.service.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { PostsService } from '../posts/posts.service.js';
import type { AccountEraser } from './account-eraser.js';
import { toProfileDto } from './users.mapper.js';
import type { NameGuard } from './users.names.js';
import type { UsersRepository } from './users.repository.js';

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
  /**
   * How far a viewer may look into an account (profile, plates), and accepting the waiting follow
   * requests when an account turns public.
   */
  graph: Pick<GraphService, 'standingOf' | 'requireOpen' | 'acceptAllRequests'>;
  /** A person's plates; and `publicChanged`, since a name, photo, privacy or closed account changes the visitors' feed. */
  posts: Pick<PostsService, 'userPosts' | 'publicChanged'>;
  /** The content filters: a new display name and bio are screened (hold counts as flag). */
  filters: ContentScreen;
  /** Turns an uploaded photo into stored avatar renditions (the media pipeline). */
  processAvatar: (bytes: Buffer) => Promise<ProcessedImage>;
  /** Refuses display names that would pass for the team or an admin. */
  names: NameGuard;
  /** The session's user as `GET /api/user` answers it (auth.service), for answers about oneself. */
  sessionUser: (user: User) => Promise<SessionUser>;
  /** Deletes accounts (and their files) the same way everywhere; also removes replaced avatars' files. */
  eraser: Pick<AccountEraser, 'erase' | 'removeAvatar'>;
  now?: () => Date;
}

const userNotFound = () => new AppError('USER_NOT_FOUND', USER_MESSAGES.userNotFound);

export function createUsersService(deps: UsersServiceDeps) {
  const { repo, graph, eraser } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** `GET /api/users/{id}`: one statement for the profile, every count and the viewer's standing. */
    async profile(userId: number, viewer: Viewer): Promise<ProfileDto> {
      const row = await repo.profile(userId, viewer?.id ?? 0);
      const standing = graph.standingOf(row, viewer);
      if (!row || standing === 'hidden') throw userNotFound();
      return toProfileDto(row, { isOwn: viewer?.id === row.id, canViewPosts: standing === 'open' });
    },

    async posts(userId: number, viewer: Viewer, q: { cursor?: string | undefined; limit: number }): Promise<FeedResponse> {
      await graph.requireOpen(userId, viewer);
      return deps.posts.userPosts(userId, viewer, q);
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
          await graph.acceptAllRequests(updated, tx);
        }
        return { user: updated, previousImage: current.profileImage };
      });
      deps.posts.publicChanged();
      if (previousImage && previousImage !== user.profileImage) await eraser.removeAvatar(previousImage);
      return deps.sessionUser(user);
    },

    /** Deactivates the account and signs it out everywhere; signing in again reactivates it. */
    async deactivate(me: SignedIn): Promise<{ message: string }> {
      await repo.transaction(async (tx) => {
        await repo.setAccountStatus(me.id, 'deactivated', tx);
        await repo.deleteSessionsOfUser(me.id, tx);
      });
      deps.posts.publicChanged();
      return { message: USER_MESSAGES.accountDeactivated };
    },

    /**
     * Deletes the account for good, in one transaction (account-eraser.ts: every row of theirs,
     * other people's counters recounted); image files go after the commit (best effort). The only
     * admin cannot delete their account.
     */
    async deleteAccount(me: SignedIn): Promise<{ message: string }> {
      const cleanUp = await repo.transaction(async (tx) => {
        const done = await eraser.erase(me.id, tx, async (user) => {
          if (user.isAdmin && (await repo.otherAdminCount(me.id, tx)) === 0) {
            throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
          }
        });
        if (!done) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
        return done;
      });
      deps.posts.publicChanged();
      await cleanUp();
      return { message: USER_MESSAGES.accountDeleted };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
