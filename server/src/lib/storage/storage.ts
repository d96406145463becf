import type { Readable } from 'node:stream';

/**
 * Where image files live. Two implementations: local disk (`createLocalStorage`) and any
 * S3-compatible bucket (`createS3Storage`); `createStorage(config)` picks one. Keys are relative,
 * slash-separated and content-addressed by the caller (`posts/<sha256>-<width>.webp`), so a key
 * never changes meaning and every URL may be cached forever.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a key; storing the same key again is harmless (content-addressed). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A URL a browser can load now: a same-origin path (local) or a presigned GET (S3). */
  url(key: string): Promise<string>;
  /** Local storage only: the file for the `/uploads/*` route, or undefined when absent. */
  read?(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The key behind a URL this storage handed out (or a bare key); undefined for anything that is
   * not ours: another host, another bucket, a path outside the uploads, an unsafe key.
   */
  keyFromUrl(urlOrKey: string): string | undefined;
}

export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
}

/** Cache header for content-addressed files: the bytes behind a key never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SAFE_KEY = /^(?:[a-z0-9][a-z0-9_-]*\/){0,4}[a-z0-9][a-z0-9_.-]*$/i;

/**
 * Keys are a few slash-separated segments of letters, digits, `_`, `-` (and `.` in the last one),
 * each starting with a letter or digit: no `..`, no leading slash, no backslash, no encoded bytes.
 */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 256 && SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type for a key by its extension (keys are ours, so the extension is truthful). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
