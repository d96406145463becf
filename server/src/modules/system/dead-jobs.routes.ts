import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeadJobActionResponse, DeadJobParams, DeadJobsResponse } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { DeadJobsService } from './dead-jobs.service.js';

/** The permission of /admin/system itself: whoever sees the page may act on its dead letters. */
const config = { permission: 'view_dashboard' } as const;

export function deadJobsRoutes(options: { deadJobs: DeadJobsService }) {
  const { deadJobs } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/system/jobs/dead',
      {
        schema: {
          tags: ['admin'],
          summary: 'Jobs that failed on every attempt (newest first, 100 at most): kind, what they were about, the last error',
          response: { 200: DeadJobsResponse, ...errorResponses(401, 403, 429) },
        },
        config,
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return deadJobs.list();
      },
    );

    r.post(
      '/api/admin/system/jobs/dead/:id/retry',
      {
        schema: {
          tags: ['admin'],
          summary: 'Queue a dead job again with fresh attempts (audited)',
          params: DeadJobParams,
          response: { 200: DeadJobActionResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
        config,
      },
      async (request) => deadJobs.retry(staffOf(request), request.params.id, metaOf(request)),
    );

    r.delete(
      '/api/admin/system/jobs/dead/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Drop a dead job for good (audited)',
          params: DeadJobParams,
          response: { 200: DeadJobActionResponse, ...errorResponses(400, 401, 403, 404, 429) },
        },
        config,
      },
      async (request) => deadJobs.discard(staffOf(request), request.params.id, metaOf(request)),
    );
  };
}
