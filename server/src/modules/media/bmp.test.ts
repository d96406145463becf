import { describe, expect, it } from 'vitest';
import { BmpError, decodeBmp } from './bmp.js';
import { blankBmp, bmp } from '../../test/media.fixtures.js';

/** A BMP with a BITMAPINFOHEADER, `bits` per pixel, the given palette and raw rows (top row first). */
function handMade(options: Parameters<typeof blankBmp>[0] & { rows: number[][] }): Buffer {
  const { bytes, rowAt } = blankBmp(options);
  options.rows.forEach((row, y) => row.forEach((byte, i) => (bytes[rowAt(y) + i] = byte)));
  return bytes;
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
