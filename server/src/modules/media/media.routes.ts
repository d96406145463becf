import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import { IMMUTABLE_CACHE_CONTROL, type ImageStorage, type LocalImageStorage } from '../../lib/storage/index.js';
import { MEDIA_MESSAGES } from './media.messages.js';
import { IMAGE_KEY } from './media.service.js';

// Candidates for common/src/schemas/media.ts (kept here while common/ is someone else's change).
export const RefreshImageUrlQuery = z.object({ imageUrl: z.string().trim().min(1).max(4096) });
export type RefreshImageUrlQuery = z.infer<typeof RefreshImageUrlQuery>;
export const RefreshImageUrlResponse = z.object({ url: z.string() });
export type RefreshImageUrlResponse = z.infer<typeof RefreshImageUrlResponse>;

/**
 * Serves stored images from local disk (`GET /uploads/*`, only when storage is local) and hands
 * out fresh URLs for stored images (`GET /api/images/refresh-url`). Uploading itself belongs to
 * the routes that create posts and profile images, through `readImageUpload` and `media`.
 */
export function mediaRoutes(options: { storage: ImageStorage }) {
  const { storage } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    if (isLocal(storage)) {
      const read = storage.read.bind(storage);
      r.get(
        `${storage.publicPrefix}/*`,
        { schema: { hide: true } },
        async (request, reply) => {
          const key = (request.params as { '*'?: string })['*'] ?? '';
          const file = IMAGE_KEY.test(key) ? await read(key) : undefined;
          if (!file) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.imageNotFound);
          return reply
            .header('cache-control', IMMUTABLE_CACHE_CONTROL)
            .header('content-type', file.contentType)
            .header('content-length', String(file.size))
            .header('x-content-type-options', 'nosniff')
            .send(file.stream);
        },
      );
    }

    r.get(
      '/api/images/refresh-url',
      {
        schema: {
          tags: ['images'],
          summary: 'A fresh URL for a stored image whose link has expired',
          querystring: RefreshImageUrlQuery,
          response: { 200: RefreshImageUrlResponse, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { imageUrl } = request.query;
        const key = storage.keyFromUrl(imageUrl);
        if (!key || !IMAGE_KEY.test(key)) throw new AppError('BAD_REQUEST', MEDIA_MESSAGES.notOurImage, 'imageUrl');
        if (!(await storage.exists(key))) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.imageNotFound, 'imageUrl');
        reply.header('cache-control', 'no-store');
        // local URLs never expire: the same URL back; S3 URLs are signed afresh
        return { url: storage.kind === 'local' ? imageUrl : await storage.url(key) };
      },
    );
  };
}

function isLocal(storage: ImageStorage): storage is LocalImageStorage {
  return storage.kind === 'local' && typeof storage.read === 'function' && 'publicPrefix' in storage;
}
