import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { LIMITS } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import type { ImageStorage } from '../../lib/storage/index.js';
import type { RawImage } from './bmp.js';
import { detectImageFormat, type ImageFormat } from './image-type.js';
import { MEDIA_MESSAGES } from './media.messages.js';
import { decodeOffThread } from './raw-decoder.js';
import { RefusedUpload } from './refused-upload.js';

export type ImageKind = 'post' | 'avatar';
export type Aspect = 'landscape' | 'portrait' | 'square';

export interface ImageVariant {
  width: number;
  height: number;
  key: string;
  url: string;
}

export interface ProcessedImage {
  /** URL of the largest rendition, good now (local: stable path; S3: presigned for days). */
  imageUrl: string;
  /** Storage key of the largest rendition: what a row should keep, turned into a URL on read. */
  key: string;
  /** Size of the largest rendition, after EXIF orientation. */
  width: number;
  height: number;
  aspect: Aspect;
  /** ThumbHash of the image, base64 (about 30 characters): a blurred preview while loading. */
  placeholder: string;
  /** Every rendition, narrowest first, for `srcset`. */
  variants: ImageVariant[];
  /**
   * A 64-bit difference hash (dHash) as 16 hex digits: near-identical photos (re-encoded, resized,
   * lightly cropped) differ in a few bits, so moderators can be shown earlier plates like it.
   */
  perceptualHash: string;
}

export interface MediaLimits {
  /** Largest upload, in bytes. */
  maxBytes: number;
  /** Largest decoded image, in pixels: bounds memory whatever the file claims. */
  maxInputPixels: number;
  /** Longest one decode may take (a BMP or HEIC decode, and each libvips pipeline). */
  timeoutSeconds: number;
  /**
   * Uploads processed at once, decoding included (so at most this many decode workers and their
   * pixels); the rest wait, so memory stays bounded under load.
   */
  maxConcurrent: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  maxBytes: LIMITS.uploadBytes,
  maxInputPixels: 40_000_000,
  timeoutSeconds: 20,
  maxConcurrent: 2,
};

/** Rendition widths: posts keep their shape, avatars are square cover crops. */
export const RENDITION_WIDTHS: Record<ImageKind, readonly number[]> = {
  post: [320, 640, 1080],
  avatar: [64, 160, 400],
};

const KEY_PREFIX: Record<ImageKind, string> = { post: 'posts', avatar: 'avatars' };
const WEBP_QUALITY = 80;

/** The keys this module writes: `<prefix>/<sha256 of the WebP bytes>-<width>.webp`. */
export const IMAGE_KEY = /^(?:posts|avatars)\/[0-9a-f]{64}-\d{1,5}\.webp$/;

/** Spec: over 1.5 is landscape (shown 1.91:1), under 0.9 portrait (4:5), anything between square. */
export function aspectOf(width: number, height: number): Aspect {
  const ratio = width / height;
  if (ratio > 1.5) return 'landscape';
  if (ratio < 0.9) return 'portrait';
  return 'square';
}

/** The widths to render for an image `width` wide (`side` for avatars): never wider than the source. */
export function renditionWidths(kind: ImageKind, sourceWidth: number): number[] {
  const targets = RENDITION_WIDTHS[kind];
  const widths = targets.filter((w) => w <= sourceWidth);
  const largest = targets[targets.length - 1] ?? sourceWidth;
  if (sourceWidth < largest && !widths.includes(sourceWidth)) widths.push(sourceWidth);
  return widths;
}

