import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, IMMUTABLE_CACHE_CONTROL, isSafeKey, type ImageStorage } from './storage.js';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** How long a presigned URL stays valid; at most 7 days (the SigV4 limit). */
  urlTtlSeconds?: number;
  /** Injected clock, for tests. */
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60_000;
const MAX_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface S3ImageStorage extends ImageStorage {
  readonly kind: 's3';
  readonly client: S3Client;
}

/**
 * A private bucket on any S3-compatible service, addressed path-style (`<endpoint>/<bucket>/<key>`)
 * so MinIO, R2, B2, Garage and AWS all work. URLs are presigned GETs, signed as of the start of
 * the current UTC day and valid for 7 days: the same key gives the same URL all day (browser caches
 * hit), and a URL handed out is good for at least 6 more days.
 */
export function createS3Storage(options: S3StorageOptions): S3ImageStorage {
  const now = options.now ?? Date.now;
  const ttl = Math.min(options.urlTtlSeconds ?? MAX_TTL_SECONDS, MAX_TTL_SECONDS);
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Many S3-compatible servers reject the SDK's default CRC checksums: only send them when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',
    client,

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },

    async url(key) {
      assertSafeKey(key);
      const signingDate = new Date(Math.floor(now() / DAY_MS) * DAY_MS);
      // signed as of midnight, so keep at least a day of validity left whatever the TTL
      const expiresIn = Math.min(ttl + Math.floor((now() - signingDate.getTime()) / 1000), MAX_TTL_SECONDS);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn, signingDate });
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },

    keyFromUrl(urlOrKey) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(urlOrKey)) return isSafeKey(urlOrKey) ? urlOrKey : undefined;
      let parsed: URL;
      try {
        parsed = new URL(urlOrKey);
      } catch {
        return undefined;
      }
      if (parsed.origin !== endpoint.origin) return undefined;
      const prefix = `${basePath}/${encodeURIComponent(Bucket)}/`;
      if (!parsed.pathname.startsWith(prefix)) return undefined;
      let key: string;
      try {
        key = decodeURIComponent(parsed.pathname.slice(prefix.length));
      } catch {
        return undefined;
      }
      return isSafeKey(key) ? key : undefined;
    },
  };
}
