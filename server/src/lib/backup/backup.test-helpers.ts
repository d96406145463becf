// Shared by the round-trip tests (backup.embedded.test.ts on PGlite, backup.pg.test.ts on
// PostgreSQL): seeding, independent listings of the files, and damaging an archive on purpose.
import { createHash } from 'node:crypto';
import { readdir, readFile, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createStorage } from '../storage/index.js';
import { createMediaService } from '../../modules/media/media.service.js';
import { seedDatabase } from '../../scripts/seed-data.js';

/** A little of everything: members, plates with generated photos and avatars, ratings, chats, the admin area. */
export async function seedSmall(db: Db, config: Pick<Config, 'dataDir' | 's3' | 'appUrl'>): Promise<void> {
  await seedDatabase(db, {
    users: 6,
    posts: 8,
    seed: 11,
    password: 'backup-pass',
    images: 2,
    media: createMediaService({ storage: createStorage(config) }),
  });
}

/** key → sha256 of every file under `dir`, read straight from the disk (not through the backup's code). */
export async function localDigests(dir: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return digests;
  }
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    if (!(await stat(file)).isFile()) continue;
    digests.set(name.split(path.sep).join('/'), createHash('sha256').update(await readFile(file)).digest('hex'));
  }
  return digests;
}

/** key → sha256 of every object in a bucket, through the S3 API directly. */
export async function bucketDigests(client: S3Client, bucket: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key! }));
      digests.set(Key!, createHash('sha256').update(await object.Body!.transformToByteArray()).digest('hex'));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return new Map([...digests].sort(([a], [b]) => a.localeCompare(b)));
}

/** Where each entry's data starts in an uncompressed tar (ustar headers: name at 0, octal size at 124). */
export async function tarOffsets(file: string): Promise<Map<string, { offset: number; size: number }>> {
  const bytes = await readFile(file);
  const offsets = new Map<string, { offset: number; size: number }>();
  let at = 0;
  while (at + 512 <= bytes.length) {
    const header = bytes.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
    offsets.set(prefix ? `${prefix}/${name}` : name, { offset: at + 512, size });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return offsets;
}

/** Adds one to the byte at `position` (wrapping): one byte changed, nothing else. */
export async function flipByte(file: string, position: number): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, position);
    byte[0] = (byte[0]! + 1) & 0xff;
    await handle.write(byte, 0, 1, position);
  } finally {
    await handle.close();
  }
}
