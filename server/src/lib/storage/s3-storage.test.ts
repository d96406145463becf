import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3-storage.js';

// A real S3-protocol server in this process (s3rver: SigV4 checked, presigned expiry enforced).
let server: S3rver;
let directory: string;
let options: S3StorageOptions;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plates-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'plates-images' }],
  });
  const { port } = await server.run();
  options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'plates-images',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

const key = `posts/${'ab'.repeat(32)}-640.webp`;
const bytes = Buffer.from('RIFF\0\0\0\0WEBPVP8 not really a picture, just bytes');

describe('S3 storage against an S3-protocol server', () => {
  it('puts an object and serves it back through a presigned URL', async () => {
    const storage = createS3Storage(options);
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, bytes, 'image/webp');
    expect(await storage.exists(key)).toBe(true);

    const url = await storage.url(key);
    expect(url.startsWith(`${options.endpoint}/plates-images/posts/`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('signs each URL for its key: a URL edited to point at another key is refused', async () => {
    const storage = createS3Storage(options);
    const other = `posts/${'ef'.repeat(32)}-640.webp`;
    await storage.put(other, bytes, 'image/webp');
    const url = new URL(await storage.url(key));
    url.pathname = `/plates-images/${other}`;
    expect((await fetch(url)).status).toBe(403);
  });

  it('gives the same URL all day, valid for days, and an old URL expires', async () => {
    const now = Date.UTC(2030, 0, 10, 15, 30);
    const storage = createS3Storage({ ...options, now: () => now });
    const later = createS3Storage({ ...options, now: () => now + 3 * 60 * 60_000 });
    const url = await storage.url(key);
    expect(await later.url(key)).toBe(url);
    const params = new URL(url).searchParams;
    expect(params.get('X-Amz-Date')).toBe('20300110T000000Z');
    expect(params.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));

    const longAgo = createS3Storage({ ...options, now: () => Date.now() - 8 * 24 * 60 * 60_000 });
    const expired = await longAgo.url(key);
    expect((await fetch(expired)).status).toBe(403);
    // ...and the key behind it still resolves, so it can be refreshed
    expect(storage.keyFromUrl(expired)).toBe(key);
  });

  it('recognises only URLs of its own endpoint and bucket', () => {
    const storage = createS3Storage(options);
    expect(storage.keyFromUrl(key)).toBe(key);
    expect(storage.keyFromUrl(`${options.endpoint}/plates-images/${key}?X-Amz-Date=1`)).toBe(key);
    expect(storage.keyFromUrl(`${options.endpoint}/other-bucket/${key}`)).toBeUndefined();
    expect(storage.keyFromUrl(`https://evil.example/plates-images/${key}`)).toBeUndefined();
    expect(storage.keyFromUrl(`${options.endpoint}/plates-images/posts%2F..%2Fx.webp`)).toBeUndefined();
    expect(storage.keyFromUrl('../etc/passwd')).toBeUndefined();
    expect(storage.keyFromUrl('not a url')).toBeUndefined();
  });

  it('deletes', async () => {
    const storage = createS3Storage(options);
    const other = `avatars/${'cd'.repeat(32)}-64.webp`;
    await storage.put(other, bytes, 'image/webp');
    await storage.delete(other);
    expect(await storage.exists(other)).toBe(false);
  });

  it('refuses unsafe keys before any request', async () => {
    const storage = createS3Storage(options);
    await expect(storage.put('../escape.webp', bytes, 'image/webp')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.url('/abs.webp')).rejects.toThrow(/unsafe storage key/);
  });
});
