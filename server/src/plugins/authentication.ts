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
    /**
     * A suspended member's appeal pass (`Authorization: Appeal <token>`): `undefined` when none
     * was sent or the route does not take one, `null` when it was unknown or expired.
     */
    appealPass: { userId: number } | null | undefined;
  }
  interface FastifyContextConfig {
    /** The route also takes a suspended member's appeal pass (their strikes and appeals only). */
    appealPass?: boolean;
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
  app.decorateRequest('appealPass', undefined);
  const appOrigin = new URL(options.appUrl).origin;

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const appeal = /^Appeal\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (appeal) {
      // Not a session: every other route sees a request without credentials (401).
      if (request.routeOptions.config.appealPass && appeal.length <= 200) {
        request.appealPass = (await options.auth.appealPassHolder(appeal)) ?? null;
      }
      return;
    }
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

/**
 * The member of a route that also takes an appeal pass: the session's, else the pass holder's
 * (never an admin through a pass), else a 401 saying the pass has expired or that none was given.
 */
export function memberOrAppealOf(request: FastifyRequest): Member {
  if (request.auth || request.appealPass === undefined) return memberOf(request);
  if (request.appealPass) return { id: request.appealPass.userId, isAdmin: false };
  throw new AppError('UNAUTHORIZED', MESSAGES.appealPassExpired);
}

/** `signedIn` for a route that also takes an appeal pass. */
export async function signedInOrAppeal(request: FastifyRequest): Promise<void> {
  memberOrAppealOf(request);
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
