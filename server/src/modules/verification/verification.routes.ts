import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminVerificationRequestsResponse,
  IdParams,
  MyVerificationResponse,
  RevokeVerificationBody,
  VERIFICATION_MESSAGES,
  VerificationActionResponse,
  VerificationCursorQuery,
  VerificationDecisionBody,
  VerificationRequestBody,
  VerificationRequestDto,
  VerifiedMembersResponse,
} from '@plates/common';
import { errorResponses } from '../../lib/error-responses.js';
import { metaOf } from '../../lib/request-meta.js';
import { memberOf, signedIn } from '../../plugins/authentication.js';
import { limited, perMember, type RateLimitStore } from '../../plugins/rate-limits.js';
import { staffOf } from '../admin/permissions.js';
import type { VerificationService } from './verification.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** A member sends at most this many requests an hour (refused ones count too). */
export const VERIFICATION_REQUEST_LIMIT = { max: 5, windowMs: 3_600_000 };

/** Verification: the member's state and request; the admin's queue, decisions, verified list and revocations (manage_verifications). */
export function verificationRoutes(options: { verification: VerificationService; store: RateLimitStore; requestLimit?: { max: number; windowMs: number } }) {
  const { verification, store } = options;
  const limit = options.requestLimit ?? VERIFICATION_REQUEST_LIMIT;
  const requestLimit = limited(store, VERIFICATION_MESSAGES.rateLimited, [perMember('verification-request', limit.max, limit.windowMs)]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/verification',
      {
        schema: {
          tags: ['verification'],
          summary: "The member's badge, their latest verification request, and whether (or from when) they may ask",
          response: { 200: MyVerificationResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => verification.mine(memberOf(request)),
    );

    r.post(
      '/api/verification/requests',
      {
        schema: {
          tags: ['verification'],
          summary: `Ask for the verified badge (reason, up to 3 links); one pending request at a time, and after a decline a cool-down`,
          body: VerificationRequestBody,
          response: { 201: VerificationRequestDto, ...errors },
        },
        preValidation: signedIn,
        preHandler: requestLimit,
      },
      async (request, reply) => reply.code(201).send(await verification.request(memberOf(request), request.body)),
    );

    r.get(
      '/api/admin/verification/requests',
      {
        schema: {
          tags: ['admin'],
          summary: 'Pending verification requests, oldest first, with each member (followers, plates, account age, strikes)',
          querystring: VerificationCursorQuery,
          response: { 200: AdminVerificationRequestsResponse, ...errors },
        },
        config: { permission: 'manage_verifications' },
      },
      async (request) => verification.queue(request.query.cursor),
    );

    r.post(
      '/api/admin/verification/requests/:id/decision',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve a pending request with a badge (blue, gold or business) or decline it with a reason; a decided one is 409',
          params: IdParams,
          body: VerificationDecisionBody,
          response: { 200: VerificationActionResponse, ...errors },
        },
        config: { permission: 'manage_verifications' },
      },
      async (request) => verification.decide(staffOf(request), request.params.id, request.body, metaOf(request)),
    );

    r.get(
      '/api/admin/verification/members',
      {
        schema: {
          tags: ['admin'],
          summary: 'Members holding a badge, most recently granted first',
          querystring: VerificationCursorQuery,
          response: { 200: VerifiedMembersResponse, ...errors },
        },
        config: { permission: 'manage_verifications' },
      },
      async (request) => verification.verifiedMembers(request.query.cursor),
    );

    r.post(
      '/api/admin/verification/members/:id/revoke',
      {
        schema: {
          tags: ['admin'],
          summary: "Remove a member's badge with a reason (kept on the badge row); the member is told",
          params: IdParams,
          body: RevokeVerificationBody,
          response: { 200: VerificationActionResponse, ...errors },
        },
        config: { permission: 'manage_verifications' },
      },
      async (request) => verification.revoke(staffOf(request), request.params.id, request.body, metaOf(request)),
    );
  };
}
