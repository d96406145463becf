import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { readBmpHeader, type RawImage } from './bmp.js';
import { checkHeifSize } from './heic.js';

/**
 * Decodes the formats libvips cannot read (BMP, HEIC) in a worker thread, one worker per decode:
 * pure JS (BMP) and WebAssembly (HEIC) decoding takes seconds for a large image, and on the main
 * thread it would stall every request for that long.
 *
 * - The pixel limit is checked here, from the header alone, before a worker starts; the worker
 *   checks it again before it allocates.
 * - A decode that overruns `timeoutMs` has its worker terminated (and its memory with it).
 * - The decoded pixels come back transferred, not copied; the upload bytes (5 MB at most) are
 *   copied in.
 * - How many decodes run at once is the caller's gate (the media service's `maxConcurrent`),
 *   which holds until the worker has exited, so workers alive never exceed it.
 *
 * A worker per decode rather than a pool: a worker starts in about 100 ms, small beside the
 * decodes that need one, and a fresh one leaves nothing behind (no heap grown by the last image,
 * no pool to repair after a termination).
 */
export type RawFormat = 'bmp' | 'heic';

export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** What the worker is given, and what it answers. */
export interface DecodeJob {
  format: RawFormat;
  bytes: Uint8Array;
  maxPixels: number;
}
export type DecodeAnswer = { image: Omit<RawImage, 'data'> & { data: Uint8Array } } | { error: string };

// Under `node --import tsx` and under vitest the sources are TypeScript, which a worker can only
// load with tsx's loader registered in it too (a worker does not inherit vitest's transform).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(fromSources ? './raw-decoder.worker.ts' : './raw-decoder.worker.js', import.meta.url);
const WORKER_EXEC_ARGV = fromSources ? ['--import', createRequire(import.meta.url).resolve('tsx')] : [];

let running = 0;

/** Decode workers alive right now (started and not yet exited). */
export function runningDecoders(): number {
  return running;
}

export async function decodeOffThread(
  format: RawFormat,
  bytes: Buffer,
  options: { maxPixels: number; timeoutMs: number },
): Promise<RawImage> {
  if (format === 'bmp') readBmpHeader(bytes, options.maxPixels);
  else checkHeifSize(bytes, options.maxPixels);

  const job: DecodeJob = { format, bytes: new Uint8Array(bytes), maxPixels: options.maxPixels };
  return new Promise<RawImage>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: job,
      execArgv: WORKER_EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: true,
      stderr: true,
    });
    running++;
    let answer: DecodeAnswer | undefined;
    let failure: DecodeError | undefined;
    const timer = setTimeout(() => {
      failure = new DecodeError(`${format} decoding timed out`);
      void worker.terminate();
    }, options.timeoutMs);
    worker.once('message', (message: DecodeAnswer) => {
      clearTimeout(timer);
      answer = message;
      void worker.terminate();
    });
    worker.once('error', (error) => {
      failure ??= new DecodeError(`${format} decoding failed: ${error.message}`);
    });
    // settled only once the worker is gone, so a caller's concurrency gate bounds live workers
    worker.once('exit', (code) => {
      clearTimeout(timer);
      running--;
      if (failure) return reject(failure);
      if (!answer) return reject(new DecodeError(`${format} decoder stopped (${code})`));
      if ('error' in answer) return reject(new DecodeError(answer.error));
      const { data, width, height, channels } = answer.image;
      if (width * height > options.maxPixels || data.byteLength !== width * height * channels) {
        return reject(new DecodeError(`${format} decoder answered a malformed image`));
      }
      resolve({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels });
    });
  });
}
