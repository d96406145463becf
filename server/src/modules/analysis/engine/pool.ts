// STAND-IN (feat/analysis-server only): the real engine (a pool of worker threads running the tfjs
// models) is built on its own branch and replaces this file on merge. Same signature, no models.
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoAnalyzer } from './types.js';

export function createPhotoAnalyzer(options: { workers?: number; queueLimit?: number; logger?: FastifyBaseLogger } = {}): PhotoAnalyzer {
  void options;
  return {
    analyze() {
      return Promise.reject(new Error('the photo analysis engine is not built on this branch'));
    },
    stats() {
      return { queued: 0, running: 0, workers: 0 };
    },
    async close() {},
  };
}
