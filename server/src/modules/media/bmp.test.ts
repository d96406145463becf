import { describe, expect, it } from 'vitest';
import { BmpError, decodeBmp } from './bmp.js';
import { bmp } from './media.fixtures.js';

/** A BMP with a BITMAPINFOHEADER, `bits` per pixel, the given palette and raw rows (top row first). */
function handMade(options: {
  width: number;
  height: number;
  bits: number;
  rows: number[][];
  palette?: Array<[number, number, number]>;
  topDown?: boolean;
  compression?: number;
}): Buffer {
  const { width, height, bits, rows, palette = [], topDown = false, compression = 0 } = options;
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
  rows.forEach((row, y) => {
    const at = offset + (topDown ? y : height - 1 - y) * stride;
    row.forEach((byte, i) => (out[at + i] = byte));
  });
  return out;
}

describe('BMP decoder', () => {
  it('reads 24-bit rows bottom-up, BGR to RGB', async () => {
    const image = decodeBmp(await bmp(3, 2, 24), 1000);
    expect(image).toMatchObject({ width: 3, height: 2, channels: 3 });
    const source = handMade({ width: 1, height: 2, bits: 24, rows: [[0, 0, 255], [255, 0, 0]] });
    expect([...decodeBmp(source, 10).data]).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it('reads top-down files', () => {
    const source = handMade({ width: 1, height: 2, bits: 24, rows: [[0, 0, 255], [255, 0, 0]], topDown: true });
    expect([...decodeBmp(source, 10).data]).toEqual([255, 0, 0, 0, 0, 255]);
  });

  it('reads 8-bit and 1-bit palettes', () => {
    const palette: Array<[number, number, number]> = [
      [10, 20, 30],
      [200, 100, 50],
    ];
    const eight = handMade({ width: 2, height: 1, bits: 8, rows: [[1, 0]], palette });
    expect([...decodeBmp(eight, 10).data]).toEqual([200, 100, 50, 10, 20, 30]);
    const one = handMade({ width: 3, height: 1, bits: 1, rows: [[0b01000000]], palette });
    expect([...decodeBmp(one, 10).data]).toEqual([10, 20, 30, 200, 100, 50, 10, 20, 30]);
  });

  it('reads 16-bit 5-5-5 and 32-bit with an alpha mask', async () => {
    const sixteen = handMade({ width: 1, height: 1, bits: 16, rows: [[0x00, 0x7c]] }); // pure red
    expect([...decodeBmp(sixteen, 10).data]).toEqual([255, 0, 0]);
    const withAlpha = decodeBmp(await bmp(2, 2, 32), 10);
    expect(withAlpha.channels).toBe(4);
  });

  it('refuses RLE, truncated data and oversized headers', async () => {
    expect(() => decodeBmp(handMade({ width: 1, height: 1, bits: 8, rows: [[0]], compression: 1 }), 10)).toThrow(BmpError);
    const full = await bmp(20, 20);
    expect(() => decodeBmp(full.subarray(0, full.length - 1), 1000)).toThrow(/truncated/);
    expect(() => decodeBmp(full, 399)).toThrow(/pixel limit/);
    expect(() => decodeBmp(Buffer.from('BM'), 10)).toThrow(BmpError);
  });
});
