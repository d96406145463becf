import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import type { ImageStorage } from '../../lib/storage/index.js';
import { RENDITION_WIDTHS } from '../media/media.service.js';
import type { UsersRepository } from './users.repository.js';

type EraserRepo = Pick<
  UsersRepository,
  'countersTouchedBy' | 'lockPosts' | 'lockUser' | 'plateImagesOf' | 'deleteUser' | 'recount' | 'imageInUse'
>;

export interface AccountEraserDeps {
  repo: EraserRepo;
  /** Deletes files of replaced avatars and of deleted accounts' plates; omitted: files stay. */
  storage?: Pick<ImageStorage, 'delete' | 'keyFromUrl'> | undefined;
  logger?: FastifyBaseLogger | undefined;
}

/**
 * Deleting an account for good, shared by the member's own deletion (users.service) and a
 * moderator's rejection of a sign-up (moderation.service), so both remove exactly the same data.
 * Also removes avatar files no account shows any more.
 */
export function createAccountEraser(deps: AccountEraserDeps) {
  const { repo, storage, logger } = deps;

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
    removeAvatar,

    /**
     * Deletes the account inside the caller's transaction: the user row goes and every row of
     * theirs with it (foreign keys cascade). Counters on other people's plates, comments and
     * replies that counted their ratings, comments, saves, replies and hearts are recounted from
     * what remains. Points others earned from them stay. `check` sees the locked row first and may
     * refuse by throwing. Answers the file clean-up to run after the commit (best effort), or
     * undefined when there was no such account.
     */
    async erase(userId: number, tx: Tx, check?: (user: User) => Promise<void>): Promise<(() => Promise<void>) | undefined> {
      const touched = await repo.countersTouchedBy(userId, tx);
      await repo.lockPosts(touched.postIds, tx);
      const user = await repo.lockUser(userId, tx);
      if (!user) return undefined;
      await check?.(user);
      const plates = await repo.plateImagesOf(userId, tx);
      await repo.deleteUser(userId, tx);
      await repo.recount(touched, tx);
      return async () => {
        for (const plate of plates) {
          if (plate.imageKey && (await repo.imageInUse({ plateKey: plate.imageKey }))) continue;
          const keys = new Set<string>();
          if (plate.imageKey) keys.add(plate.imageKey);
          for (const v of plate.imageVariants) if (v.key) keys.add(v.key);
          await deleteFiles(keys, 'image file of a deleted account');
        }
        await removeAvatar(user.profileImage);
      };
    },
  };
}

export type AccountEraser = ReturnType<typeof createAccountEraser>;
