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
      async (request) => search.search(viewerOf(request), request.query),
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
      async (request) => search.advanced(viewerOf(request), request.query),
    );
  };
}
