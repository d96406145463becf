import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, MESSAGES, ReportBody, ReportResponse } from '@plates/common';
import type { RateLimits } from '../../config.js';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import { limited, type RateLimitStore } from '../../plugins/rate-limits.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(options: { reports: ReportsService; limits: RateLimits; store: RateLimitStore }) {
  const { reports, limits, store } = options;
  // Counted per signed-in user (the pre-validation hook has already turned guests away).
  const reportLimit = limited(store, MESSAGES.rateLimited, [
    {
      name: 'report-user',
      max: limits.reportsPerUser,
      windowMs: limits.reportWindowMs,
      key: (request) => (request.auth ? `u${request.auth.user.id}` : undefined),
    },
  ]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/reports',
      {
        schema: {
          tags: ['reports'],
          summary: 'Report a plate or a user; a repeat of an open report answers 200 with the same id',
          body: ReportBody,
          response: {
            200: ReportResponse,
            201: ReportResponse,
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            429: ErrorBody,
          },
        },
        preValidation: signedIn,
        preHandler: reportLimit,
      },
      async (request, reply) => {
        const { user } = requireUser(request);
        const body = request.body as ReportBody & { details: string | null };
        const { created, answer } = await reports.submit(
          { id: user.id, isAdmin: user.isAdmin },
          { targetId: Number(body.targetId), targetType: body.targetType, reason: body.reason, details: body.details },
        );
        return reply.code(created ? 201 : 200).send(answer);
      },
    );
  };
}
