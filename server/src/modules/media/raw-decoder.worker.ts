import { parentPort, workerData } from 'node:worker_threads';
import { decodeBmp } from './bmp.js';
import { decodeHeifPixels } from './heic.js';
import type { DecodeAnswer, DecodeJob } from './raw-decoder.js';

/** The worker side of raw-decoder.ts: decodes one image, posts its pixels (transferred) and ends. */
const job = workerData as DecodeJob;
const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);

function post(answer: DecodeAnswer, transfer: ArrayBuffer[] = []) {
  parentPort?.postMessage(answer, transfer);
}

try {
  const image = job.format === 'bmp' ? decodeBmp(bytes, job.maxPixels) : await decodeHeifPixels(bytes, job.maxPixels);
  const { buffer, byteOffset, byteLength } = image.data;
  // the decoders allocate the pixels on their own (never from Buffer's shared pool): hand them over
  const owned = byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer;
  post({ image }, owned ? [buffer] : []);
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) });
}
