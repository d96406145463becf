import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailDomainBlockBody,
  EmailDomainBlockDto,
  EmailDomainBlocksResponse,
  IdParams,
  IpBlockBody,
  IpBlockDto,
  IpBlockRemoveQuery,
  IpBlocksResponse,
  MessageResponse,
  ResolveSecurityEventBody,
  SecurityEventDto,
  SecurityEventsPage,
  SecurityEventsQuery,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { staffOf } from '../admin/permissions.js';
import type { IpBlocksService } from './ip-blocks.service.js';
import type { SecurityEventsService } from './security-events.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** IP blocks, email-domain blocks for sign-up, and security events (CONTRACT, admin API). */
export function securityRoutes(options: { ipBlocks: IpBlocksService; events: SecurityEventsService }) {
  const { ipBlocks, events } = options;
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/admin/ip-blocks',
      {
        schema: {
          tags: ['admin'],
          summary: 'IP blocks: active ones first, then those removed or expired in the last 90 days',
          response: { 200: IpBlocksResponse, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async (request) => ipBlocks.list(request.ip),
    );

    r.post(
      '/api/admin/ip-blocks',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Block an address or CIDR range (IPv4 or IPv6) from signing up, or from everything; applies on every instance from the next request',
          description:
            'A no_access block covering the caller\'s own address answers 409 (field "confirm") unless the body has confirm: true.',
          body: IpBlockBody,
          response: { 201: IpBlockDto, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async (request, reply) => {
        const block = await ipBlocks.create(staffOf(request), request.body, metaOf(request));
        return reply.code(201).send(block);
      },
    );

    r.delete(
      '/api/admin/ip-blocks/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Lift an IP block (kept as history, with who lifted it and the optional reason)',
          params: IdParams,
          querystring: IpBlockRemoveQuery,
          response: { 200: IpBlockDto, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async (request) => ipBlocks.remove(staffOf(request), request.params.id, request.query.reason, metaOf(request)),
    );

    r.get(
      '/api/admin/email-domain-blocks',
      {
        schema: {
          tags: ['admin'],
          summary: 'Email domains refused at sign-up (their subdomains too)',
          response: { 200: EmailDomainBlocksResponse, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async () => ({ domains: await ipBlocks.domains() }),
    );

    r.post(
      '/api/admin/email-domain-blocks',
      {
        schema: {
          tags: ['admin'],
          summary: 'Refuse sign-ups with email addresses at a domain or its subdomains',
          body: EmailDomainBlockBody,
          response: { 201: EmailDomainBlockDto, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async (request, reply) => {
        const block = await ipBlocks.blockDomain(staffOf(request), request.body, metaOf(request));
        return reply.code(201).send(block);
      },
    );

    r.delete(
      '/api/admin/email-domain-blocks/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Accept sign-ups at a blocked email domain again',
          params: IdParams,
          response: { 200: MessageResponse, ...errors },
        },
        config: { permission: 'manage_ip_blocks' },
      },
      async (request) => {
        await ipBlocks.unblockDomain(staffOf(request), request.params.id, metaOf(request));
        return { message: 'Email domain unblocked' };
      },
    );

    r.get(
      '/api/admin/security-events',
      {
        schema: {
          tags: ['admin'],
          summary: 'Security events, newest first, 50 a page; filter by type, severity, resolved, member and address or range',
          querystring: SecurityEventsQuery,
          response: { 200: SecurityEventsPage, ...errors },
        },
        config: { permission: 'view_security' },
      },
      async (request) => {
        const { page, ...filter } = request.query;
        return events.list(filter, page);
      },
    );

    r.post(
      '/api/admin/security-events/:id/resolve',
      {
        schema: {
          tags: ['admin'],
          summary: 'Mark a security event resolved (with an optional note, kept in the audit log)',
          params: IdParams,
          body: ResolveSecurityEventBody.nullish(),
          response: { 200: SecurityEventDto, ...errors },
        },
        config: { permission: 'view_security' },
      },
      async (request) => events.resolve(staffOf(request), request.params.id, request.body?.note, metaOf(request)),
    );
  };
}
