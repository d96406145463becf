/**
 * A small BMP decoder, because the prebuilt libvips in sharp has no BMP loader (only through
 * ImageMagick, which it does not ship). Reads the uncompressed kinds cameras and paint programs
 * write: 24-bit, 16/32-bit (plain or with bit-field masks, alpha when a mask says so) and 1/4/8-bit
 * palettes, bottom-up or top-down. RLE and embedded JPEG/PNG are refused. The pixel count is
 * checked against `maxPixels` before anything is allocated, and short files are refused, so a
 * hostile header cannot make it allocate or read past the data. Decoding is a loop over every
 * pixel (seconds for 40 megapixels), so the upload pipeline runs it in a worker (raw-decoder.ts).
 */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export class BmpError extends Error {
  override name = 'BmpError';
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** What the header of a BMP says, once checked: sizes, layout and where the pixels are. */
export interface BmpHeader {
  width: number;
  height: number;
  topDown: boolean;
  bpp: number;
  core: boolean;
  headerSize: number;
  dataOffset: number;
  masks: [number, number, number, number] | undefined;
}

/**
 * Reads and checks the header alone (cheap, no allocation): a kind this decoder does not read,
 * no pixels, or more than `maxPixels` pixels is a BmpError before any decoding starts.
 */
export function readBmpHeader(bytes: Buffer, maxPixels: number): BmpHeader {
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') throw new BmpError('not a BMP file');
  const dataOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  const core = headerSize === 12;
  if (!core && headerSize < 40) throw new BmpError(`unsupported BMP header size ${headerSize}`);
  if (bytes.length < 14 + headerSize) throw new BmpError('truncated BMP header');
  const width = core ? bytes.readUInt16LE(18) : bytes.readInt32LE(18);
  const rawHeight = core ? bytes.readInt16LE(20) : bytes.readInt32LE(22);
  const bpp = core ? bytes.readUInt16LE(24) : bytes.readUInt16LE(28);
  const compression = core ? BI_RGB : bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height <= 0) throw new BmpError('BMP without pixels');
  if (width * height > maxPixels) throw new BmpError('BMP exceeds the pixel limit');

  let masks: [number, number, number, number] | undefined;
  if (bpp === 16 || bpp === 32) {
    if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
      const at = headerSize >= 52 ? 54 : 14 + headerSize; // V2+ headers hold the masks; V1 puts them after
      const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
      if (bytes.length < at + count * 4) throw new BmpError('truncated BMP masks');
      masks = [bytes.readUInt32LE(at), bytes.readUInt32LE(at + 4), bytes.readUInt32LE(at + 8), 0];
      if (count === 4) masks[3] = bytes.readUInt32LE(at + 12);
    } else if (compression === BI_RGB) {
      masks = bpp === 16 ? [0x7c00, 0x03e0, 0x001f, 0] : [0xff0000, 0xff00, 0xff, 0];
    } else {
      throw new BmpError(`unsupported BMP compression ${compression}`);
    }
  } else if (compression !== BI_RGB || ![1, 4, 8, 24].includes(bpp)) {
    throw new BmpError(`unsupported BMP: ${bpp} bits per pixel, compression ${compression}`);
  }
  return { width, height, topDown, bpp, core, headerSize, dataOffset, masks };
}

/** Decodes the pixels, after `readBmpHeader`'s checks. Pure JS: run it off the main thread. */
export function decodeBmp(bytes: Buffer, maxPixels: number): RawImage {
  const { width, height, topDown, bpp, core, headerSize, dataOffset, masks } = readBmpHeader(bytes, maxPixels);

  let palette: Buffer | undefined;
  if (bpp <= 8) {
    const entrySize = core ? 3 : 4;
    const declared = core ? 0 : bytes.readUInt32LE(46);
    const entries = Math.min(declared || 1 << bpp, 1 << bpp);
    const at = 14 + headerSize;
    if (bytes.length < at + entries * entrySize) throw new BmpError('truncated BMP palette');
    palette = Buffer.alloc(256 * 3);
    for (let i = 0; i < entries; i++) {
      const p = at + i * entrySize;
      palette[i * 3] = bytes[p + 2] ?? 0;
      palette[i * 3 + 1] = bytes[p + 1] ?? 0;
      palette[i * 3 + 2] = bytes[p] ?? 0;
    }
  }

  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (dataOffset + stride * height > bytes.length) throw new BmpError('truncated BMP pixel data');
  const fields = masks?.map(maskField);
  const channels = fields?.[3]?.mask ? 4 : 3;
  const out = Buffer.alloc(width * height * channels);

  for (let y = 0; y < height; y++) {
    const row = dataOffset + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * channels;
    for (let x = 0; x < width; x++, o += channels) {
      if (palette) {
        const bit = x * bpp;
        const index = ((bytes[row + (bit >> 3)] ?? 0) >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        out[o] = palette[index * 3] ?? 0;
        out[o + 1] = palette[index * 3 + 1] ?? 0;
        out[o + 2] = palette[index * 3 + 2] ?? 0;
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = bytes[p + 2] ?? 0;
        out[o + 1] = bytes[p + 1] ?? 0;
        out[o + 2] = bytes[p] ?? 0;
      } else if (fields) {
        const pixel = bpp === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
        for (let c = 0; c < channels; c++) out[o + c] = fields[c]?.read(pixel) ?? 0;
      }
    }
  }
  return { data: out, width, height, channels };
}

function maskField(mask: number) {
  const m = mask >>> 0;
  if (m === 0) return { mask: 0, read: () => 0 };
  let shift = 0;
  while (((m >>> shift) & 1) === 0) shift++;
  const max = m >>> shift;
  return { mask: m, read: (pixel: number) => Math.round((((pixel & m) >>> 0) >>> shift) * 255 / max) };
}
