import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdvancedSearchQuery,
  AdvancedSearchResponse,
  ErrorBody,
  SearchQuery,
  SearchResponse,
} from '@plates/common';
import { viewerOf } from '../../plugins/authentication.js';
import type { SearchService } from './search.service.js';


/** Search: the header dropdown and /search (people and plates), /search/advanced (plates by filters). */
export function searchRoutes(options: { search: SearchService }) {
  const { search } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/search',
      {
        schema: {
          tags: ['search'],
          summary: 'People and approved plates matching the text, by relevance (tab=users or food: one group, both counted)',
          querystring: SearchQuery,
          response: { 200: SearchResponse, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer) return search.search(viewer, request.query);
        // Visitors share one copy of each answer, already serialised (search.visitorSearch); a
        // Buffer is sent as it is, the type provider only knows the object form of the answer.
        const bytes: unknown = await search.visitorSearch(request.query);
        return reply.type('application/json; charset=utf-8').send(bytes as SearchResponse);
      },
    );

    r.get(
      '/api/search/posts',
      {
        schema: {
          tags: ['search'],
          summary:
            'Approved plates by text and filters (location, author, rating range, date range, cuisines, image, location, comments), sorted and paged',
          querystring: AdvancedSearchQuery,
          response: { 200: AdvancedSearchResponse, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        if (viewer) return search.advanced(viewer, request.query);
        const bytes: unknown = await search.visitorAdvanced(request.query);
        return reply.type('application/json; charset=utf-8').send(bytes as AdvancedSearchResponse);
      },
    );
  };
}