export interface MediaService {
  processUpload(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage>;
  /**
   * The same upload rules (size, sniffed type, pixel and time limits, HEIC and BMP decoding, EXIF
   * orientation) without storing anything: one JPEG of the photo within `maxSide` pixels (photo
   * analysis reads this, never the original).
   */
  normalise(bytes: Buffer, maxSide?: number): Promise<Buffer>;
}

/** The longest side of the rendition photo analysis is given. */
export const ANALYSIS_RENDITION_SIDE = 1024;

type Input = { kind: 'encoded'; bytes: Buffer; format: ImageFormat } | { kind: 'raw'; image: RawImage };

/**
 * The upload pipeline: sniff the type from the bytes, decode within pixel and time limits, orient
 * by EXIF, drop every piece of metadata (EXIF, GPS, XMP, ICC: sharp keeps none unless asked, and
 * this module never asks), encode WebP renditions, store them content-addressed.
 */
export function createMediaService(options: { storage: ImageStorage; limits?: Partial<MediaLimits> }): MediaService {
  const { storage } = options;
  const limits: MediaLimits = { ...DEFAULT_MEDIA_LIMITS, ...options.limits };
  const queue = createGate(limits.maxConcurrent);

  const unreadable = () => new RefusedUpload('unreadable', MEDIA_MESSAGES.unreadable);

  /** libvips reads the bytes itself; BMP and HEIC are decoded to pixels in a worker first. */
  async function load(bytes: Buffer): Promise<Input> {
    const format = await detectImageFormat(bytes);
    if (format !== 'bmp' && format !== 'heic') return { kind: 'encoded', bytes, format };
    try {
      const image = await decodeOffThread(format, bytes, {
        maxPixels: limits.maxInputPixels,
        timeoutMs: limits.timeoutSeconds * 1000,
      });
      return { kind: 'raw', image };
    } catch {
      throw unreadable();
    }
  }

  /** A fresh pipeline over the input: first frame only, pixel-limited, failing on any decode warning. */
  function open(input: Input): Sharp {
    const common: SharpOptions = { limitInputPixels: limits.maxInputPixels, failOn: 'warning', pages: 1 };
    const pipeline =
      input.kind === 'raw'
        ? sharp(input.image.data, {
            ...common,
            raw: { width: input.image.width, height: input.image.height, channels: input.image.channels },
          })
        : sharp(input.bytes, common);
    return pipeline.timeout({ seconds: Math.ceil(limits.timeoutSeconds) }).rotate(); // libvips counts whole seconds
  }

  /** Size after EXIF orientation, checking that libvips sees the format the bytes were sniffed as. */
  async function orientedSize(input: Input): Promise<{ width: number; height: number }> {
    if (input.kind === 'raw') return { width: input.image.width, height: input.image.height };
    const meta = await sharp(input.bytes, { limitInputPixels: limits.maxInputPixels, pages: 1 }).metadata();
    const expected = input.format === 'heic' ? 'heif' : input.format;
    if (meta.format !== expected || !meta.width || !meta.height) throw unreadable();
    if (meta.width * meta.height > limits.maxInputPixels) throw unreadable();
    const swap = (meta.orientation ?? 1) >= 5;
    return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  }

  /**
   * One decode of the upload into a small sRGB working copy, oriented, no larger than the largest
   * rendition (posts: within 1080 wide and 3x as tall; avatars: a square cover crop of at most 400),
   * from which every rendition and the placeholder are made.
   */
  async function workingCopy(input: Input, kind: ImageKind, size: { width: number; height: number }): Promise<RawImage> {
    const largest = Math.max(...RENDITION_WIDTHS[kind]);
    const pipeline = open(input);
    if (kind === 'avatar') {
      const side = Math.min(size.width, size.height, largest);
      pipeline.resize(side, side, { fit: 'cover', position: sharp.strategy.attention });
    } else {
      pipeline.resize(largest, largest * 3, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels === 4 ? 4 : 3 };
  }

  async function render(copy: Input, kind: ImageKind, width: number) {
    const pipeline = open(copy);
    if (kind === 'avatar') pipeline.resize(width, width);
    else pipeline.resize({ width, withoutEnlargement: true });
    const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    const hash = createHash('sha256').update(data).digest('hex');
    return { bytes: data, width: info.width, height: info.height, key: `${KEY_PREFIX[kind]}/${hash}-${info.width}.webp` };
  }

  async function thumbHash(copy: Input): Promise<string> {
    const { data, info } = await open(copy)
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  }

  async function differenceHash(copy: Input): Promise<string> {
    const { data } = await open(copy).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    return dHashHex(data);
  }

  async function process(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
    const input = await load(bytes);
    let aspect: Aspect;
    let renditions: Array<Awaited<ReturnType<typeof render>>>;
    let placeholder: string;
    let perceptualHash: string;
    try {
      const size = await orientedSize(input);
      aspect = kind === 'avatar' ? 'square' : aspectOf(size.width, size.height);
      const copy: Input = { kind: 'raw', image: await workingCopy(input, kind, size) };
      renditions = [];
      for (const width of renditionWidths(kind, copy.image.width)) renditions.push(await render(copy, kind, width));
      placeholder = await thumbHash(copy);
      perceptualHash = await differenceHash(copy);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    }
    for (const r of renditions) await storage.put(r.key, r.bytes, 'image/webp');
    const variants = await Promise.all(
      renditions.map(async (r) => ({ width: r.width, height: r.height, key: r.key, url: await storage.url(r.key) })),
    );
    const largest = variants[variants.length - 1];
    if (!largest) throw unreadable();
    return {
      imageUrl: largest.url,
      key: largest.key,
      width: largest.width,
      height: largest.height,
      aspect,
      placeholder,
      variants,
      perceptualHash,
    };
  }

  async function normalise(bytes: Buffer, maxSide: number): Promise<Buffer> {
    const input = await load(bytes);
    try {
      await orientedSize(input);
      return await open(input)
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 90 })
        .toBuffer();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    }
  }

  const checkSize = (bytes: Buffer) => {
    if (bytes.length > limits.maxBytes) throw new AppError('FILE_TOO_LARGE', MEDIA_MESSAGES.fileTooLarge);
    if (bytes.length === 0) throw new AppError('FILE_REQUIRED', MEDIA_MESSAGES.fileRequired);
  };

  return {
    async processUpload(bytes, kind) {
      checkSize(bytes);
      return queue(() => process(bytes, kind));
    },
    async normalise(bytes, maxSide = ANALYSIS_RENDITION_SIDE) {
      checkSize(bytes);
      return queue(() => normalise(bytes, maxSide));
    },
  };
}

/** At most `max` tasks at once; the others wait their turn in order. */
function createGate(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * The dHash of a 9x8 greyscale image (one channel, row by row): bit i is set when a pixel is
 * brighter than its right neighbour, 8 per row, 64 in all, as 16 hex digits.
 */
export function dHashHex(pixels: Uint8Array): string {
  if (pixels.length < 72) throw new Error('dHashHex needs 9x8 greyscale pixels');
  let hex = '';
  for (let row = 0; row < 8; row += 1) {
    let byte = 0;
    for (let x = 0; x < 8; x += 1) byte = (byte << 1) | (pixels[row * 9 + x]! > pixels[row * 9 + x + 1]! ? 1 : 0);
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}
