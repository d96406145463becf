// The uploaded files, wherever `npm start` keeps them: `DATA_DIR/uploads` or the S3 bucket of the
// `S3_*` variables. Listed and copied one file at a time as streams, never a file in memory.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import {
  contentTypeForKey,
  createS3Storage,
  IMMUTABLE_CACHE_CONTROL,
  isSafeKey,
  type S3StorageOptions,
} from '../storage/index.js';

export interface UploadFile {
  key: string;
  size: number;
}

export interface UploadStore {
  readonly storage: 'local' | 's3';
  /** Where the files are, for messages: a folder or `s3://bucket at endpoint`. */
  readonly where: string;
  /** Every stored file; `skipped` receives what is not an upload (a temporary file, a stray name). */
  list(skipped?: (name: string) => void): AsyncIterable<UploadFile>;
  open(key: string): Promise<AsyncIterable<Uint8Array>>;
  isEmpty(): Promise<boolean>;
  /** Removes every file; answers how many. */
  wipe(): Promise<number>;
  write(key: string, size: number, bytes: AsyncIterable<Uint8Array>): Promise<void>;
}

export function createUploadStore(config: Pick<Config, 'dataDir' | 's3'>): UploadStore {
  return config.s3 ? createS3Store(config.s3) : createLocalStore(path.join(config.dataDir, 'uploads'));
}

/** What local storage's put() writes before its rename: `<file>.<12 hex>.tmp`. */
const LOCAL_TEMPORARY = /\.[0-9a-f]{12}\.tmp$/;

function createLocalStore(root: string): UploadStore {
  async function* walk(dir: string, prefix: string, skipped?: (name: string) => void): AsyncGenerator<UploadFile> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of handle) {
      const key = `${prefix}${entry.name}`;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, `${key}/`, skipped);
      } else if (entry.isFile() && isSafeKey(key) && !LOCAL_TEMPORARY.test(key)) {
        yield { key, size: (await stat(full)).size };
      } else {
        skipped?.(key);
      }
    }
  }
  const fileFor = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    storage: 'local',
    where: root,
    list: (skipped) => walk(root, '', skipped),
    open: async (key) => createReadStream(fileFor(key)),
    async isEmpty() {
      for await (const _ of walk(root, '')) return false;
      return true;
    },
    async wipe() {
      let removed = 0;
      for await (const _ of walk(root, '')) removed += 1;
      // Temporary and stray files go too: --force means an empty folder.
      const entries = await readdir(root).catch(() => [] as string[]);
      await Promise.all(entries.map((name) => rm(path.join(root, name), { recursive: true, force: true })));
      return removed;
    },
    async write(key, _size, bytes) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written then renamed, as local storage does, so the server never serves half a file.
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await pipeline(Readable.from(bytes), createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** Largest upload sent to S3 from memory rather than as a stream (photos are a few MB at most). */
const BUFFER_LIMIT = 16 * 1024 * 1024;

function createS3Store(options: S3StorageOptions): UploadStore {
  const { client } = createS3Storage(options);
  const Bucket = options.bucket;

  async function* listAll(): AsyncGenerator<{ Key?: string; Size?: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) yield object;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    storage: 's3',
    where: `bucket ${Bucket} at ${options.endpoint}`,
    async *list(skipped) {
      for await (const { Key, Size } of listAll()) {
        if (Key && isSafeKey(Key)) yield { key: Key, size: Size ?? 0 };
        else skipped?.(Key ?? '');
      }
    },
    async open(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!answer.Body) throw new Error(`S3 answered no body for ${key}`);
      return answer.Body as Readable;
    },
    async isEmpty() {
      // The first page (MaxKeys 1 would do, but s3rver fails on a truncated listing of one key).
      const page = await client.send(new ListObjectsV2Command({ Bucket }));
      return (page.Contents?.length ?? 0) === 0;
    },
    async wipe() {
      let removed = 0;
      // The first page again and again until none is left (deleting while paging would skip keys);
      // one key at a time: DeleteObjects needs a checksum header some S3-compatible servers refuse.
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket }));
        const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key ? [Key] : []));
        if (keys.length === 0) return removed;
        for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
        removed += keys.length;
      }
    },
    async write(key, size, bytes) {
      if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
      // A file up to BUFFER_LIMIT goes as a Buffer, which the SDK can send again after a dropped
      // connection (a stream body it cannot: "non-retryable streaming request"); larger ones stream.
      let body: Buffer | Readable;
      if (size <= BUFFER_LIMIT) {
        const chunks: Uint8Array[] = [];
        for await (const chunk of bytes) chunks.push(chunk);
        body = Buffer.concat(chunks);
      } else {
        body = Readable.from(bytes);
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentLength: size,
          ContentType: contentTypeForKey(key),
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
  };
}
