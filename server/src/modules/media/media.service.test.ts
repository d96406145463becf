import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createLocalStorage, type LocalImageStorage } from '../../lib/storage/index.js';
import { decodeBmp } from './bmp.js';
import {
  bmp,
  GPS_MARKERS,
  heicPhoto,
  HTML_PAGE,
  jpegWithGps,
  jpegWithOrientation6,
  oneBitBmp,
  PDF_FILE,
  photo,
  pngBomb,
  sized,
  SVG_PLAIN,
  SVG_WITH_PROLOG,
  TEXT_FILE,
} from '../../test/media.fixtures.js';
import { MEDIA_MESSAGES } from './media.messages.js';
import { aspectOf, createMediaService, dHashHex, IMAGE_KEY, renditionWidths, type MediaService } from './media.service.js';
import { runningDecoders } from './raw-decoder.js';

let dir: string;
let storage: LocalImageStorage;
let media: MediaService;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plates-media-'));
  storage = createLocalStorage({ dir });
  media = createMediaService({ storage });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function stored(url: string): Promise<Buffer> {
  const key = storage.keyFromUrl(url);
  if (!key) throw new Error(`not a stored URL: ${url}`);
  const file = await storage.read(key);
  if (!file) throw new Error(`missing: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

async function refusal(bytes: Buffer, kind: 'post' | 'avatar' = 'post', service = media) {
  const error = await service.processUpload(bytes, kind).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const e = error as AppError;
  return { status: e.statusCode, code: e.code, message: e.message };
}

describe('accepted formats', () => {
  it('turns a real photograph into WebP renditions with size, aspect and placeholder', async () => {
    const result = await media.processUpload(photo('coffee'), 'post');
    expect(result).toMatchObject({ width: 600, height: 400, aspect: 'square' });
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [600, 400],
    ]);
    expect(result.key).toBe(result.variants[1]?.key);
    expect(result.imageUrl).toBe(`/uploads/${result.key}`);
    for (const variant of result.variants) {
      expect(variant.key).toMatch(IMAGE_KEY);
      expect(variant.key.startsWith('posts/')).toBe(true);
      const meta = await sharp(await stored(variant.url)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width, height: variant.height });
    }
    const placeholder = Buffer.from(result.placeholder, 'base64');
    expect(placeholder.length).toBeGreaterThan(10);
    expect(placeholder.length).toBeLessThan(40);
    expect(thumbHashToApproximateAspectRatio(placeholder)).toBeCloseTo(1.5, 0);
  });

  it.each([
    ['PNG', () => sized(400, 300, 'png')],
    ['JPEG', () => sized(400, 300, 'jpeg')],
    ['GIF', () => sharp(photo('chelsea')).resize(400, 300, { fit: 'fill' }).gif().toBuffer()],
    ['WebP', () => sharp(photo('chelsea')).resize(400, 300, { fit: 'fill' }).webp().toBuffer()],
    ['TIFF', () => sharp(photo('chelsea')).resize(400, 300, { fit: 'fill' }).tiff().toBuffer()],
    ['BMP (24-bit)', () => bmp(400, 300, 24)],
    ['BMP (32-bit bit fields)', () => bmp(400, 300, 32)],
  ])('accepts %s', async (_name, make) => {
    const result = await media.processUpload(await make(), 'post');
    expect(result).toMatchObject({ width: 400, height: 300, aspect: 'square' });
    const meta = await sharp(await stored(result.imageUrl)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 300 });
  });

  it('decodes BMP pixels faithfully (colours, row order)', async () => {
    const source = await bmp(64, 48, 24);
    const result = await media.processUpload(source, 'post');
    const expected = await sharp(photo('coffee')).resize(64, 48, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const actual = await sharp(await stored(result.imageUrl)).removeAlpha().raw().toBuffer();
    expect(meanDifference(expected, actual)).toBeLessThan(6); // WebP q80 noise, not flipped or swapped channels
    const flipped = await sharp(expected, { raw: { width: 64, height: 48, channels: 3 } }).flip().raw().toBuffer();
    expect(meanDifference(flipped, actual)).toBeGreaterThan(12);
  });

  it('accepts HEIC (decoded with libheif in WebAssembly)', async () => {
    const result = await media.processUpload(heicPhoto(), 'post');
    expect(result).toMatchObject({ width: 300, height: 200, aspect: 'square' });
    const meta = await sharp(await stored(result.imageUrl)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
    // the same picture as the photograph it was encoded from (lossy twice, so only roughly)
    const expected = await sharp(photo('coffee')).resize(300, 200).removeAlpha().raw().toBuffer();
    const actual = await sharp(await stored(result.imageUrl)).removeAlpha().raw().toBuffer();
    expect(meanDifference(expected, actual)).toBeLessThan(12);
    const black = Buffer.alloc(expected.length);
    expect(meanDifference(expected, black)).toBeGreaterThan(50);
  });

  it('takes the first frame of an animated GIF', async () => {
    const frames = await sharp({ create: { width: 40, height: 120, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer();
    const animated = await sharp(frames, { pages: -1 }).gif({ loop: 0 }).toBuffer();
    const result = await media.processUpload(animated, 'post');
    expect(result.variants).toHaveLength(1);
    expect(result).toMatchObject({ width: 40, height: 120, aspect: 'portrait' });
  });
});

describe('orientation and privacy', () => {
  it('applies EXIF orientation 6: a 300x200 JPEG comes out 200x300', async () => {
    const input = await jpegWithOrientation6();
    expect(await sharp(input).metadata()).toMatchObject({ width: 300, height: 200, orientation: 6 });
    const result = await media.processUpload(input, 'post');
    expect(result).toMatchObject({ width: 200, height: 300, aspect: 'portrait' });
    const meta = await sharp(await stored(result.imageUrl)).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300 });
    expect(meta.orientation).toBeUndefined();
  });

  it('strips EXIF, GPS and XMP: none of it is in any stored byte', async () => {
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('PlatesTestCamera'); // the test can fail
    for (const marker of GPS_MARKERS) expect(input.toString('latin1')).toContain(marker);

    const result = await media.processUpload(input, 'post');
    for (const variant of result.variants) {
      const bytes = await stored(variant.url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      const text = bytes.toString('latin1');
      for (const marker of [...GPS_MARKERS, 'EXIF', 'Exif', 'XMP ', 'GPS', 'ICCP']) expect(text).not.toContain(marker);
    }
  });
});

describe('refused uploads', () => {
  const invalid = { status: 400, code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.invalidType };
  const svg = { status: 400, code: 'INVALID_FILE_TYPE', message: 'SVG not allowed' };
  const unreadable = { status: 400, code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.unreadable };

  it('refuses SVG, with or without an XML prolog, in UTF-8 or UTF-16', async () => {
    expect(await refusal(SVG_PLAIN)).toEqual(svg);
    expect(await refusal(SVG_WITH_PROLOG)).toEqual(svg);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SVG_PLAIN.toString(), 'utf16le')]);
    expect(await refusal(utf16)).toEqual(svg);
  });

  it('refuses text, PDF and HTML as an invalid type', async () => {
    expect(await refusal(TEXT_FILE)).toEqual(invalid);
    expect(await refusal(PDF_FILE)).toEqual(invalid);
    expect(await refusal(HTML_PAGE)).toEqual(invalid);
    expect(await refusal(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]))).toEqual(invalid); // gzip
  });

  it('refuses other image formats it does not list (AVIF)', async () => {
    const avif = await sharp(photo('coffee')).resize(64).avif().toBuffer();
    expect(await refusal(avif)).toEqual(invalid);
  });

  it('refuses a truncated JPEG with a 400, not a crash', async () => {
    const jpeg = await sized(800, 600, 'jpeg');
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toEqual(unreadable);
    expect(await refusal(jpeg.subarray(0, 200))).toEqual(unreadable);
  });

  it('refuses truncated PNG, HEIC and BMP', async () => {
    const png = await sized(400, 300, 'png');
    expect(await refusal(png.subarray(0, png.length - 2000))).toEqual(unreadable);
    const heic = heicPhoto();
    expect(await refusal(heic.subarray(0, Math.floor(heic.length / 2)))).toEqual(unreadable);
    const bitmap = await bmp(100, 100);
    expect(await refusal(bitmap.subarray(0, 5000))).toEqual(unreadable);
  });

  it('refuses a decompression bomb (30000x30000 PNG, ~100 KB) quickly', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(await refusal(bomb)).toEqual(unreadable);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a BMP or HEIC declaring too many pixels before decoding', async () => {
    const bitmap = await bmp(10, 10);
    bitmap.writeInt32LE(30_000, 18);
    bitmap.writeInt32LE(30_000, 22);
    expect(await refusal(bitmap)).toEqual(unreadable);

    const heic = Buffer.from(heicPhoto());
    const at = heic.indexOf('ispe', 0, 'latin1');
    heic.writeUInt32BE(30_000, at + 8);
    heic.writeUInt32BE(30_000, at + 12);
    expect(await refusal(heic)).toEqual(unreadable);
  });

  it('refuses more than 5 MB and an empty file', async () => {
    const big = Buffer.concat([await sized(100, 100, 'png'), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await refusal(big)).toEqual({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'File too large. The maximum size is 5MB.',
    });
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ status: 400, code: 'FILE_REQUIRED' });
  });

  it('applies the pixel limit it is given', async () => {
    const strict = createMediaService({ storage, limits: { maxInputPixels: 100 * 100 } });
    const error = await strict.processUpload(await sized(101, 100), 'post').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.unreadable });
    await expect(strict.processUpload(await sized(100, 100), 'post')).resolves.toMatchObject({ width: 100 });
  });
});

describe('shapes and renditions', () => {
  it('classes aspect at the thresholds: over 1.5 landscape, under 0.9 portrait', () => {
    expect(aspectOf(150, 100)).toBe('square');
    expect(aspectOf(151, 100)).toBe('landscape');
    expect(aspectOf(191, 100)).toBe('landscape');
    expect(aspectOf(90, 100)).toBe('square');
    expect(aspectOf(89, 100)).toBe('portrait');
    expect(aspectOf(100, 100)).toBe('square');
  });

  it.each([
    [302, 200, 'landscape'],
    [300, 200, 'square'],
    [180, 200, 'square'],
    [178, 200, 'portrait'],
  ])('a %ix%i upload is %s', async (width, height, aspect) => {
    expect((await media.processUpload(await sized(width, height), 'post')).aspect).toBe(aspect);
  });

  it('never upscales: renditions stop at the source width', async () => {
    expect(renditionWidths('post', 5000)).toEqual([320, 640, 1080]);
    expect(renditionWidths('post', 1080)).toEqual([320, 640, 1080]);
    expect(renditionWidths('post', 500)).toEqual([320, 500]);
    expect(renditionWidths('post', 200)).toEqual([200]);

    const small = await media.processUpload(await sized(200, 150), 'post');
    expect(small.variants.map((v) => v.width)).toEqual([200]);
    expect(small).toMatchObject({ width: 200, height: 150 });

    const large = await media.processUpload(await sized(2400, 1600, 'jpeg'), 'post');
    expect(large.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 213],
      [640, 427],
      [1080, 720],
    ]);
  });

  it('makes square avatar crops at 64, 160 and 400, never larger than the source', async () => {
    const avatar = await media.processUpload(photo('astronaut'), 'avatar');
    expect(avatar.aspect).toBe('square');
    expect(avatar.variants.map((v) => [v.width, v.height])).toEqual([
      [64, 64],
      [160, 160],
      [400, 400],
    ]);
    expect(avatar.key.startsWith('avatars/')).toBe(true);

    const wide = await media.processUpload(await sized(300, 120), 'avatar');
    expect(wide.variants.map((v) => [v.width, v.height])).toEqual([
      [64, 64],
      [120, 120],
    ]);
  });

  it('names files by content: the same upload gives the same keys and stores nothing new', async () => {
    const input = photo('chelsea');
    const first = await media.processUpload(input, 'post');
    const count = (await readdir(path.join(dir, 'posts'))).length;
    const second = await media.processUpload(Buffer.from(input), 'post');
    expect(second.variants.map((v) => v.key)).toEqual(first.variants.map((v) => v.key));
    expect(second.placeholder).toBe(first.placeholder);
    expect((await readdir(path.join(dir, 'posts'))).length).toBe(count);
    const other = await media.processUpload(photo('coffee'), 'post');
    expect(other.key).not.toBe(first.key);
  });

  it('processes uploads concurrently without mixing them up', async () => {
    const inputs = await Promise.all([sized(300, 200), sized(200, 300), sized(250, 250), sized(400, 100)]);
    const results = await Promise.all(inputs.map((b) => media.processUpload(b, 'post')));
    expect(results.map((r) => [r.width, r.height])).toEqual([
      [300, 200],
      [200, 300],
      [250, 250],
      [400, 100],
    ]);
  });
});

describe('decoding off the event loop', () => {
  /** Runs `work` while a 10 ms interval ticks, and answers the longest gap between two ticks. */
  async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number; elapsedMs: number }> {
    let last = performance.now();
    let stallMs = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      const result = await work();
      stallMs = Math.max(stallMs, performance.now() - last);
      return { result, stallMs, elapsedMs: performance.now() - started };
    } finally {
      clearInterval(timer);
    }
  }

  it('keeps the server answering while a 40-megapixel 1-bit BMP (5 MB) is decoded', async () => {
    const big = oneBitBmp();
    expect(big.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const { result, stallMs } = await longestStall(() => media.processUpload(big, 'post'));
    expect(result).toMatchObject({ width: 1080, height: 675, aspect: 'landscape' });
    // what the same decode costs the event loop on the main thread, on this machine, now
    const { stallMs: decodeMs } = await longestStall(async () => decodeBmp(big, 40_000_000));
    expect(decodeMs).toBeGreaterThan(100);
    // in a worker the loop only waits for short steps (starting it, taking the pixels)
    expect(stallMs).toBeLessThan(decodeMs / 2);
  });

  /** Runs `work` while sampling how many decode workers are alive; answers the most seen at once. */
  async function mostDecoders<T>(work: () => Promise<T>): Promise<{ result: T; most: number }> {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, runningDecoders())), 5);
    try {
      const result = await work();
      return { result, most };
    } finally {
      clearInterval(sampler);
    }
  }

  it('decodes at most maxConcurrent images at once, each in a worker that is gone when it answers', async () => {
    const two = createMediaService({ storage, limits: { maxConcurrent: 2 } });
    const big = oneBitBmp(6000, 4000);
    const { result, most } = await mostDecoders(() => Promise.all([1, 2, 3, 4].map(() => two.processUpload(big, 'post'))));
    expect(result.map((r) => r.width)).toEqual([1080, 1080, 1080, 1080]);
    expect(most).toBeGreaterThan(0); // decoded in workers, seen while they ran
    expect(most).toBeLessThanOrEqual(2);
    expect(runningDecoders()).toBe(0);
  });

  it('terminates a decode that overruns the time limit and refuses the upload with a 400', async () => {
    // 50 ms: less than a worker takes to start, let alone decode 40 megapixels
    const hasty = createMediaService({ storage, limits: { timeoutSeconds: 0.05 } });
    const { result, most } = await mostDecoders(() => refusal(oneBitBmp(), 'post', hasty));
    expect(result).toEqual({ status: 400, code: 'INVALID_FILE_TYPE', message: MEDIA_MESSAGES.unreadable });
    expect(most).toBe(1);
    expect(runningDecoders()).toBe(0);
  });
});

describe('perceptual hash (dHash) for near-duplicate hints', () => {
  const distance = (a: string, b: string) =>
    [...(BigInt(`0x${a}`) ^ BigInt(`0x${b}`)).toString(2)].filter((bit) => bit === '1').length;

  it('sets one bit per pixel brighter than its right neighbour', () => {
    const falling = Uint8Array.from({ length: 72 }, (_, i) => 255 - (i % 9) * 20); // every pixel brighter than the next
    expect(dHashHex(falling)).toBe('ffffffffffffffff');
    const rising = Uint8Array.from({ length: 72 }, (_, i) => (i % 9) * 20);
    expect(dHashHex(rising)).toBe('0000000000000000');
    expect(() => dHashHex(new Uint8Array(10))).toThrow();
  });

  it('gives a re-encoded, smaller copy of a photo nearly the same hash, and another photo a distant one', async () => {
    const original = await media.processUpload(photo('chelsea'), 'post');
    const copy = await media.processUpload(await sharp(photo('chelsea')).resize(500).jpeg({ quality: 40 }).toBuffer(), 'post');
    const other = await media.processUpload(photo('coffee'), 'post');
    expect(original.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    expect(distance(original.perceptualHash, copy.perceptualHash)).toBeLessThanOrEqual(6);
    expect(distance(original.perceptualHash, other.perceptualHash)).toBeGreaterThan(16);
  });
});
