import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CommunityStats, ErrorBody, HealthResponse, MaintenanceResponse, MESSAGES, SiteInfo, SystemReport } from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import type { SystemReportService } from './system-report.service.js';
import type { SystemService } from './system.service.js';

export function systemRoutes(options: { system: SystemService; report: SystemReportService }) {
  const { system, report } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: 200 once the database is reachable and migrated',
          response: { 200: HealthResponse, 503: ErrorBody },
        },
      },
      async (_request, reply) => {
        if (await system.healthy()) return { status: 'ok' as const };
        return reply
          .code(503)
          .send({ message: 'Service temporarily unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' });
      },
    );

    r.get(
      '/api/health/live',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: 200 while the process runs and its event loop answers (nothing else is checked)',
          response: { 200: HealthResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    r.get(
      '/api/health/ready',
      {
        schema: {
          tags: ['system'],
          summary:
            'Readiness, for a load balancer: 200 when the database (and Redis, when configured) answer and the instance is not draining; 503 otherwise',
          response: { 200: HealthResponse, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const reason = await system.notReadyBecause();
        if (!reason) return { status: 'ok' as const };
        if (reason !== 'draining') request.log.warn({ reason }, 'readiness: not ready');
        return reply.code(503).send({
          message: reason === 'draining' ? MESSAGES.shuttingDown : 'Service temporarily unavailable. Please try again in a moment.',
          code: 'SERVICE_UNAVAILABLE',
        });
      },
    );

    r.get(
      '/api/system/maintenance',
      {
        schema: { tags: ['system'], summary: 'Whether maintenance mode is on, and whether registration is open, by approval or closed', response: { 200: MaintenanceResponse } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const maintenance = await system.isMaintenance();
        const registration = system.registrationMode();
        return maintenance ? { maintenance, message: MESSAGES.maintenance, registration } : { maintenance, registration };
      },
    );

    r.get(
      '/api/site',
      {
        schema: { tags: ['system'], summary: "The site's name, contact address and largest photo (the admin's site settings)", response: { 200: SiteInfo } },
      },
      async (_request, reply) => {
        // A settings change shows within a minute.
        reply.header('cache-control', 'public, max-age=60');
        return system.site();
      },
    );

    r.get(
      '/api/stats/community',
      {
        schema: {
          tags: ['system'],
          summary: 'Real community numbers for the sign-in page',
          response: { 200: CommunityStats },
        },
      },
      async () => system.communityStats(),
    );

    r.get(
      '/api/admin/system',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The service from its own measurements over the last hour (every instance merged): requests, latency percentiles and errors per route, instances, database, Redis, uploads',
          response: { 200: SystemReport, ...errorResponses(401, 403, 429) },
        },
        config: { permission: 'view_dashboard' },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return report.report();
      },
    );
  };
}
