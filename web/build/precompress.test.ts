import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plates-precompress-'));
  await mkdir(path.join(dir, 'assets'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes brotli and gzip twins of every text file over 1 KB, and leaves the rest alone', async () => {
    const script = `export const plates = ${JSON.stringify('plate '.repeat(500))};\n`;
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html>${'<p>plates</p>'.repeat(200)}`);
    await writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'photo.webp'), Buffer.alloc(4096, 7));

    const done = await precompressDirectory(dir);

    expect(done.map((f) => path.relative(dir, f)).sort()).toEqual([path.join('assets', 'index-abc.js'), 'index.html']);
    const br = await readFile(path.join(dir, 'assets', 'index-abc.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'index-abc.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'photo.webp.br'))).toBe(false);
  });
});
