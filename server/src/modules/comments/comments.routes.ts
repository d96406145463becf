import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentsResponse, ErrorBody, HeartResponse, IdParams, MESSAGES, PageQuery, ReplyBody, ReplyDto } from '@plates/common';
import type { RateLimits } from '../../config.js';
import { memberOf, signedIn, viewerOf } from '../../plugins/authentication.js';
import { limited, memberWriteLimits, type RateLimitStore } from '../../plugins/rate-limits.js';
import type { CommentsService } from './comments.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
export function commentsRoutes(options: { comments: CommentsService; limits: RateLimits; store: RateLimitStore }) {
  const { comments, limits, store } = options;
  const member = memberWriteLimits(limits);
  // Replies share the comments' counter (a comment through the rate call counts there too).
  const replyLimit = limited(store, MESSAGES.commentRateLimited, [member.comments]);
  const heartLimit = limited(store, MESSAGES.rateLimited, [member.taps]);
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/posts/:id/comments',
      {
        schema: {
          tags: ['comments'],
          summary: "A page of a plate's comments, newest first, each with its replies oldest first",
          params: IdParams,
          querystring: PageQuery,
          response: { 200: CommentsResponse, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        return comments.list(request.params.id, viewer, request.query);
      },
    );

    r.post(
      '/api/comments/:id/replies',
      {
        schema: {
          tags: ['comments'],
          summary: 'Reply to a comment',
          params: IdParams,
          body: ReplyBody,
          response: { 201: ReplyDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: replyLimit,
      },
      async (request, reply) => {
        return reply.code(201).send(await comments.reply(request.params.id, memberOf(request), request.body.content));
      },
    );

    r.delete(
      '/api/comments/:id',
      {
        schema: {
          tags: ['comments'],
          summary: "Delete a comment (its author, the plate's owner or an admin); a star rating on the row stays",
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        await comments.deleteComment(request.params.id, memberOf(request));
        return reply.code(204).send(null);
      },
    );

    r.delete(
      '/api/replies/:id',
      {
        schema: {
          tags: ['comments'],
          summary: "Delete a reply (its author, the plate's owner or an admin)",
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        await comments.deleteReply(request.params.id, memberOf(request));
        return reply.code(204).send(null);
      },
    );

    for (const target of ['comments', 'replies'] as const) {
      for (const method of ['POST', 'DELETE'] as const) {
        r.route({
          method,
          url: `/api/${target}/:id/hearts`,
          schema: {
            tags: ['comments'],
            summary: `${method === 'POST' ? 'Heart' : 'Unheart'} a ${target === 'comments' ? 'comment' : 'reply'} (idempotent)`,
            params: IdParams,
            response: { 200: HeartResponse, ...errors },
          },
          preValidation: signedIn,
          preHandler: heartLimit,
          handler: async (request) => {
            const on = method === 'POST';
            return target === 'comments'
              ? comments.heartComment(request.params.id, memberOf(request), on)
              : comments.heartReply(request.params.id, memberOf(request), on);
          },
        });
      }
    }
  };
}
