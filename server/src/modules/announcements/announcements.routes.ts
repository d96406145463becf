import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAnnouncementDto,
  AdminAnnouncementsResponse,
  AnnouncementBody,
  AnnouncementPatch,
  AnnouncementsResponse,
  IdParams,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { memberOf, signedIn, viewerOf } from '../../plugins/authentication.js';
import { staffOf } from '../admin/permissions.js';
import type { AnnouncementsService } from './announcements.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Announcements: the viewer's active ones, dismissing one, and the admin's list and changes (manage_announcements). */
export function announcementsRoutes(options: { announcements: AnnouncementsService }) {
  const { announcements } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/announcements',
      {
        schema: {
          tags: ['announcements'],
          summary: "The viewer's active announcements (their audiences, within their schedule, minus the dismissed), pinned first, then newest",
          response: { 200: AnnouncementsResponse, ...errors },
        },
      },
      // Visitors' answer is one for all and kept 30 s in memory (not in HTTP caches: a visitor who
      // signs in must not be served it); a change on this instance drops it at once.
      async (request) => announcements.listFor(viewerOf(request)),
    );

    r.post(
      '/api/announcements/:id/dismiss',
      {
        schema: {
          tags: ['announcements'],
          summary: 'The member no longer sees this announcement (on any device); a second time changes nothing',
          params: IdParams,
          response: { 204: z.null(), ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        await announcements.dismiss(memberOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/api/admin/announcements',
      {
        schema: {
          tags: ['admin'],
          summary: 'Every announcement (active, scheduled, expired and inactive), newest first',
          response: { 200: AdminAnnouncementsResponse, ...errors },
        },
        config: { permission: 'manage_announcements' },
      },
      async () => ({ announcements: await announcements.adminList() }),
    );

    r.post(
      '/api/admin/announcements',
      {
        schema: {
          tags: ['admin'],
          summary: 'Add an announcement; an active showAsAlert one is pushed as system_message to its signed-in audience',
          body: AnnouncementBody,
          response: { 201: AdminAnnouncementDto, ...errors },
        },
        config: { permission: 'manage_announcements' },
      },
      async (request, reply) => reply.code(201).send(await announcements.create(staffOf(request), request.body, metaOf(request))),
    );

    r.patch(
      '/api/admin/announcements/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Change some fields of an announcement (isActive switches it on or off); pushed again when it is an active alert',
          params: IdParams,
          body: AnnouncementPatch,
          response: { 200: AdminAnnouncementDto, ...errors },
        },
        config: { permission: 'manage_announcements' },
      },
      async (request) => announcements.update(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.delete(
      '/api/admin/announcements/:id',
      {
        schema: { tags: ['admin'], summary: 'Delete an announcement', params: IdParams, response: { 204: z.null(), ...errors } },
        config: { permission: 'manage_announcements' },
      },
      async (request, reply) => {
        await announcements.remove(staffOf(request), request.params.id, metaOf(request));
        return reply.code(204).send(null);
      },
    );
  };
}
