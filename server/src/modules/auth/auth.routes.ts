import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailBody,
  ErrorBody,
  LoginBody,
  LoginResponse,
  MESSAGES,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SESSION_COOKIE,
  SessionDetails,
  SessionUser,
  TIMING,
  VerifyEmailBody,
} from '@plates/common';
import type { RateLimits } from '../../config.js';
import { bodyField, byIp, limited, type RateLimitStore } from '../../plugins/rate-limits.js';
import { requireUser } from '../../plugins/authentication.js';
import type { AuthService } from './auth.service.js';
import { KNOWN_ORIGIN_TTL_MS } from './login-throttle.js';

/** The long-lived cookie naming this browser to the sign-in throttle. */
export const DEVICE_COOKIE = 'plates_device';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody, 503: ErrorBody };

export function authRoutes(options: {
  auth: AuthService;
  limits: RateLimits;
  store: RateLimitStore;
  secureCookies: boolean;
}) {
  const { auth, limits, store } = options;
  // Per address, every attempt on any account; failures per account are throttled by the service
  // (login-throttle.ts), so strangers' wrong passwords cannot lock the owner out.
  const loginLimit = limited(store, MESSAGES.loginRateLimited, [
    { name: 'login-ip', max: limits.loginPerIp, windowMs: limits.loginWindowMs, key: byIp },
  ]);
  const registerLimit = limited(store, MESSAGES.registerRateLimited, [
    { name: 'register-ip', max: limits.registerPerIp, windowMs: limits.registerWindowMs, key: byIp },
  ]);
  const mailLimit = limited(store, MESSAGES.mailRateLimited, [
    { name: 'mail-ip', max: limits.mailPerIp, windowMs: limits.mailWindowMs, key: byIp },
    { name: 'mail-addr', max: limits.mailPerAddress, windowMs: limits.mailWindowMs, key: bodyField('email') },
  ]);
  const resetLimit = limited(store, MESSAGES.rateLimited, [
    { name: 'reset-ip', max: limits.loginPerIp, windowMs: limits.loginWindowMs, key: byIp },
  ]);
  // Signing out everywhere ends sessions the member must sign in again to replace: by address,
  // like the other sign-in steps, so a script cannot make the database churn.
  const everywhereLimit = limited(store, MESSAGES.rateLimited, [
    { name: 'logout-all-ip', max: limits.loginPerIp, windowMs: limits.loginWindowMs, key: byIp },
  ]);

  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();

    const setCookie = (reply: FastifyReply, name: string, value: string, path: string, ttlMs: number) =>
      reply.setCookie(name, value, {
        path,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        maxAge: Math.floor(ttlMs / 1000),
      });
    const setSessionCookie = (reply: FastifyReply, token: string) =>
      setCookie(reply, SESSION_COOKIE, token, '/', TIMING.sessionTtlMs);
    // Names this browser as a device the account has signed in from (login-throttle.ts); kept
    // across sign-outs, so it is only ever a hint for throttling, never a credential.
    const setDeviceCookie = (reply: FastifyReply, device: string) =>
      setCookie(reply, DEVICE_COOKIE, device, '/api', KNOWN_ORIGIN_TTL_MS);
    const requestMeta = (request: FastifyRequest) => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      device: request.cookies[DEVICE_COOKIE],
    });

    r.post(
      '/api/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create an account; a verification mail is sent and the user is not signed in',
          body: RegisterBody,
          response: { 201: RegisterResponse, ...errors },
        },
        preHandler: registerLimit,
      },
      async (request, reply) => {
        const { user, awaitingApproval } = await auth.register(request.body, requestMeta(request));
        return reply.code(201).send({
          message: awaitingApproval
            ? MESSAGES.registeredAwaitingApproval
            : 'Registration successful! Please check your email and verify your account before logging in.',
          user,
          awaitingApproval,
        });
      },
    );

    r.post(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in by username; answers the session token and sets the session cookie',
          body: LoginBody,
          response: { 200: LoginResponse, ...errors },
        },
        preHandler: loginLimit,
      },
      async (request, reply) => {
        const { device, ...result } = await auth.login(request.body, requestMeta(request));
        setSessionCookie(reply, result.token);
        setDeviceCookie(reply, device);
        return result;
      },
    );

    r.post(
      '/api/logout',
      {
        schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: MessageResponse } },
      },
      async (request, reply) => {
        await auth.logout(request.sessionToken);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'Logged out' };
      },
    );

    r.post(
      '/api/auth/logout-everywhere',
      {
        preHandler: everywhereLimit,
        schema: {
          tags: ['auth'],
          summary: 'Revoke every session of the signed-in member, on every device, and close their live connections',
          response: { 200: MessageResponse, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        await auth.logoutEverywhere(requireUser(request).user.id);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: MESSAGES.signedOutEverywhere };
      },
    );

    r.get(
      '/api/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: "The request's session as the app sees it (no token): member, dates, browser, other sessions, server time",
          response: { 200: SessionDetails },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return auth.describeSession(request.auth, request.sessionToken !== undefined);
      },
    );

    r.get(
      '/api/user',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          response: { 200: SessionUser, 401: ErrorBody },
        },
      },
      async (request) => auth.sessionUser(await auth.account(requireUser(request).user)),
    );

    r.post(
      '/api/auth/request-verification',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification mail (same answer whether or not the address exists)',
          body: EmailBody,
          response: { 200: MessageResponse, ...errors },
        },
        preHandler: mailLimit,
      },
      async (request) => {
        await auth.requestVerification(request.body.email);
        return { message: MESSAGES.verificationSent };
      },
    );

    r.get(
      '/api/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify an email address with the token from the mail',
          querystring: z.object({ token: VerifyEmailBody.shape.token }),
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await auth.verifyEmail(request.query.token);
        return { message: MESSAGES.emailVerified };
      },
    );

    r.post(
      '/api/auth/verify-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify an email address with the token from the mail',
          body: VerifyEmailBody,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await auth.verifyEmail(request.body.token);
        return { message: MESSAGES.emailVerified };
      },
    );

    r.post(
      '/api/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a password reset link valid for one hour (same answer whether or not the address exists)',
          body: EmailBody,
          response: { 200: MessageResponse, ...errors },
        },
        preHandler: mailLimit,
      },
      async (request) => {
        await auth.forgotPassword(request.body.email);
        return { message: MESSAGES.resetSent };
      },
    );

    r.post(
      '/api/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset token; every session of the account is signed out',
          body: ResetPasswordBody,
          response: { 200: MessageResponse, ...errors },
        },
        preHandler: resetLimit,
      },
      async (request, reply) => {
        const { device } = await auth.resetPassword(request.body.token, request.body.password, requestMeta(request));
        setDeviceCookie(reply, device);
        return { message: MESSAGES.passwordReset };
      },
    );
  };
}
