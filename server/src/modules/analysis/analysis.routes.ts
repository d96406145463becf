import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminAiResponse,
  AiPartBody,
  AiThresholdsBody,
  AnalysisPhotoFields,
  ErrorBody,
  MESSAGES,
  PhotoAnalysis,
  SimilarPlatesParams,
  SimilarPlatesQuery,
  SimilarPlatesResponse,
} from '@plates/common';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { signedIn, viewerOf } from '../../plugins/authentication.js';
import { limited, perMember, type RateLimitStore } from '../../plugins/rate-limits.js';
import { staffOf } from '../admin/permissions.js';
import { parseFields, readImageUpload } from '../media/multipart.js';
import type { AnalysisService } from './analysis.service.js';

const photoErrors = errorResponses(400, 401, 413, 415, 429, 503);
const adminErrors = errorResponses(400, 401, 403, 404, 429);

/** Photo analysis: the upload dialog's instant answer, similar plates, and /admin/ai. */
export function analysisRoutes(options: {
  analysis: AnalysisService;
  store: RateLimitStore;
  limit: { max: number; windowMs: number };
  /** The largest photo a plate may have, in bytes (the admin's setting), read on every call. */
  maxUploadBytes: () => number;
}) {
  const { analysis } = options;
  const analysisLimit = limited(options.store, MESSAGES.rateLimited, [perMember('analysis-user', options.limit.max, options.limit.windowMs)]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/analysis/photo',
      {
        schema: {
          tags: ['analysis'],
          summary:
            'Analyse a photo before posting (multipart: image, optional title and description): quality score and tips, food found, up to 3 cuisines, adult content hold; a part switched off is null. Nothing is stored.',
          consumes: ['multipart/form-data'],
          response: { 200: PhotoAnalysis, ...photoErrors },
        },
        preValidation: signedIn,
        preHandler: analysisLimit,
      },
      async (request, reply) => {
        const upload = await readImageUpload(request, reply, { maxBytes: options.maxUploadBytes() });
        const fields = parseFields(AnalysisPhotoFields, upload.fields);
        return analysis.analysePhoto(upload.bytes, fields);
      },
    );

    r.get(
      '/api/posts/:id/similar',
      {
        schema: {
          tags: ['posts'],
          summary: 'Visible plates whose photos look most like this one, nearest first (none when similar plates are switched off)',
          params: SimilarPlatesParams,
          querystring: SimilarPlatesQuery,
          response: { 200: SimilarPlatesResponse, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => ({ posts: await analysis.similar(request.params.id, viewerOf(request), request.query.limit) }),
    );

    r.get(
      '/api/admin/ai',
      {
        schema: {
          tags: ['admin'],
          summary: 'The photo analyses: switches, thresholds and figures',
          response: { 200: AdminAiResponse, ...adminErrors },
        },
        config: { permission: 'manage_settings' },
      },
      async () => analysis.overview(),
    );

    r.put(
      '/api/admin/ai/parts/:name',
      {
        schema: {
          tags: ['admin'],
          summary: 'Switch one analysis on or off (audited); applies from the next photo on every instance',
          params: z.object({ name: z.string().max(100) }),
          body: AiPartBody,
          response: { 200: AdminAiResponse, ...adminErrors },
        },
        config: { permission: 'manage_settings' },
      },
      async (request) => analysis.setPart(staffOf(request), request.params.name, request.body.enabled, metaOf(request)),
    );

    r.put(
      '/api/admin/ai/thresholds',
      {
        schema: {
          tags: ['admin'],
          summary: 'The hold and food thresholds in percent, within safe bounds (audited)',
          body: AiThresholdsBody,
          response: { 200: AdminAiResponse, ...adminErrors },
        },
        config: { permission: 'manage_settings' },
      },
      async (request) => analysis.setThresholds(staffOf(request), request.body, metaOf(request)),
    );

    r.post(
      '/api/admin/ai/backfill',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Start analysing the approved plates posted before analysis existed, newest first, one at a time while uploads leave the pool idle (audited; one run per instance)',
          response: { 200: AdminAiResponse, ...adminErrors, 409: ErrorBody },
        },
        config: { permission: 'manage_settings' },
      },
      async (request) => analysis.startBackfill(staffOf(request), metaOf(request)),
    );

    r.delete(
      '/api/admin/ai/backfill',
      {
        schema: {
          tags: ['admin'],
          summary: 'Stop analysing earlier plates after the plate in hand (audited when a run was going)',
          response: { 200: AdminAiResponse, ...adminErrors },
        },
        config: { permission: 'manage_settings' },
      },
      async (request) => analysis.stopBackfill(staffOf(request), metaOf(request)),
    );
  };
}
