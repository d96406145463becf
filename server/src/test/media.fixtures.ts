import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test images: real photographs (CC0 / public domain) and a HEIC, committed under
 * server/src/test/fixtures (see its README), and everything else generated here with sharp or by
 * hand.
 */
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const PHOTOS = path.join(FIXTURES, 'photos');

export function photo(name: 'coffee' | 'chelsea' | 'astronaut'): Buffer {
  return readFileSync(path.join(PHOTOS, `${name}.png`));
}

export function heicPhoto(): Buffer {
  return readFileSync(path.join(FIXTURES, 'coffee.heic'));
}

/** A JPEG stored 300x200 whose EXIF says "rotate 90° clockwise" (orientation 6): shown 200x300. */
export async function jpegWithOrientation6(): Promise<Buffer> {
  return sharp(photo('coffee')).resize(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

export const GPS_MARKERS = ['PlatesTestCamera', 'PlatesSecretPlace', '48.8584'];

/** A JPEG carrying a camera name and GPS position in EXIF, and GPS again in XMP. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(photo('chelsea'))
    .jpeg()
    .withExif({
      IFD0: { Make: 'PlatesTestCamera', ImageDescription: 'PlatesSecretPlace' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 3024/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48.8584N"/>' +
        '</rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A plain image of a given size, with some detail so encoders have work to do. */
export async function sized(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp(photo('coffee')).resize(width, height, { fit: 'fill' }).toFormat(format).toBuffer();
}

/** An uncompressed BMP: 24-bit, or 32-bit with bit-field masks and alpha (BITMAPV4HEADER). */
export async function bmp(width: number, height: number, bits: 24 | 32 = 24): Promise<Buffer> {
  const { data } = await sharp(photo('coffee'))
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const headerSize = bits === 32 ? 108 : 40;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const offset = 14 + headerSize;
  const out = Buffer.alloc(offset + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(headerSize, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22); // positive: bottom-up rows
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bits, 28);
  out.writeUInt32LE(bits === 32 ? 3 : 0, 30);
  out.writeUInt32LE(stride * height, 34);
  if (bits === 32) {
    out.writeUInt32LE(0x00ff0000, 54);
    out.writeUInt32LE(0x0000ff00, 58);
    out.writeUInt32LE(0x000000ff, 62);
    out.writeUInt32LE(0xff000000, 66);
  }
  for (let y = 0; y < height; y++) {
    const row = offset + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const o = row + x * (bits / 8);
      out[o] = data[i + 2] ?? 0;
      out[o + 1] = data[i + 1] ?? 0;
      out[o + 2] = data[i] ?? 0;
      if (bits === 32) out[o + 3] = data[i + 3] ?? 0;
    }
  }
  return out;
}

/**
 * A BMP with a BITMAPINFOHEADER, `bits` per pixel and the given palette, its pixel rows zeroed:
 * the caller fills them in (row `y` from the top is at `rowAt(y)`).
 */
export function blankBmp(options: {
  width: number;
  height: number;
  bits: number;
  palette?: Array<[number, number, number]>;
  topDown?: boolean;
  compression?: number;
}): { bytes: Buffer; stride: number; rowAt: (y: number) => number } {
  const { width, height, bits, palette = [], topDown = false, compression = 0 } = options;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const offset = 14 + 40 + palette.length * 4;
  const out = Buffer.alloc(offset + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(offset, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(topDown ? -height : height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bits, 28);
  out.writeUInt32LE(compression, 30);
  out.writeUInt32LE(palette.length, 46);
  palette.forEach(([r, g, b], i) => out.writeUInt32LE((r << 16) | (g << 8) | b, 54 + i * 4));
  return { bytes: out, stride, rowAt: (y) => offset + (topDown ? y : height - 1 - y) * stride };
}

/**
 * A 1-bit BMP of `width` x `height` (40 megapixels by default, just under 5 MB: what a hostile
 * tester sent), two palette colours in stripes. Cheap to build, slow to decode pixel by pixel.
 */
export function oneBitBmp(width = 8000, height = 5000): Buffer {
  const palette: Array<[number, number, number]> = [
    [200, 50, 50],
    [240, 230, 210],
  ];
  const { bytes, stride, rowAt } = blankBmp({ width, height, bits: 1, palette });
  for (let y = 0; y < height; y++) bytes.fill(y % 64 < 32 ? 0x0f : 0xf0, rowAt(y), rowAt(y) + stride);
  return bytes;
}

/**
 * A real decompression bomb: a valid 1-bit greyscale PNG of 30000x30000 (900 megapixels) whose
 * zero rows deflate to about 100 KB.
 */
export function pngBomb(side = 30_000): Buffer {
  const rowBytes = 1 + Math.ceil(side / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

export const SVG_PLAIN = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const SVG_WITH_PROLOG = Buffer.from(
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n' +
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');
export const TEXT_FILE = Buffer.from('Grandma’s recipe: 2 eggs, 100 g flour, a pinch of salt.\n');
export const PDF_FILE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
