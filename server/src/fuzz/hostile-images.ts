import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heicPhoto, photo, pngBomb } from '../test/media.fixtures.js';

/**
 * The hostile image corpus (issue 18): made from the committed CC0 photographs and the committed
 * files of `fixtures/hostile/` (see its README for provenance), at test time or by
 * `npm run fuzz:images -- <folder>` to try them by hand against a running server.
 *
 * `verdict`: `refused` must be answered 4xx; `either` may be accepted (a valid if unusual image:
 * CMYK, 16-bit, 300 frames) or refused, but never 5xx.
 */
export interface HostileImage {
  name: string;
  bytes: Buffer;
  filename: string;
  type: string;
  verdict: 'refused' | 'either';
}

const HOSTILE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures', 'hostile');

export function committedHostile(name: string): Buffer {
  return readFileSync(path.join(HOSTILE_DIR, name));
}

/** A minimal ZIP archive (one stored file "x.sh") to append to an image: a JPEG+ZIP polyglot. */
function tinyZip(): Buffer {
  const content = Buffer.from('#!/bin/sh\necho owned\n');
  const name = Buffer.from('x.sh');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + content.length, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

async function frames(count: number, format: 'gif' | 'webp'): Promise<Buffer> {
  const side = 32;
  const stripe = await sharp(photo('coffee')).resize(side, side).removeAlpha().raw().toBuffer();
  const tall = Buffer.concat(Array.from({ length: count }, (_, i) => Buffer.from(stripe.map((b) => (b + i * 7) & 0xff))));
  const image = sharp(tall, { raw: { width: side, height: side * count, channels: 3, pageHeight: side } });
  return format === 'gif' ? image.gif({ delay: 10, loop: 0 }).toBuffer() : image.webp({ delay: 10, loop: 0, quality: 30 }).toBuffer();
}

export async function hostileImages(): Promise<HostileImage[]> {
  const coffee = photo('coffee');
  const jpeg = await sharp(coffee).resize(300).jpeg().toBuffer();
  const png = await sharp(coffee).resize(300).png().toBuffer();
  const webp = await sharp(coffee).resize(300).webp().toBuffer();
  const heic = heicPhoto();
  const half = (b: Buffer) => b.subarray(0, Math.floor(b.length / 2));
  const list: HostileImage[] = [
    { name: 'zero bytes', bytes: Buffer.alloc(0), filename: 'dish.jpg', type: 'image/jpeg', verdict: 'refused' },
    { name: 'truncated JPEG (half)', bytes: half(jpeg), filename: 'dish.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'JPEG cut after its header', bytes: jpeg.subarray(0, 200), filename: 'dish.jpg', type: 'image/jpeg', verdict: 'refused' },
    { name: 'truncated PNG (half)', bytes: half(png), filename: 'dish.png', type: 'image/png', verdict: 'refused' },
    { name: 'truncated WebP (half)', bytes: half(webp), filename: 'dish.webp', type: 'image/webp', verdict: 'refused' },
    { name: 'truncated HEIC (half)', bytes: half(heic), filename: 'dish.heic', type: 'image/heic', verdict: 'refused' },
    { name: 'magic bytes only (PNG signature)', bytes: png.subarray(0, 8), filename: 'dish.png', type: 'image/png', verdict: 'refused' },
    { name: 'PNG sent as .jpg image/jpeg', bytes: png, filename: 'dish.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'text sent as .jpg image/jpeg', bytes: Buffer.from('just some text, not a picture\n'.repeat(20)), filename: 'dish.jpg', type: 'image/jpeg', verdict: 'refused' },
    { name: 'ELF-looking bytes as .png', bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(2000, 1)]), filename: 'dish.png', type: 'image/png', verdict: 'refused' },
    { name: 'decompression bomb: 30000x30000 PNG of zeros (~100 KB)', bytes: pngBomb(), filename: 'bomb.png', type: 'image/png', verdict: 'refused' },
    { name: 'PNG header claiming 2^31-1 x 2^31-1', bytes: pngHeaderOnly(0x7fffffff, 0x7fffffff), filename: 'huge.png', type: 'image/png', verdict: 'refused' },
    { name: 'animated GIF, 300 frames', bytes: await frames(300, 'gif'), filename: 'anim.gif', type: 'image/gif', verdict: 'either' },
    { name: 'animated WebP, 300 frames', bytes: await frames(300, 'webp'), filename: 'anim.webp', type: 'image/webp', verdict: 'either' },
    { name: 'CMYK JPEG', bytes: await sharp(coffee).resize(300).toColourspace('cmyk').jpeg().toBuffer(), filename: 'cmyk.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: '16-bit PNG', bytes: await sharp(coffee).resize(300).toColourspace('rgb16').png().toBuffer(), filename: 'deep.png', type: 'image/png', verdict: 'either' },
    { name: 'EXIF orientation 8 on a 4000x4 strip', bytes: await sharp(coffee).resize(4000, 4, { fit: 'fill' }).jpeg().withMetadata({ orientation: 8 }).toBuffer(), filename: 'strip.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'EXIF orientation 5 (transpose)', bytes: await sharp(coffee).resize(300).jpeg().withMetadata({ orientation: 5 }).toBuffer(), filename: 'o5.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'EXIF orientation 0xffff (out of range, patched)', bytes: patchOrientation(await sharp(coffee).resize(300).jpeg().withMetadata({ orientation: 3 }).toBuffer(), 0xffff), filename: 'oX.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'JPEG+ZIP polyglot', bytes: Buffer.concat([jpeg, tinyZip()]), filename: 'poly.jpg', type: 'image/jpeg', verdict: 'either' },
    { name: 'SVG with a script (committed)', bytes: committedHostile('script.svg'), filename: 'dish.svg', type: 'image/svg+xml', verdict: 'refused' },
    { name: 'SVG with a script, sent as .png', bytes: committedHostile('script.svg'), filename: 'dish.png', type: 'image/png', verdict: 'refused' },
    { name: 'HTML with a script, sent as .gif', bytes: committedHostile('page.html'), filename: 'dish.gif', type: 'image/gif', verdict: 'refused' },
    { name: 'GIF header followed by a script (GIFAR-style)', bytes: Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from('*/=1;alert(1)//')]), filename: 'dish.gif', type: 'image/gif', verdict: 'refused' },
  ];
  return list;
}

/** A PNG with a signature and an IHDR only, claiming the given size. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const bytes = pngBomb(8);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes; // the IHDR's CRC is now wrong too: a second lie for the decoder
}

/** Rewrites the EXIF orientation value in place (the first 0x0112 tag), whatever sharp allows. */
function patchOrientation(jpeg: Buffer, value: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let i = 0; i < Math.min(copy.length - 10, 4096); i++) {
    // Big-endian (MM) or little-endian (II) tag 0x0112, type 3 (SHORT), count 1.
    if (copy[i] === 0x01 && copy[i + 1] === 0x12 && copy[i + 3] === 0x03) {
      copy.writeUInt16BE(value, i + 8);
      return copy;
    }
    if (copy[i] === 0x12 && copy[i + 1] === 0x01 && copy[i + 2] === 0x03) {
      copy.writeUInt16LE(value, i + 8);
      return copy;
    }
  }
  return copy;
}
