import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StatsQuery, StatsResponse } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import type { DashboardService } from './dashboard.service.js';

const errors = errorResponses(400, 401, 403, 429);

/** /admin: the dashboard's figures (view_dashboard). */
export function dashboardRoutes(options: { dashboard: DashboardService }) {
  const { dashboard } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/stats',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Daily figures of the last 7, 30 or 90 UTC days (zeros included), their totals against the period before, and the age of the oldest item in each queue',
          querystring: StatsQuery,
          response: { 200: StatsResponse, ...errors },
        },
        config: { permission: 'view_dashboard' },
      },
      async (request) => dashboard.stats(request.query.days),
    );
  };
}
