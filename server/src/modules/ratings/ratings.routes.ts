import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, MESSAGES, PostDto, RateBody } from '@plates/common';
import type { RateLimits } from '../../config.js';
import { memberOf, signedIn } from '../../plugins/authentication.js';
import { limited, memberWriteLimits, type RateLimitStore } from '../../plugins/rate-limits.js';
import type { RatingsService } from './ratings.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function ratingsRoutes(options: { ratings: RatingsService; limits: RateLimits; store: RateLimitStore }) {
  const { ratings, limits, store } = options;
  const member = memberWriteLimits(limits);
  const countRating = limited(store, MESSAGES.ratingRateLimited, [member.ratings]);
  const countComment = limited(store, MESSAGES.commentRateLimited, [member.comments]);
  /** A rating counts as a rating, a comment as a comment (on the counter replies share), both as both. */
  const rateLimit = async (request: FastifyRequest<{ Body: RateBody }>, reply: FastifyReply) => {
    if (request.body.rating !== undefined) await countRating.call(request.server, request, reply);
    if (request.body.comment !== undefined) await countComment.call(request.server, request, reply);
  };
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
        preHandler: rateLimit,
      },
      async (request) => {
        return ratings.rate(request.params.id, memberOf(request), request.body);
      },
    );
  };
}
