import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, SESSION_COOKIE } from '@plates/common';
import type { Member, Viewer } from '../lib/viewer.js';
import { AppError } from '../lib/app-error.js';
import type { AuthContext, AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null. Only ever set from a session token, never from a client-sent id. */
    auth: AuthContext | null;
    /** The session token the request carried (bearer header first, then cookie). */
    sessionToken: string | undefined;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session of every API request from `Authorization: Bearer` or the session cookie.
 * `X-User-ID` headers and `userId` parameters are never read. Cookie-authenticated writes must come
 * from our own origin (SameSite=Lax already stops most cross-site posts; this closes the rest).
 */
export function registerAuthentication(
  app: FastifyInstance,
  options: { auth: AuthService; appUrl: string },
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', undefined);
  const appOrigin = new URL(options.appUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const cookie = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token || token.length > 200) return;
    if (!bearer && !SAFE_METHODS.has(request.method) && !sameOrigin(request, appOrigin)) {
      throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    }
    request.sessionToken = token;
    request.auth = (await options.auth.authenticate(token)) ?? null;
  });
}

function sameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser cross-site request (browsers send Origin on cross-site POSTs)
  if (origin === appOrigin) return true;
  return origin === `${request.protocol}://${request.headers.host ?? ''}`;
}

/** The signed-in account, or a 401 that tells an expired session from no session. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (request.auth) return request.auth;
  if (request.sessionToken) throw new AppError('SESSION_EXPIRED', MESSAGES.sessionExpired);
  throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
}

/** The request's viewer: its session's member, or null for a visitor. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.auth?.user;
  return user ? { id: user.id, isAdmin: user.isAdmin } : null;
}

/** The member of a request that needs one (else the 401 of `requireUser`), with their restriction. */
export function memberOf(request: FastifyRequest): Member {
  const { user } = requireUser(request);
  return { id: user.id, isAdmin: user.isAdmin, restricted: isRestricted(user) };
}

/** A moderator's restriction is in force: set, and not past its end. */
export function isRestricted(user: { restrictedAt: Date | null; restrictedUntil: Date | null }, at = new Date()): boolean {
  return user.restrictedAt !== null && (user.restrictedUntil === null || user.restrictedUntil > at);
}

/**
 * A `preValidation` hook for routes that need a signed-in user: a guest gets 401 before the body is
 * validated, so a guest never learns validation rules first.
 */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
