import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserDetail,
  AdminUsersQuery,
  AdminUsersResponse,
  AuditPage,
  AuditQuery,
  IdParams,
  RoleGrantBody,
  RoleGrantDto,
  RoleRevokeParams,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import type { AdminService } from './admin.service.js';
import type { MembersService } from './members.service.js';
import { staffOf } from './permissions.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** Staff roles and the audit log. Every route names its permission (the guard checks it first). */
export function adminRoutes(options: { admin: AdminService; members: MembersService }) {
  const { admin, members } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/audit',
      {
        schema: {
          tags: ['admin'],
          summary: 'The append-only audit log, newest first, 50 a page',
          querystring: AuditQuery,
          response: { 200: AuditPage, ...errors },
        },
        config: { permission: 'view_audit_log' },
      },
      async (request) => {
        const { page, ...filter } = request.query;
        return admin.auditLog(filter, page);
      },
    );

    r.get(
      '/api/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Members by name, email or sign-in IP, with status, strikes, roles and badge; 25 a page',
          querystring: AdminUsersQuery,
          response: { 200: AdminUsersResponse, ...errors },
        },
        config: { permission: 'manage_users' },
      },
      async (request) => {
        const { page, ...filter } = request.query;
        return members.list(filter, page);
      },
    );

    r.get(
      '/api/admin/users/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "A member's record: profile, plates, reports made and received, strikes, sign-ins, sessions, roles",
          params: IdParams,
          response: { 200: AdminUserDetail, ...errors },
        },
        config: { permission: 'manage_users' },
      },
      async (request) => members.detail(request.params.id),
    );

    r.get(
      '/api/admin/users/:id/roles',
      {
        schema: {
          tags: ['admin'],
          summary: "A member's role grants, live and past",
          params: IdParams,
          response: { 200: z.object({ roles: z.array(RoleGrantDto) }), ...errors },
        },
        config: { permission: 'manage_roles' },
      },
      async (request) => ({ roles: await admin.roles(request.params.id) }),
    );

    r.post(
      '/api/admin/users/:id/roles',
      {
        schema: {
          tags: ['admin'],
          summary: 'Grant a role, optionally narrowed and with an expiry; only permissions the granter holds',
          params: IdParams,
          body: RoleGrantBody,
          response: { 201: RoleGrantDto, ...errors },
        },
        config: { permission: 'manage_roles' },
      },
      async (request, reply) => {
        const grant = await admin.grantRole(staffOf(request), request.params.id, request.body, metaOf(request));
        return reply.code(201).send(grant);
      },
    );

    r.delete(
      '/api/admin/users/:id/roles/:grantId',
      {
        schema: {
          tags: ['admin'],
          summary: 'Revoke a live role grant',
          params: RoleRevokeParams,
          response: { 200: RoleGrantDto, ...errors },
        },
        config: { permission: 'manage_roles' },
      },
      async (request) => admin.revokeRole(staffOf(request), request.params.id, request.params.grantId, metaOf(request)),
    );
  };
}
