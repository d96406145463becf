import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { analyzeImage, backboneFeatures, type PartTimings } from './analyze.js';
import { loadedModels } from './models.js';
import type { WorkerAnswer, WorkerRequest } from './pool.js';

/** The worker side of pool.ts: answers each request by its id; models load on the first request that needs them. */
const port = parentPort;
if (!port) throw new Error('pool.worker.ts runs only as a worker thread');

// Analysis yields the CPU to requests: this thread alone (Linux names it /proc/<pid>/task/<tid>;
// setpriority on a thread id changes that thread only) runs at the lowest priority. Elsewhere, or
// where it is refused, it runs as it is.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
} catch {
  // not Linux, or not allowed: normal priority
}

port.on('message', (request: WorkerRequest) => {
  void answer(request).then((message) => port.postMessage(message));
});

async function answer(request: WorkerRequest): Promise<WorkerAnswer> {
  try {
    switch (request.type) {
      case 'analyze': {
        const timings: PartTimings = {};
        const result = await analyzeImage(request.image, request.parts, request.thresholds, timings);
        return { id: request.id, result, timings, models: loadedModels() };
      }
      case 'features':
        return { id: request.id, features: Array.from(await backboneFeatures(request.image)), models: loadedModels() };
      case 'models':
        return { id: request.id, models: loadedModels() };
    }
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error), models: loadedModels() };
  }
}
