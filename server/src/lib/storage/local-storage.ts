import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertSafeKey, contentTypeForKey, isSafeKey, type ImageStorage, type StoredFile } from './storage.js';

export interface LocalStorageOptions {
  /** Folder holding the files, e.g. `DATA_DIR/uploads`. */
  dir: string;
  /** Path the files are served under by the media routes. */
  publicPrefix?: string;
  /** The app's own origin (`APP_URL`), so absolute URLs of our uploads are recognised too. */
  publicOrigin?: string;
}

export interface LocalImageStorage extends ImageStorage {
  readonly kind: 'local';
  readonly publicPrefix: string;
  read(key: string): Promise<StoredFile | undefined>;
}

/** Files on local disk, served same-origin by the media routes under `publicPrefix`. */
export function createLocalStorage(options: LocalStorageOptions): LocalImageStorage {
  const root = path.resolve(options.dir);
  const publicPrefix = (options.publicPrefix ?? '/uploads').replace(/\/+$/, '');
  const publicOrigin = options.publicOrigin ? new URL(options.publicOrigin).origin : undefined;

  /** The file for a key, only ever inside `root` (the key pattern already forbids `..`). */
  function fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key escapes the uploads folder: ${key}`);
    return file;
  }

  async function exists(key: string): Promise<boolean> {
    try {
      return (await stat(fileFor(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  return {
    kind: 'local',
    publicPrefix,

    async put(key, bytes) {
      const file = fileFor(key);
      if (await exists(key)) return;
      await mkdir(path.dirname(file), { recursive: true });
      // write then rename, so a reader never sees half a file
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },

    async url(key) {
      assertSafeKey(key);
      return `${publicPrefix}/${key}`;
    },

    async read(key) {
      if (!isSafeKey(key)) return undefined;
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { stream: createReadStream(file), size: info.size, contentType: contentTypeForKey(key) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    exists,

    keyFromUrl(urlOrKey) {
      let pathname: string;
      if (urlOrKey.startsWith('/')) {
        if (urlOrKey.startsWith('//')) return undefined;
        pathname = urlOrKey.split(/[?#]/)[0] ?? '';
      } else if (/^[a-z][a-z0-9+.-]*:/i.test(urlOrKey)) {
        let parsed: URL;
        try {
          parsed = new URL(urlOrKey);
        } catch {
          return undefined;
        }
        if (!publicOrigin || parsed.origin !== publicOrigin) return undefined;
        pathname = parsed.pathname;
      } else {
        return isSafeKey(urlOrKey) ? urlOrKey : undefined;
      }
      if (!pathname.startsWith(`${publicPrefix}/`)) return undefined;
      const key = pathname.slice(publicPrefix.length + 1);
      return isSafeKey(key) ? key : undefined;
    },
  };
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
