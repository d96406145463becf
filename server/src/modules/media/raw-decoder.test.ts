import { describe, expect, it } from 'vitest';
import { BmpError, decodeBmp } from './bmp.js';
import { bmp, oneBitBmp } from '../../test/media.fixtures.js';
import { decodeOffThread, runningDecoders } from './raw-decoder.js';

const roomy = { maxPixels: 40_000_000, timeoutMs: 20_000 };

describe('decoding in a worker', () => {
  it('gives the same pixels as decoding on the main thread', async () => {
    for (const source of [await bmp(64, 48, 24), await bmp(30, 20, 32), oneBitBmp(801, 300)]) {
      const inWorker = await decodeOffThread('bmp', source, roomy);
      const here = decodeBmp(source, roomy.maxPixels);
      expect(inWorker).toMatchObject({ width: here.width, height: here.height, channels: here.channels });
      expect(inWorker.data.equals(here.data)).toBe(true);
    }
    expect(runningDecoders()).toBe(0);
  });

  it('refuses a header over the pixel limit before starting a worker', async () => {
    const declared = await bmp(10, 10);
    declared.writeInt32LE(30_000, 18);
    declared.writeInt32LE(30_000, 22);
    const pending = decodeOffThread('bmp', declared, roomy);
    expect(runningDecoders()).toBe(0);
    await expect(pending).rejects.toThrow(BmpError);
  });

  it('answers a decoder failure as an error, and terminates a worker that overruns its time', async () => {
    const big = oneBitBmp();
    await expect(decodeOffThread('bmp', big.subarray(0, big.length - 1), roomy)).rejects.toThrow(/truncated/);
    const pending = decodeOffThread('bmp', big, { ...roomy, timeoutMs: 50 });
    expect(runningDecoders()).toBe(1);
    await expect(pending).rejects.toThrow(/timed out/);
    expect(runningDecoders()).toBe(0);
  });
});
