import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdjustmentBody,
  AdjustmentResponse,
  IdParams,
  LedgerQuery,
  LedgerResponse,
  PointRuleDto,
  PointRulePatch,
  PointRulesResponse,
  PointsMemberSearchQuery,
  PointsMembersResponse,
  PublicPointRulesResponse,
  RecomputeResponse,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { PointsAdminService } from './points-admin.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const config = { permission: 'manage_points' } as const;

/** /admin/point-system's API (manage_points): rules, members' ledgers, adjustments, recompute. */
export function pointsRoutes(options: { pointsAdmin: PointsAdminService }) {
  const { pointsAdmin } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/points/rules',
      { schema: { tags: ['points'], summary: 'What each action earns now (active rules), for /how-it-works', response: { 200: PublicPointRulesResponse } } },
      async (_request, reply) => {
        // An admin's change shows within a minute.
        reply.header('cache-control', 'public, max-age=60');
        return { rules: await pointsAdmin.publicRules() };
      },
    );

    r.get(
      '/api/admin/points/rules',
      { schema: { tags: ['admin'], summary: 'Every point rule with its amount, state and daily cap', response: { 200: PointRulesResponse, ...errors } }, config },
      async () => ({ rules: await pointsAdmin.rules() }),
    );

    r.patch(
      '/api/admin/points/rules/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Change a rule's amount, state or daily cap (awards from now on; the ledger keeps what was earned)",
          params: IdParams,
          body: PointRulePatch,
          response: { 200: PointRuleDto, ...errors },
        },
        config,
      },
      async (request) => pointsAdmin.updateRule(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.get(
      '/api/admin/points/members',
      {
        schema: { tags: ['admin'], summary: 'Members whose username starts with q (at most 10)', querystring: PointsMemberSearchQuery, response: { 200: PointsMembersResponse, ...errors } },
        config,
      },
      async (request) => ({ members: await pointsAdmin.searchMembers(request.query.q) }),
    );

    r.get(
      '/api/admin/points/members/:id/ledger',
      {
        schema: {
          tags: ['admin'],
          summary: "A member's point transactions, newest first, each with their total after it; by rule, manual only, UTC days",
          params: IdParams,
          querystring: LedgerQuery,
          response: { 200: LedgerResponse, ...errors },
        },
        config,
      },
      async (request) => pointsAdmin.ledger(request.params.id, request.query),
    );

    r.post(
      '/api/admin/points/members/:id/adjustments',
      {
        schema: {
          tags: ['admin'],
          summary: "Add or take points with a reason: a ledger row, the member's total and level, and a notification to them",
          params: IdParams,
          body: AdjustmentBody,
          response: { 201: AdjustmentResponse, ...errors },
        },
        config,
      },
      async (request, reply) => reply.code(201).send(await pointsAdmin.adjust(staffOf(request), request.params.id, request.body, metaOf(request))),
    );

    r.post(
      '/api/admin/points/recompute',
      {
        schema: { tags: ['admin'], summary: "Rebuild every member's points and level from the ledger; answers how many changed", response: { 200: RecomputeResponse, ...errors } },
        config,
      },
      async (request) => pointsAdmin.recompute(staffOf(request), metaOf(request)),
    );
  };
}
