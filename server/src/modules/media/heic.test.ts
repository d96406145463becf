import { describe, expect, it } from 'vitest';
import { checkHeifSize, declaredHeifSizes, HeicError } from './heic.js';
import { heicPhoto } from '../../test/media.fixtures.js';
import { decodeOffThread } from './raw-decoder.js';

describe('HEIC decoder', () => {
  it('reads the declared size before decoding, then decodes to RGBA in a worker', async () => {
    const bytes = heicPhoto();
    expect(declaredHeifSizes(bytes)).toContainEqual({ width: 300, height: 200 });
    const image = await decodeOffThread('heic', bytes, { maxPixels: 1_000_000, timeoutMs: 20_000 });
    expect(image).toMatchObject({ width: 300, height: 200, channels: 4 });
    expect(image.data.length).toBe(300 * 200 * 4);
  });

  it('refuses what is too large without decoding, and stops a decode that takes too long', async () => {
    expect(() => checkHeifSize(heicPhoto(), 300 * 199)).toThrow(/pixel limit/);
    await expect(decodeOffThread('heic', heicPhoto(), { maxPixels: 300 * 199, timeoutMs: 20_000 })).rejects.toThrow(/pixel limit/);
    await expect(decodeOffThread('heic', heicPhoto(), { maxPixels: 1_000_000, timeoutMs: 1 })).rejects.toThrow(/timed out/);
  });

  it('refuses a file that declares no size, and garbage', async () => {
    const options = { maxPixels: 1e6, timeoutMs: 20_000 };
    await expect(decodeOffThread('heic', Buffer.from('not heif at all'), options)).rejects.toThrow(HeicError);
    const headerOnly = heicPhoto().subarray(0, 40);
    await expect(decodeOffThread('heic', headerOnly, options)).rejects.toThrow(HeicError);
  });
});
