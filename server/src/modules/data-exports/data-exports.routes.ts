import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminDataExportsQuery,
  AdminDataExportsResponse,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_REQUESTS_PER_DAY,
  DataExportActionResponse,
  DataExportDto,
  DataExportTokenParams,
  IdParams,
  MyDataExportsResponse,
} from '@plates/common';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { memberOf, requireUser, signedIn } from '../../plugins/authentication.js';
import { limited, perMember, type RateLimitStore } from '../../plugins/rate-limits.js';
import { staffOf } from '../admin/permissions.js';
import type { DataExportsService } from './data-exports.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** A member asks at most this many times a day (refused asks count too). */
export const DATA_EXPORT_REQUEST_LIMIT = { max: DATA_EXPORT_REQUESTS_PER_DAY, windowMs: 86_400_000 };

/** The zip, streamed from disk, saved by the browser under its name; never cached on the way. */
function sendZip(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; size: number; fileName: string }) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** The download link needs its owner signed in; a visitor is told so in the catalogue's words. */
function ownerOf(request: FastifyRequest) {
  if (!request.auth && !request.sessionToken) throw new AppError('UNAUTHORIZED', DATA_EXPORT_MESSAGES.signInToDownload);
  requireUser(request);
  return memberOf(request);
}

/** Data exports: the member's requests and downloads, the mail link, and the admin queue (manage_users). */
export function dataExportsRoutes(options: { dataExports: DataExportsService; store: RateLimitStore; requestLimit?: { max: number; windowMs: number } }) {
  const { dataExports, store } = options;
  const limit = options.requestLimit ?? DATA_EXPORT_REQUEST_LIMIT;
  const requestLimit = limited(store, DATA_EXPORT_MESSAGES.rateLimited, [perMember('data-export-request', limit.max, limit.windowMs)]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/user/data-exports',
      {
        schema: { tags: ['users'], summary: 'Your latest data exports with their status, and whether you may ask for one now', response: { 200: MyDataExportsResponse, ...errors } },
        preValidation: signedIn,
      },
      async (request) => dataExports.mine(memberOf(request)),
    );

    r.post(
      '/api/user/data-exports',
      {
        schema: {
          tags: ['users'],
          summary: `Ask for a zip of your data (built in the background, then mailed as a link); one open request at a time, ${DATA_EXPORT_REQUESTS_PER_DAY} a day`,
          response: { 202: DataExportDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: requestLimit,
      },
      async (request, reply) => reply.code(202).send(await dataExports.request(memberOf(request))),
    );

    r.delete(
      '/api/user/data-exports/:id',
      {
        schema: { tags: ['users'], summary: 'Delete your ready export now (its file and link)', params: IdParams, response: { 200: DataExportActionResponse, ...errors } },
        preValidation: signedIn,
      },
      async (request) => dataExports.remove(memberOf(request), request.params.id),
    );

    r.get(
      '/api/user/data-exports/:id/download',
      {
        schema: { tags: ['users'], summary: 'Download your ready export (the Settings button)', params: IdParams, response: errors },
        preValidation: signedIn,
      },
      async (request, reply) => {
        return sendZip(reply, await dataExports.byId(ownerOf(request), request.params.id));
      },
    );

    r.get(
      '/api/data-exports/:token/status',
      {
        schema: {
          tags: ['users'],
          summary: "The mail link's page: the export's state for its signed-in owner; 404 to anyone else",
          params: DataExportTokenParams,
          response: { 200: DataExportDto, ...errors },
        },
      },
      async (request) => dataExports.statusByToken(ownerOf(request), request.params.token),
    );

    r.get(
      '/api/data-exports/:token',
      {
        schema: {
          tags: ['users'],
          summary: "The mailed download link: streams the zip to the export's owner, signed in; 404 unknown, 410 expired or deleted",
          params: DataExportTokenParams,
          response: errors,
        },
      },
      async (request, reply) => {
        return sendZip(reply, await dataExports.byToken(ownerOf(request), request.params.token));
      },
    );

    r.get(
      '/api/admin/data-exports',
      {
        schema: { tags: ['admin'], summary: 'Data export requests, newest first, with member, status, times, attempts and error', querystring: AdminDataExportsQuery, response: { 200: AdminDataExportsResponse, ...errors } },
        config: { permission: 'manage_users' },
      },
      async (request) => dataExports.queue(request.query),
    );

    r.post(
      '/api/admin/data-exports/:id/retry',
      {
        schema: { tags: ['admin'], summary: 'Queue a failed export again (audited); the member gets the link when it is built', params: IdParams, response: { 200: DataExportActionResponse, ...errors } },
        config: { permission: 'manage_users' },
      },
      async (request) => dataExports.retry(staffOf(request), request.params.id, metaOf(request)),
    );
  };
}
