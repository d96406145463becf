import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkBatchesQuery,
  BulkBatchesResponse,
  BulkPreviewBody,
  BulkPreviewResponse,
  BulkRunBody,
  BulkRunResponse,
  BulkUndoResponse,
  IdParams,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { BulkOpsService } from './bulk-ops.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const config = { permission: 'run_bulk_ops' } as const;

/** /admin/bulk-ops' API (run_bulk_ops): dry run, run, the batches, undo within 24 hours. */
export function bulkOpsRoutes(options: { bulkOps: BulkOpsService }) {
  const { bulkOps } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/admin/bulk-ops/preview',
      {
        schema: {
          tags: ['admin'],
          summary: 'Dry run: how many items the filter selects for the action and the first ten, with what each would become; nothing changes',
          body: BulkPreviewBody,
          response: { 200: BulkPreviewResponse, ...errors },
        },
        config,
      },
      async (request) => bulkOps.preview(staffOf(request), request.body),
    );

    r.post(
      '/api/admin/bulk-ops',
      {
        schema: {
          tags: ['admin'],
          summary: 'Run a batch on the selection (refused with 409 when it grew beyond the count seen): one transaction, one audit row',
          body: BulkRunBody,
          response: { 201: BulkRunResponse, ...errors },
        },
        config,
      },
      async (request, reply) => reply.code(201).send(await bulkOps.run(staffOf(request), request.body, metaOf(request))),
    );

    r.get(
      '/api/admin/bulk-ops',
      {
        schema: { tags: ['admin'], summary: 'Batches, newest first', querystring: BulkBatchesQuery, response: { 200: BulkBatchesResponse, ...errors } },
        config,
      },
      async (request) => bulkOps.list(request.query.cursor),
    );

    r.post(
      '/api/admin/bulk-ops/:id/undo',
      {
        schema: {
          tags: ['admin'],
          summary: 'Undo a batch once, within 24 hours: items put back as they were, those changed since skipped and named',
          params: IdParams,
          response: { 200: BulkUndoResponse, ...errors },
        },
        config,
      },
      async (request) => bulkOps.undo(staffOf(request), request.params.id, metaOf(request)),
    );
  };
}
