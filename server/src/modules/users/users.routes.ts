import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountStatusBody,
  ErrorBody,
  MESSAGES,
  MessageResponse,
  PageQuery,
  ProfileDto,
  SESSION_COOKIE,
  SessionUser,
  UpdateProfileFields,
  UserIdParams,
  UserPostsResponse,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { WRITE_ERRORS } from '../../lib/error-responses.js';
import type { User } from '../../db/schema/index.js';
import { requireUser, signedIn, viewerOf } from '../../plugins/authentication.js';
import { limited, type RateLimitStore } from '../../plugins/rate-limits.js';
import { parseFields, readMultipartForm } from '../media/multipart.js';
import type { UsersService } from './users.service.js';

const errors = WRITE_ERRORS;

/**
 * People: profiles and their plates, and the signed-in user's profile and account. Follow lists,
 * follows, follow requests, blocks and suggestions are the graph module's (graph.routes.ts). The
 * acting user is always the session's; an id in the path names the other person, never the actor.
 */
export function usersRoutes(options: {
  users: UsersService;
  /** The signed-in member's whole account (auth's `account`): a request's session carries only what the rules need. */
  account: (member: { id: number }) => Promise<User>;
  limits: RateLimits;
  store: RateLimitStore;
}) {
  const { users, account, limits, store } = options;
  // A new profile photo costs an image decode: counted with the plate uploads' limit, per user.
  const countAvatar = limited(store, MESSAGES.uploadRateLimited, [
    {
      name: 'avatar-user',
      max: limits.uploadsPerUser,
      windowMs: limits.uploadWindowMs,
      key: (request) => (request.auth ? `u${request.auth.user.id}` : undefined),
    },
  ]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

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
        const me = await account(requireUser(request).user);
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
