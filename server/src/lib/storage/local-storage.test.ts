import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { createLocalStorage, createStorage, isSafeKey, type LocalImageStorage } from './index.js';

let parent: string;
let dir: string;
let storage: LocalImageStorage;
const key = `posts/${'ab'.repeat(32)}-320.webp`;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'plates-local-'));
  dir = path.join(parent, 'uploads');
  storage = createLocalStorage({ dir, publicOrigin: 'https://plates.example' });
  await writeFile(path.join(parent, 'secret.txt'), 'top secret');
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function readAll(k: string): Promise<Buffer | undefined> {
  const file = await storage.read(k);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('local storage', () => {
  it('puts, reads, tells existence and deletes', async () => {
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.read(key)).toBeUndefined();
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    expect(await readFile(path.join(dir, key), 'utf8')).toBe('webp bytes');
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.read(key))?.contentType).toBe('image/webp');
    expect((await readAll(key))?.toString()).toBe('webp bytes');
    expect(await storage.url(key)).toBe(`/uploads/${key}`);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses every key that could leave the uploads folder', async () => {
    const hostile = [
      '../secret.txt',
      'posts/../../secret.txt',
      '/etc/passwd',
      'posts/..',
      '..',
      '.hidden',
      'posts\\..\\..\\secret.txt',
      'posts/%2e%2e/secret.txt',
      'posts//x.webp',
      '',
      'a\0b',
    ];
    for (const k of hostile) {
      expect(isSafeKey(k)).toBe(false);
      expect(await storage.read(k)).toBeUndefined();
      await expect(storage.put(k, Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe storage key/);
      await expect(storage.exists(k)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.delete(k)).rejects.toThrow(/unsafe storage key/);
    }
    expect(await readFile(path.join(parent, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('recognises its own URLs only', () => {
    expect(storage.keyFromUrl(`/uploads/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`/uploads/${key}?v=1`)).toBe(key);
    expect(storage.keyFromUrl(`https://plates.example/uploads/${key}`)).toBe(key);
    expect(storage.keyFromUrl(key)).toBe(key);
    expect(storage.keyFromUrl(`https://evil.example/uploads/${key}`)).toBeUndefined();
    expect(storage.keyFromUrl(`//evil.example/uploads/${key}`)).toBeUndefined();
    expect(storage.keyFromUrl(`/elsewhere/${key}`)).toBeUndefined();
    expect(storage.keyFromUrl('/uploads/../secret.txt')).toBeUndefined();
    expect(storage.keyFromUrl('javascript:alert(1)')).toBeUndefined();
  });
});

describe('createStorage', () => {
  it('stores under DATA_DIR/uploads by default and in S3 when S3_* are set', () => {
    const local = createStorage(parseConfig({ DATA_DIR: parent }));
    expect(local.kind).toBe('local');
    const s3 = createStorage(
      parseConfig({
        DATA_DIR: parent,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'plates',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
    );
    expect(s3.kind).toBe('s3');
    expect(s3.keyFromUrl(`http://127.0.0.1:9000/plates/${key}`)).toBe(key);
  });

  it('writes local files into DATA_DIR/uploads', async () => {
    const local = createStorage(parseConfig({ DATA_DIR: parent }));
    await local.put(key, Buffer.from('x'), 'image/webp');
    expect(await readFile(path.join(parent, 'uploads', key), 'utf8')).toBe('x');
  });
});
