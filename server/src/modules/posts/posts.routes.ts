import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  CreatePostFields,
  ErrorBody,
  FeedQuery,
  FeedResponse,
  IdParams,
  MESSAGES,
  MessageResponse,
  PageQuery,
  PendingPostsQuery,
  PendingPostsResponse,
  PostDto,
  PostNeighbors,
  RejectBody,
  TopRatedQuery,
  UpdatePostBody,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { WRITE_ERRORS } from '../../lib/error-responses.js';
import { limited, memberWriteLimits, type RateLimitStore } from '../../plugins/rate-limits.js';
import { metaOf } from '../../lib/request-meta.js';
import { memberOf, signedIn, viewerOf } from '../../plugins/authentication.js';
import { moderatorView, staffOf } from '../admin/permissions.js';
import type { MediaService } from '../media/media.service.js';
import { parseFields, readImageUpload } from '../media/multipart.js';
import type { PostsService } from './posts.service.js';

const errors = WRITE_ERRORS;



/** Plates: feed, detail, upload, edit, delete, saves, cuisines, top rated and moderation. */
export function postsRoutes(options: {
  posts: PostsService;
  media: MediaService;
  limits: RateLimits;
  store: RateLimitStore;
  /** The largest photo a plate may have, in bytes, read on every upload (an admin setting). */
  maxUploadBytes?: () => number;
}) {
  const { posts, media, limits, store } = options;
  const countUpload = limited(store, MESSAGES.uploadRateLimited, [
    {
      name: 'upload-user',
      // Read on every request: plates per hour is an admin setting (app.ts's live rate limits).
      get max() {
        return limits.uploadsPerUser;
      },
      windowMs: limits.uploadWindowMs,
      key: (request) => (request.auth ? `u${request.auth.user.id}` : undefined),
    },
  ]);
  // Saving and unsaving are taps, counted with hearts, blocks and reactions per member.
  const tapLimit = limited(store, MESSAGES.rateLimited, [memberWriteLimits(limits).taps]);
  /** Counted before any of the body is read; a refused upload closes the connection on its unread body. */
  const uploadLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await countUpload.call(request.server, request, reply);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  };

  /**
   * An answer already serialised from the route's own schema (the post cards): a Buffer is sent as
   * it is, and the type provider only knows the object form of the answer.
   */
  const sendJson = <T>(reply: FastifyReply, bytes: Buffer): T => reply.type('application/json; charset=utf-8').send(bytes) as T;

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/posts',
      {
        schema: {
          tags: ['posts'],
          summary: 'The feed, newest first, a cursor page at a time (optionally one location)',
          querystring: FeedQuery,
          response: { 200: FeedResponse, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        // Visitors share one copy of each page, already serialised (posts.publicFeed); a member's
        // page is put together from the cards' JSON (posts.memberFeedJson).
        const bytes = viewer ? Buffer.from(await posts.memberFeedJson(viewer, request.query)) : await posts.publicFeed(request.query);
        return sendJson(reply, bytes);
      },
    );

    r.post(
      '/api/posts',
      {
        schema: {
          tags: ['posts'],
          summary:
            'Upload a plate (multipart: title, description, location, altText, categoryIds "1,4", image); pending until approved unless posted by an admin',
          consumes: ['multipart/form-data'],
          response: { 201: PostDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: uploadLimit,
      },
      async (request, reply) => {
        const author = memberOf(request);
        const upload = await readImageUpload(request, reply, options.maxUploadBytes ? { maxBytes: options.maxUploadBytes() } : {});
        const fields = parseFields(CreatePostFields, upload.fields);
        const post = await posts.create(author, fields, () => media.processUpload(upload.bytes, 'post'), upload.bytes);
        return reply.code(201).send(post);
      },
    );

    r.get(
      '/api/posts/:id',
      {
        schema: {
          tags: ['posts'],
          summary: 'One plate (pending and rejected ones only for their owner and admins)',
          params: IdParams,
          response: { 200: PostDto, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => sendJson(reply, Buffer.from(await posts.postJson(request.params.id, viewerOf(request)))),
    );

    r.get(
      '/api/posts/:id/neighbors',
      {
        schema: {
          tags: ['posts'],
          summary: 'The plates before (newer) and after (older) this one in the feed',
          params: IdParams,
          response: { 200: PostNeighbors, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => posts.neighbors(request.params.id, viewerOf(request)),
    );

    r.patch(
      '/api/posts/:id',
      {
        schema: {
          tags: ['posts'],
          summary: 'Edit your own plate',
          params: IdParams,
          body: UpdatePostBody,
          response: { 200: PostDto, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => posts.update(memberOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/posts/:id',
      {
        schema: {
          tags: ['posts'],
          summary: 'Delete your own plate (admins: any plate), with its image files',
          params: IdParams,
          response: { 200: MessageResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => posts.remove(memberOf(request), request.params.id),
    );

    r.post(
      '/api/posts/:id/saves',
      {
        schema: {
          tags: ['posts'],
          summary: 'Save a plate (saving twice is harmless)',
          params: IdParams,
          response: { 200: PostDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => posts.save(memberOf(request), request.params.id),
    );

    r.delete(
      '/api/posts/:id/saves',
      {
        schema: {
          tags: ['posts'],
          summary: 'Unsave a plate (unsaving twice is harmless)',
          params: IdParams,
          response: { 200: PostDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => posts.unsave(memberOf(request), request.params.id),
    );

    r.get(
      '/api/saved-posts',
      {
        schema: {
          tags: ['posts'],
          summary: 'Your saved plates, most recently saved first',
          querystring: PageQuery,
          response: { 200: FeedResponse, 400: ErrorBody, 401: ErrorBody },
        },
        preValidation: signedIn,
      },
      async (request) => posts.saved(memberOf(request), request.query),
    );

    r.get(
      '/api/categories',
      {
        schema: { tags: ['posts'], summary: 'The cuisines', response: { 200: z.array(Category) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return posts.listCategories();
      },
    );

    r.get(
      '/api/top-rated',
      {
        schema: {
          tags: ['posts'],
          summary: 'Best plates of the day, week or all time, by Bayesian average rating',
          querystring: TopRatedQuery,
          response: { 200: z.array(PostDto), 400: ErrorBody },
        },
      },
      async (request) => posts.topRated(viewerOf(request), request.query),
    );

    r.get(
      '/api/admin/posts/pending',
      {
        schema: {
          tags: ['admin'],
          summary: 'Plates awaiting approval, oldest first, 10 a page',
          querystring: PendingPostsQuery,
          response: { 200: PendingPostsResponse, ...errors },
        },
        config: { permission: 'review_posts' },
      },
      async (request) => posts.pending(moderatorView(staffOf(request)), request.query.page),
    );

    r.post(
      '/api/admin/posts/:id/approve',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve a plate: it goes live, the author earns points and is notified',
          params: IdParams,
          response: { 200: PostDto, ...errors },
        },
        config: { permission: 'review_posts' },
      },
      async (request) => posts.approve(staffOf(request), request.params.id, metaOf(request)),
    );

    r.post(
      '/api/admin/posts/:id/reject',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reject a plate with a reason the author is told',
          params: IdParams,
          body: RejectBody,
          response: { 200: PostDto, ...errors },
        },
        config: { permission: 'review_posts' },
      },
      async (request) => posts.reject(staffOf(request), request.params.id, request.body.reason, metaOf(request)),
    );
  };
}
