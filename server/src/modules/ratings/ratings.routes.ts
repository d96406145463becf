import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, PostDto, RateBody } from '@plates/common';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import type { RatingsService } from './ratings.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function ratingsRoutes(options: { ratings: RatingsService }) {
  const { ratings } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/posts/:id/rate',
      {
        schema: {
          tags: ['ratings'],
          summary: 'Rate a plate 1-5 (replacing an earlier rating), add a top-level comment, or both',
          params: IdParams,
          body: RateBody,
          response: { 200: PostDto, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => {
        const { user } = requireUser(request);
        return ratings.rate(request.params.id, { id: user.id, isAdmin: user.isAdmin }, request.body);
      },
    );
  };
}
