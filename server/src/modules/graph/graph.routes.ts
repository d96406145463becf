import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockBody,
  BlockedStatusResponse,
  BlockedUsersResponse,
  BlockResponse,
  ErrorBody,
  FollowRequestActionResponse,
  FollowResponse,
  Id,
  MESSAGES,
  SuggestedUsersQuery,
  SuggestedUsersResponse,
  UnblockResponse,
  UserIdParams,
  UserListQuery,
  UserListResponse,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { WRITE_ERRORS } from '../../lib/error-responses.js';
import type { User } from '../../db/schema/index.js';
import { requireUser, signedIn, viewerOf } from '../../plugins/authentication.js';
import { limited, memberWriteLimits, type RateLimitStore } from '../../plugins/rate-limits.js';
import type { GraphService } from './graph.service.js';

const errors = WRITE_ERRORS;

const RequesterParams = z.object({ userId: Id });

/**
 * The social graph: follow lists, following and follow requests, blocks, suggestions. The paths
 * stay under /api/users/ and /api/user/ (the spec's) and the OpenAPI tag stays 'users'. The acting
 * user is always the session's; an id in the path names the other person, never the actor.
 */
/** The signed-in member's whole account (auth's `account`): a request's session carries only what the rules need. */
type Account = (member: { id: number }) => Promise<User>;

export function graphRoutes(options: { graph: GraphService; account: Account; limits: RateLimits; store: RateLimitStore }) {
  const { graph, account, limits, store } = options;
  const member = memberWriteLimits(limits);
  // Following, unfollowing and cancelling a request share one counter; blocks and answers to
  // follow requests are taps (with hearts, saves and chat reactions).
  const followLimit = limited(store, MESSAGES.followRateLimited, [member.follows]);
  const tapLimit = limited(store, MESSAGES.rateLimited, [member.taps]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Static paths under /api/users/ win over /api/users/:id (users.routes.ts) in Fastify's router
    // whatever the registration order.
    r.get(
      '/api/users/blocked',
      {
        schema: {
          tags: ['users'],
          summary: 'People you blocked, newest block first',
          response: { 200: BlockedUsersResponse, 401: ErrorBody },
        },
        preValidation: signedIn,
      },
      async (request) => graph.blockedUsers(requireUser(request).user),
    );

    r.get(
      '/api/users/:id/followers',
      {
        schema: {
          tags: ['users'],
          summary: 'Accepted followers, newest first (private accounts: followers only)',
          params: UserIdParams,
          querystring: UserListQuery,
          response: { 200: UserListResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => graph.followers(request.params.id, viewerOf(request), request.query),
    );

    r.get(
      '/api/users/:id/following',
      {
        schema: {
          tags: ['users'],
          summary: 'Accounts this person follows, newest first (private accounts: followers only)',
          params: UserIdParams,
          querystring: UserListQuery,
          response: { 200: UserListResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => graph.following(request.params.id, viewerOf(request), request.query),
    );

    r.post(
      '/api/users/:id/follow',
      {
        schema: {
          tags: ['users'],
          summary: 'Follow (public account) or ask to follow (private account); following twice is harmless',
          params: UserIdParams,
          response: { 200: FollowResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: followLimit,
      },
      async (request) => graph.follow(await account(requireUser(request).user), request.params.id),
    );

    r.delete(
      '/api/users/:id/follow',
      {
        schema: {
          tags: ['users'],
          summary: 'Unfollow, or cancel a follow request; harmless when there is none',
          params: UserIdParams,
          response: { 200: FollowResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: followLimit,
      },
      async (request) => graph.unfollow(requireUser(request).user, request.params.id),
    );

    r.post(
      '/api/users/:id/block',
      {
        schema: {
          tags: ['users'],
          summary: 'Block someone (optional reason); follows both ways end; blocking again updates the reason',
          params: UserIdParams,
          body: BlockBody,
          response: { 200: BlockResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => graph.block(requireUser(request).user, request.params.id, request.body?.reason ?? null),
    );

    r.delete(
      '/api/users/:id/block',
      {
        schema: {
          tags: ['users'],
          summary: 'Unblock; follows are not restored',
          params: UserIdParams,
          response: { 200: UnblockResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => graph.unblock(requireUser(request).user, request.params.id),
    );

    r.get(
      '/api/users/:id/blocked',
      {
        schema: {
          tags: ['users'],
          summary: 'Whether you blocked this person',
          params: UserIdParams,
          response: { 200: BlockedStatusResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request) => graph.blockStatus(requireUser(request).user, request.params.id),
    );

    r.get(
      '/api/suggested-users',
      {
        schema: {
          tags: ['users'],
          summary: 'People to follow: followed by people you follow first, then by followers and points',
          querystring: SuggestedUsersQuery,
          response: { 200: SuggestedUsersResponse, 400: ErrorBody, 401: ErrorBody },
        },
        preValidation: signedIn,
      },
      async (request) => graph.suggestions(requireUser(request).user, request.query.limit),
    );

    r.get(
      '/api/user/follow-requests',
      {
        schema: {
          tags: ['users'],
          summary: 'People waiting for you to accept their follow, newest first',
          querystring: UserListQuery,
          response: { 200: UserListResponse, 400: ErrorBody, 401: ErrorBody },
        },
        preValidation: signedIn,
      },
      async (request) => graph.followRequests(requireUser(request).user, request.query),
    );

    r.post(
      '/api/user/follow-requests/:userId/approve',
      {
        schema: {
          tags: ['users'],
          summary: 'Accept a follow request',
          params: RequesterParams,
          response: { 200: FollowRequestActionResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => graph.approveRequest(await account(requireUser(request).user), request.params.userId),
    );

    r.post(
      '/api/user/follow-requests/:userId/decline',
      {
        schema: {
          tags: ['users'],
          summary: 'Decline a follow request (the requester is not told)',
          params: RequesterParams,
          response: { 200: FollowRequestActionResponse, ...errors },
        },
        preValidation: signedIn,
        preHandler: tapLimit,
      },
      async (request) => graph.declineRequest(requireUser(request).user, request.params.userId),
    );
  };
}
