import { createRequire } from 'node:module';
import type { RawImage } from './bmp.js';

/**
 * HEIC/HEIF decoding with `heic-decode` (libheif compiled to WebAssembly: no native build, and the
 * HEVC decoder sharp's prebuilt libvips lacks for patent reasons). The upload pipeline decodes in
 * a worker thread (raw-decoder.ts), so decoding neither blocks the event loop nor outlives its
 * time limit, and only after the declared size (`ispe` boxes) has been checked against the pixel
 * limit (`checkHeifSize`, on the calling thread, before any worker starts).
 */
export class HeicError extends Error {
  override name = 'HeicError';
}

type HeicDecode = (input: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;

/** Throws unless the file declares a size, and every size it declares is within `maxPixels`. */
export function checkHeifSize(bytes: Buffer, maxPixels: number): void {
  const declared = declaredHeifSizes(bytes);
  if (declared.length === 0) throw new HeicError('HEIF without image size');
  if (declared.some(({ width, height }) => width * height > maxPixels)) throw new HeicError('HEIF exceeds the pixel limit');
}

/** Decodes to RGBA on the calling thread (the worker's job); loads the WebAssembly decoder on first use. */
export async function decodeHeifPixels(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  checkHeifSize(bytes, maxPixels);
  const decode = createRequire(import.meta.url)('heic-decode') as HeicDecode;
  const { width, height, data } = await decode({ buffer: bytes });
  if (!width || !height || !data) throw new HeicError('HEIF decoding gave no image');
  if (width * height > maxPixels) throw new HeicError('HEIF exceeds the pixel limit');
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels: 4 };
}

/**
 * Every image size a HEIF file declares, from its `ispe` (image spatial extent) properties: a
 * 4-byte box size, `ispe`, 4 bytes of version and flags, then width and height. The primary image
 * (or the grid that tiles it) is among them, so the largest bounds what decoding will allocate.
 */
export function declaredHeifSizes(bytes: Buffer): Array<{ width: number; height: number }> {
  const sizes: Array<{ width: number; height: number }> = [];
  const limit = Math.min(bytes.length, 1024 * 1024) - 16;
  for (let at = bytes.indexOf('ispe', 4, 'latin1'); at !== -1 && at <= limit; at = bytes.indexOf('ispe', at + 4, 'latin1')) {
    if (bytes.readUInt32BE(at - 4) !== 20) continue;
    sizes.push({ width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) });
  }
  return sizes;
}
