import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReportsQuery,
  AdminReportsResponse,
  AppealBody,
  AppealDecisionBody,
  AppealsQuery,
  AppealsResponse,
  IdParams,
  HeldDecisionBody,
  HeldParams,
  HeldResponse,
  MESSAGES,
  ModerationTemplateBody,
  ModerationTemplateDto,
  ModerationTemplatesResponse,
  ResolveReportBody,
  ResolveReportResponse,
  StrikeDto,
  StrikesResponse,
  UserActionBody,
  UserActionResponse,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { memberOrAppealOf, signedInOrAppeal } from '../../plugins/authentication.js';
import { limited, type RateLimitStore } from '../../plugins/rate-limits.js';
import { staffOf } from '../admin/permissions.js';
import type { ModerationService } from './moderation.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The reports queue, member actions, and members' own strikes and appeals. */
export function moderationRoutes(options: { moderation: ModerationService; limits: RateLimits; store: RateLimitStore }) {
  const { moderation, limits, store } = options;
  const appealLimit = limited(store, MESSAGES.rateLimited, [
    {
      name: 'appeal-user',
      max: limits.reportsPerUser,
      windowMs: limits.reportWindowMs,
      key: (request) => {
        const id = request.auth?.user.id ?? request.appealPass?.userId;
        return id === undefined ? undefined : `u${id}`;
      },
    },
  ]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/reports',
      {
        schema: {
          tags: ['admin'],
          summary: 'Reports grouped by target: pending oldest first, handled ones newest first',
          querystring: AdminReportsQuery,
          response: { 200: AdminReportsResponse, ...errors },
        },
        config: { permission: 'manage_reports' },
      },
      async (request) => moderation.queue(request.query.status),
    );

    r.post(
      '/api/admin/reports/:id/resolve',
      {
        schema: {
          tags: ['admin'],
          summary: 'Resolve a report and every open report on its target: dismiss, warn, remove, restrict or suspend',
          params: IdParams,
          body: ResolveReportBody,
          response: { 200: ResolveReportResponse, ...errors },
        },
        config: { permission: 'manage_reports' },
      },
      async (request) => moderation.resolve(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.post(
      '/api/admin/users/:id/actions',
      {
        schema: {
          tags: ['admin'],
          summary: 'Warn, restrict, suspend, unsuspend, sign out everywhere, verify or unverify a member',
          params: IdParams,
          body: UserActionBody,
          response: { 200: UserActionResponse, ...errors },
        },
        config: { permission: 'manage_users' },
      },
      async (request) => {
        const staff = staffOf(request);
        const { action } = request.body;
        if ((action === 'verify' || action === 'unverify') && !staff.permissions.has('manage_verifications')) {
          throw new AppError('FORBIDDEN', MESSAGES.forbidden);
        }
        return moderation.act(staff, request.params.id, request.body, metaOf(request));
      },
    );

    r.get(
      '/api/admin/appeals',
      {
        schema: {
          tags: ['admin'],
          summary: 'Appeals of strikes: pending oldest first',
          querystring: AppealsQuery,
          response: { 200: AppealsResponse, ...errors },
        },
        config: { permission: 'manage_appeals' },
      },
      async (request) => moderation.appeals(request.query.status),
    );

    for (const decision of ['approve', 'reject'] as const) {
      r.post(
        `/api/admin/appeals/:id/${decision}`,
        {
          schema: {
            tags: ['admin'],
            summary:
              decision === 'approve'
                ? 'Approve an appeal: the strike is lifted and what it did undone'
                : 'Reject an appeal: the strike stands',
            params: IdParams,
            body: AppealDecisionBody.optional(),
            response: { 200: StrikeDto, ...errors },
          },
          config: { permission: 'manage_appeals' },
        },
        async (request) =>
          moderation.decideAppeal(staffOf(request), request.params.id, decision === 'approve', request.body?.reason, metaOf(request)),
      );
    }

    r.get(
      '/api/admin/held',
      {
        schema: {
          tags: ['admin'],
          summary: "Restricted members' comments, replies and chat requests waiting for review, oldest first",
          response: { 200: HeldResponse, ...errors },
        },
        config: { permission: 'review_posts' },
      },
      async () => moderation.held(),
    );

    for (const decision of ['approve', 'reject'] as const) {
      r.post(
        `/api/admin/held/:kind/:id/${decision}`,
        {
          schema: {
            tags: ['admin'],
            summary: decision === 'approve' ? 'Publish a held item as if just written' : 'Refuse a held item: deleted, its author told',
            params: HeldParams,
            body: HeldDecisionBody.optional(),
            response: { 204: z.null(), ...errors },
          },
          config: { permission: 'review_posts' },
        },
        async (request, reply) => {
          const { kind, id } = request.params;
          await moderation.decideHeld(staffOf(request), kind, id, decision === 'approve', request.body?.reason, metaOf(request));
          return reply.code(204).send(null);
        },
      );
    }

    r.get(
      '/api/admin/templates',
      {
        schema: {
          tags: ['admin'],
          summary: "Moderators' reason templates (report outcomes and plate rejections)",
          response: { 200: ModerationTemplatesResponse, ...errors },
        },
        config: { permission: 'manage_reports' },
      },
      async () => ({ templates: await moderation.templates() }),
    );

    r.post(
      '/api/admin/templates',
      {
        schema: { tags: ['admin'], summary: 'Add a reason template', body: ModerationTemplateBody, response: { 201: ModerationTemplateDto, ...errors } },
        config: { permission: 'manage_reports' },
      },
      async (request, reply) => reply.code(201).send(await moderation.saveTemplate(staffOf(request), null, request.body, metaOf(request))),
    );

    r.put(
      '/api/admin/templates/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Edit a reason template',
          params: IdParams,
          body: ModerationTemplateBody,
          response: { 200: ModerationTemplateDto, ...errors },
        },
        config: { permission: 'manage_reports' },
      },
      async (request) => moderation.saveTemplate(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.delete(
      '/api/admin/templates/:id',
      {
        schema: { tags: ['admin'], summary: 'Delete a reason template', params: IdParams, response: { 204: z.null(), ...errors } },
        config: { permission: 'manage_reports' },
      },
      async (request, reply) => {
        await moderation.deleteTemplate(staffOf(request), request.params.id, metaOf(request));
        return reply.code(204).send(null);
      },
    );

    r.get(
      '/api/user/strikes',
      {
        schema: {
          tags: ['users'],
          summary: "The signed-in member's strikes, newest first (also with a suspended member's appeal pass)",
          response: { 200: StrikesResponse, 401: errors[401] },
        },
        config: { appealPass: true },
        preValidation: signedInOrAppeal,
      },
      async (request) => ({ strikes: await moderation.strikesOf(memberOrAppealOf(request)) }),
    );

    r.post(
      '/api/user/strikes/:id/appeal',
      {
        schema: {
          tags: ['users'],
          summary: 'Appeal a strike once, within 20 days (also with a suspended member\'s appeal pass)',
          params: IdParams,
          body: AppealBody,
          response: { 200: StrikeDto, ...errors },
        },
        config: { appealPass: true },
        preValidation: signedInOrAppeal,
        preHandler: appealLimit,
      },
      async (request) => moderation.appeal(memberOrAppealOf(request), request.params.id, request.body.text),
    );
  };
}
