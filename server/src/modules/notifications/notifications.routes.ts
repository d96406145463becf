import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClearNotificationsResponse,
  ErrorBody,
  MarkNotificationsReadBody,
  MarkNotificationsReadResponse,
  NotificationsQuery,
  NotificationsResponse,
} from '@plates/common';
import { requireUser, signedIn } from '../../plugins/authentication.js';
import type { NotificationsService } from './notifications.service.js';

const errors = { 400: ErrorBody, 401: ErrorBody };

export function notificationsRoutes(options: { notifications: NotificationsService }) {
  const { notifications } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary: "A page of the viewer's notifications, newest first, with actors and the unread count",
          querystring: NotificationsQuery,
          response: { 200: NotificationsResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => notifications.list(requireUser(request).user.id, request.query),
    );

    r.post(
      '/api/notifications/read',
      {
        schema: {
          tags: ['notifications'],
          summary: "Mark one of the viewer's notifications read, or all of them when notificationId is absent",
          body: MarkNotificationsReadBody,
          response: { 200: MarkNotificationsReadResponse, ...errors, 404: ErrorBody },
        },
        preValidation: signedIn,
      },
      async (request) => notifications.markRead(requireUser(request).user.id, request.body?.notificationId),
    );

    r.post(
      '/api/notifications/clear',
      {
        schema: {
          tags: ['notifications'],
          summary: "Delete all of the viewer's notifications",
          response: { 200: ClearNotificationsResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => notifications.clear(requireUser(request).user.id),
    );
  };
}
