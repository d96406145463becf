import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * Why the pipeline refused the bytes after sniffing them: SVG markup (script-capable), no image
 * format we take, or bytes that claim a format and do not decode as it (within the limits).
 */
export type UploadRefusal = 'svg' | 'unknown_type' | 'unreadable';

/** The 400 INVALID_FILE_TYPE of a refused upload, naming why (for `reportRefusedUploads`). */
export class RefusedUpload extends AppError {
  constructor(
    readonly refusal: UploadRefusal,
    message: string,
  ) {
    super('INVALID_FILE_TYPE', message);
  }
}

/**
 * Tells `report` of every upload the pipeline refused, with the request (the app writes them as
 * security events). Register before the routes: an `onError` hook reaches the routes after it.
 */
export function reportRefusedUploads(app: FastifyInstance, report: (request: FastifyRequest, refusal: UploadRefusal) => void): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof RefusedUpload) report(request, error.refusal);
  });
}
