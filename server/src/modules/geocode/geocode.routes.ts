import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ReverseGeocodeQuery, ReverseGeocodeResponse } from '@plates/common';
import type { Geocoder } from './geocoder.js';

export function geocodeRoutes(options: { geocoder: Geocoder }) {
  const { geocoder } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/api/geocode/reverse',
      {
        schema: {
          tags: ['geocode'],
          summary: 'A place name for a position (offline): city, else region, else country, else "Unknown location"',
          querystring: ReverseGeocodeQuery,
          response: { 200: ReverseGeocodeResponse, 400: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, max-age=3600');
        return { location: await geocoder.reverse(request.query.lat, request.query.lon) };
      },
    );
  };
}
