import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContentFilterBody,
  ContentFilterDto,
  ContentFiltersResponse,
  ContentFilterTestBody,
  ContentFilterTestResponse,
  FilterHitsResponse,
  IdParams,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { ContentFilters } from './content-filters.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The content filters (manage_filters) and the hits recorded on a pending plate (review_posts). */
export function contentFiltersRoutes(options: { filters: ContentFilters }) {
  const { filters } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/content-filters',
      {
        schema: { tags: ['admin'], summary: 'Every content filter, by name', response: { 200: ContentFiltersResponse, ...errors } },
        config: { permission: 'manage_filters' },
      },
      async () => ({ filters: await filters.list() }),
    );

    r.post(
      '/api/admin/content-filters',
      {
        schema: {
          tags: ['admin'],
          summary: 'Add a content filter; a pattern that is invalid or could take long to match is refused (400 on pattern)',
          body: ContentFilterBody,
          response: { 201: ContentFilterDto, ...errors },
        },
        config: { permission: 'manage_filters' },
      },
      async (request, reply) => reply.code(201).send(await filters.save(staffOf(request), null, request.body, metaOf(request))),
    );

    r.post(
      '/api/admin/content-filters/test',
      {
        schema: {
          tags: ['admin'],
          summary: 'Which filters (active or not) match a text, with the matching parts; nothing is recorded',
          body: ContentFilterTestBody,
          response: { 200: ContentFilterTestResponse, ...errors },
        },
        config: { permission: 'manage_filters' },
      },
      async (request) => filters.test(request.body.text),
    );

    r.put(
      '/api/admin/content-filters/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Replace a content filter (all fields); applies at once',
          params: IdParams,
          body: ContentFilterBody,
          response: { 200: ContentFilterDto, ...errors },
        },
        config: { permission: 'manage_filters' },
      },
      async (request) => filters.save(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.delete(
      '/api/admin/content-filters/:id',
      {
        schema: { tags: ['admin'], summary: 'Delete a content filter', params: IdParams, response: { 204: z.null(), ...errors } },
        config: { permission: 'manage_filters' },
      },
      async (request, reply) => {
        await filters.remove(staffOf(request), request.params.id, metaOf(request));
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/api/admin/posts/:id/filter-hits',
      {
        schema: {
          tags: ['admin'],
          summary: "Content filter hits recorded on a plate's title and description, newest first, with the matching parts",
          params: IdParams,
          response: { 200: FilterHitsResponse, ...errors },
        },
        config: { permission: 'review_posts' },
      },
      async (request) => ({ hits: await filters.hitsOn('post', request.params.id) }),
    );
  };
}
