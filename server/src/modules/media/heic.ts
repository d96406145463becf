import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { RawImage } from './bmp.js';

/**
 * HEIC/HEIF decoding with `heic-decode` (libheif compiled to WebAssembly: no native build, and the
 * HEVC decoder sharp's prebuilt libvips lacks for patent reasons). Decoding runs in a worker
 * thread, so it neither blocks the event loop nor outlives `timeoutMs` (the worker is terminated),
 * and only after the declared size (`ispe` boxes) has been checked against `maxPixels`.
 */
export class HeicError extends Error {
  override name = 'HeicError';
}

const decoderPath = createRequire(import.meta.url).resolve('heic-decode');

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoderPath);
decode({ buffer: workerData.bytes }).then(
  ({ width, height, data }) => parentPort.postMessage({ width, height, data }, [data.buffer]),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
`;

interface WorkerAnswer {
  width?: number;
  height?: number;
  data?: Uint8ClampedArray;
  error?: string;
}

export async function decodeHeic(bytes: Buffer, options: { maxPixels: number; timeoutMs: number }): Promise<RawImage> {
  const declared = declaredHeifSizes(bytes);
  if (declared.length === 0) throw new HeicError('HEIF without image size');
  if (declared.some(({ width, height }) => width * height > options.maxPixels)) {
    throw new HeicError('HEIF exceeds the pixel limit');
  }
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { decoderPath, bytes: new Uint8Array(bytes) },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new HeicError('HEIF decoding timed out'));
    }, options.timeoutMs);
    worker.once('message', (message: WorkerAnswer) => {
      clearTimeout(timer);
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new HeicError(`HEIF decoding failed: ${error.message}`));
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new HeicError(`HEIF decoder stopped (${code})`));
    });
  });
  if (answer.error || !answer.data || !answer.width || !answer.height) {
    throw new HeicError(`HEIF decoding failed: ${answer.error ?? 'no image'}`);
  }
  if (answer.width * answer.height > options.maxPixels) throw new HeicError('HEIF exceeds the pixel limit');
  const data = Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength);
  return { data, width: answer.width, height: answer.height, channels: 4 };
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
