import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BurstsResponse, EvidenceQuery, EvidenceResponse, RingsResponse, SharedResponse, VoidRatingsBody, VoidRatingsResponse } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { RatingsAdminService } from './ratings-admin.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const config = { permission: 'review_ratings' } as const;

/** /admin/ratings' API (review_ratings): the three detectors, a finding's ratings, and the void. */
export function ratingsAdminRoutes(options: { ratingsAdmin: RatingsAdminService }) {
  const { ratingsAdmin } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/ratings/rings',
      {
        schema: { tags: ['admin'], summary: 'Members who rate each other far above their usual average: reciprocal pairs and rings', response: { 200: RingsResponse, ...errors } },
        config,
      },
      async () => ratingsAdmin.rings(),
    );

    r.get(
      '/api/admin/ratings/bursts',
      { schema: { tags: ['admin'], summary: 'Plates rated many times within a short window by new accounts', response: { 200: BurstsResponse, ...errors } }, config },
      async () => ratingsAdmin.bursts(),
    );

    r.get(
      '/api/admin/ratings/shared-accounts',
      { schema: { tags: ['admin'], summary: 'Accounts signed in from one IP address with one user agent', response: { 200: SharedResponse, ...errors } }, config },
      async () => ratingsAdmin.shared(),
    );

    r.get(
      '/api/admin/ratings/evidence',
      {
        schema: {
          tags: ['admin'],
          summary: "Star ratings by raterIds of authorIds' plates or of one plate, newest first",
          querystring: EvidenceQuery,
          response: { 200: EvidenceResponse, ...errors },
        },
        config,
      },
      async (request) => ratingsAdmin.evidence(request.query),
    );

    r.post(
      '/api/admin/ratings/void',
      {
        schema: {
          tags: ['admin'],
          summary: "Void ratings: plates recounted, the points they gave taken back, the members told, one audit row",
          body: VoidRatingsBody,
          response: { 200: VoidRatingsResponse, ...errors },
        },
        config,
      },
      async (request) => ratingsAdmin.void(staffOf(request), request.body, metaOf(request)),
    );
  };
}
