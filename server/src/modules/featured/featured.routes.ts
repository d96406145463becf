import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminFeaturedDto, AdminFeaturedQuery, AdminFeaturedResponse, FeaturedPatch, FeaturedPostsResponse, FeaturePostBody, IdParams } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { viewerOf } from '../../plugins/authentication.js';
import { staffOf } from '../admin/permissions.js';
import type { FeaturedService } from './featured.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The Featured row (everyone) and featuring plates (manage_content). */
export function featuredRoutes(options: { featured: FeaturedService }) {
  const { featured } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/posts/featured',
      {
        schema: {
          tags: ['posts'],
          summary: 'The Featured row: featured, unexpired plates the viewer may see (the feed’s rules), highest priority first, then newest',
          response: { 200: FeaturedPostsResponse, ...errors },
        },
      },
      async (request) => featured.row(viewerOf(request)),
    );

    r.get(
      '/api/admin/featured',
      {
        schema: {
          tags: ['admin'],
          summary: 'Featured plates: current ones by priority, or past ones (expired or unfeatured), in pages',
          querystring: AdminFeaturedQuery,
          response: { 200: AdminFeaturedResponse, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => featured.adminList(request.query),
    );

    r.post(
      '/api/admin/featured',
      {
        schema: {
          tags: ['admin'],
          summary: 'Feature an approved plate everyone may see; its cook is told',
          body: FeaturePostBody,
          response: { 201: AdminFeaturedDto, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request, reply) => reply.code(201).send(await featured.feature(staffOf(request), request.body, metaOf(request))),
    );

    r.patch(
      '/api/admin/featured/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a current featuring's priority, reason or expiry",
          params: IdParams,
          body: FeaturedPatch,
          response: { 200: AdminFeaturedDto, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => featured.update(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.post(
      '/api/admin/featured/:id/unfeature',
      {
        schema: {
          tags: ['admin'],
          summary: 'Take a plate out of the Featured row (kept as history)',
          params: IdParams,
          response: { 200: AdminFeaturedDto, ...errors },
        },
        config: { permission: 'manage_content' },
      },
      async (request) => featured.unfeature(staffOf(request), request.params.id, metaOf(request)),
    );
  };
}
