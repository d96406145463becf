import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountStatusBody,
  BlockBody,
  BlockedStatusResponse,
  BlockedUsersResponse,
  BlockResponse,
  ErrorBody,
  FollowRequestActionResponse,
  FollowResponse,
  Id,
  MESSAGES,
  MessageResponse,
  PageQuery,
  ProfileDto,
  SESSION_COOKIE,
  SessionUser,
  SuggestedUsersQuery,
  SuggestedUsersResponse,
  UnblockResponse,
  UpdateProfileFields,
  UserIdParams,
  UserListQuery,
  UserListResponse,
  UserPostsResponse,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { WRITE_ERRORS } from '../../lib/error-responses.js';
import { requireUser, signedIn, viewerOf } from '../../plugins/authentication.js';
import { limited, memberWriteLimits, type RateLimitStore } from '../../plugins/rate-limits.js';
import { parseFields, readMultipartForm } from '../media/multipart.js';
import type { UsersService } from './users.service.js';

const errors = WRITE_ERRORS;


const RequesterParams = z.object({ userId: Id });

/**
 * People: profiles, their plates and follow lists, following and follow requests, blocks,
 * suggestions, and the signed-in user's profile and account. The acting user is always the
 * session's; an id in the path names the other person, never the actor.
 */
export function usersRoutes(options: { users: UsersService; limits: RateLimits; store: RateLimitStore }) {
  const { users, limits, store } = options;
  // A new profile photo costs an image decode: counted with the plate uploads' limit, per user.
  const countAvatar = limited(store, MESSAGES.uploadRateLimited, [
    {
      name: 'avatar-user',
      max: limits.uploadsPerUser,
      windowMs: limits.uploadWindowMs,
      key: (request) => (request.auth ? `u${request.auth.user.id}` : undefined),
    },
  ]);

  const member = memberWriteLimits(limits);
  // Following, unfollowing and cancelling a request share one counter; blocks and answers to
  // follow requests are taps (with hearts, saves and chat reactions).
  const followLimit = limited(store, MESSAGES.followRateLimited, [member.follows]);
  const tapLimit = limited(store, MESSAGES.rateLimited, [member.taps]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Static paths under /api/users/ win over /api/users/:id in Fastify's router whatever the
    // registration order; declared first anyway so the file reads the same way.
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
      async (request) => users.blockedUsers(requireUser(request).user),
    );

    r.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'A profile with its counts and how you stand towards it',
          params: UserIdParams,
          response: { 200: ProfileDto, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => users.profile(request.params.id, viewerOf(request)),
    );

    r.get(
      '/api/users/:id/posts',
      {
        schema: {
          tags: ['users'],
          summary: "A person's plates, newest first (private accounts: followers only)",
          params: UserIdParams,
          querystring: PageQuery,
          response: { 200: UserPostsResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
        },
      },
      async (request) => users.posts(request.params.id, viewerOf(request), request.query),
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
      async (request) => users.followers(request.params.id, viewerOf(request), request.query),
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
      async (request) => users.following(request.params.id, viewerOf(request), request.query),
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
      async (request) => users.follow(requireUser(request).user, request.params.id),
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
      async (request) => users.unfollow(requireUser(request).user, request.params.id),
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
      async (request) => users.block(requireUser(request).user, request.params.id, request.body?.reason ?? null),
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
      async (request) => users.unblock(requireUser(request).user, request.params.id),
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
      async (request) => users.blockStatus(requireUser(request).user, request.params.id),
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
      async (request) => users.suggestions(requireUser(request).user, request.query.limit),
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
      async (request) => users.followRequests(requireUser(request).user, request.query),
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
      async (request) => users.approveRequest(requireUser(request).user, request.params.userId),
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
      async (request) => users.declineRequest(requireUser(request).user, request.params.userId),
    );

    r.put(
      '/api/user/profile',
      {
        schema: {
          tags: ['users'],
          summary:
            'Edit your profile (multipart: displayName, bio, location, chatEnabled, isPrivate, removeProfileImage, optional file profileImage)',
          consumes: ['multipart/form-data'],
          response: { 200: SessionUser, ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const me = requireUser(request).user;
        const form = await readMultipartForm(request, reply, { fileField: 'profileImage' });
        const fields = parseFields(UpdateProfileFields, form.fields);
        if (form.file) await countAvatar.call(request.server, request, reply);
        return users.updateProfile(me, fields, form.file?.bytes);
      },
    );

    r.put(
      '/api/user/account-status',
      {
        schema: {
          tags: ['users'],
          summary: 'Deactivate your account and sign out everywhere; signing in again reactivates it',
          body: AccountStatusBody,
          response: { 200: MessageResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const result = await users.deactivate(requireUser(request).user);
        clearSession(reply);
        return result;
      },
    );

    r.delete(
      '/api/user/account',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete your account and everything of it, for good',
          response: { 200: MessageResponse, ...errors },
        },
        preValidation: signedIn,
      },
      async (request, reply) => {
        const result = await users.deleteAccount(requireUser(request).user);
        clearSession(reply);
        return result;
      },
    );
  };
}

function clearSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
