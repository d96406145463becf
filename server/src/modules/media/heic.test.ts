import { describe, expect, it } from 'vitest';
import { declaredHeifSizes, decodeHeic, HeicError } from './heic.js';
import { heicPhoto } from './media.fixtures.js';

describe('HEIC decoder', () => {
  it('reads the declared size before decoding, then decodes to RGBA', async () => {
    const bytes = heicPhoto();
    expect(declaredHeifSizes(bytes)).toContainEqual({ width: 300, height: 200 });
    const image = await decodeHeic(bytes, { maxPixels: 1_000_000, timeoutMs: 20_000 });
    expect(image).toMatchObject({ width: 300, height: 200, channels: 4 });
    expect(image.data.length).toBe(300 * 200 * 4);
  });

  it('refuses what is too large without decoding, and stops a decode that takes too long', async () => {
    await expect(decodeHeic(heicPhoto(), { maxPixels: 300 * 199, timeoutMs: 20_000 })).rejects.toThrow(/pixel limit/);
    await expect(decodeHeic(heicPhoto(), { maxPixels: 1_000_000, timeoutMs: 1 })).rejects.toThrow(HeicError);
  });

  it('refuses a file that declares no size, and garbage', async () => {
    await expect(decodeHeic(Buffer.from('not heif at all'), { maxPixels: 1e6, timeoutMs: 20_000 })).rejects.toThrow(HeicError);
    const headerOnly = heicPhoto().subarray(0, 40);
    await expect(decodeHeic(headerOnly, { maxPixels: 1e6, timeoutMs: 20_000 })).rejects.toThrow(HeicError);
  });
});
