import { MESSAGES, TIMING, type LoginBody, type SessionUser } from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors.js';
import type { Jobs } from '../../lib/jobs.js';
import { renderTemplate, type Mailer } from '../../lib/mailer.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { User } from '../../db/schema/index.js';
import { toSessionUser } from '../users/users.mapper.js';
import type { NameGuard } from '../users/users.names.js';
import type { AuthRepository, TokenKind } from './auth.repository.js';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  repo: AuthRepository;
  mailer: Mailer;
  jobs: Jobs;
  appUrl: string;
  isMaintenance: () => Promise<boolean>;
  /** Refuses names that would pass for the team or an admin. */
  names: NameGuard;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

/** Who a request is, once its session token checks out. */
export interface AuthContext {
  user: User;
  sessionId: number;
}

const TOUCH_INTERVAL_MS = 5 * 60_000;

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, mailer, jobs, appUrl, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function sessionUser(user: User): Promise<SessionUser> {
    return toSessionUser(user, { isVerified: await repo.isVerifiedUser(user.id) });
  }

  async function issueToken(kind: TokenKind, userId: number, ttlMs: number): Promise<string> {
    const token = newToken();
    await repo.insertToken(kind, {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + ttlMs),
    });
    return token;
  }

  /** Renders the template row `name` and sends it after the answer has gone. */
  function sendTemplated(name: TokenKind, user: User, link: string): void {
    jobs.run(`mail:${name}`, async () => {
      const template = await repo.findTemplate(name);
      if (!template) throw new Error(`email template ${name} is missing or inactive`);
      const values = { displayName: user.displayName || user.username, link, appName: 'Plates' };
      await mailer.send({
        to: user.email,
        subject: renderTemplate(template.subject, values, false),
        text: renderTemplate(template.textTemplate ?? '', values, false),
        html: renderTemplate(template.htmlTemplate, values, true),
      });
    });
  }

  async function sendVerification(user: User): Promise<void> {
    const token = await issueToken('verify_email', user.id, TIMING.verificationTokenTtlMs);
    sendTemplated('verify_email', user, `${appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`);
  }

  return {
    async register(body: { username: string; email: string; password: string; displayName?: string | undefined }) {
      if (await deps.isMaintenance()) {
        throw new AppError('MAINTENANCE_MODE', MESSAGES.maintenance);
      }
      await deps.names.check(body);
      if (await repo.findUserByUsername(body.username)) {
        throw new AppError('ALREADY_EXISTS', MESSAGES.usernameTaken, 'username');
      }
      if (await repo.findUserByEmail(body.email)) {
        throw new AppError('ALREADY_EXISTS', MESSAGES.emailTaken, 'email');
      }
      let user: User;
      try {
        user = await repo.insertUser({
          username: body.username,
          email: body.email,
          password: await hashPassword(body.password),
          displayName: body.displayName ?? null,
        });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) {
          const email = violatedConstraint(error)?.includes('email');
          throw email
            ? new AppError('ALREADY_EXISTS', MESSAGES.emailTaken, 'email')
            : new AppError('ALREADY_EXISTS', MESSAGES.usernameTaken, 'username');
        }
        throw error;
      }
      await sendVerification(user);
      return { user: await sessionUser(user) };
    },

    async login(body: LoginBody, meta: RequestMeta) {
      let user = await repo.findUserByUsername(body.username);
      if (!user) {
        await verifyPassword(await dummyHash(), body.password); // same time as a wrong password
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      }
      if (!(await verifyPassword(user.password, body.password))) {
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      }
      if (user.accountStatus === 'suspended') {
        throw new AppError('FORBIDDEN', 'This account has been suspended. Contact support if you think this is a mistake.');
      }
      if (!user.emailVerified) {
        throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
      }
      const token = newToken();
      const at = now();
      user = await repo.transaction(async (tx) => {
        await repo.insertSession(
          {
            userId: user!.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(at.getTime() + TIMING.sessionTtlMs),
            ip: meta.ip,
            userAgent: meta.userAgent?.slice(0, 500) ?? null,
          },
          tx,
        );
        // Signing in again is how a deactivated account comes back (document 2 §4).
        return repo.updateUser(user!.id, { lastLoginAt: at, accountStatus: 'active' }, tx);
      });
      return { token, user: await sessionUser(user) };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** The session behind a token, or nothing when it is unknown, expired or its account is not usable. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const at = now();
      const found = await repo.findSession(hashToken(token), at);
      if (!found || found.user.accountStatus === 'suspended') return undefined;
      if (at.getTime() - found.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.session.id, at);
      }
      return { user: found.user, sessionId: found.session.id };
    },

    sessionUser,

    /** Same answer whether or not the address exists or is already verified. */
    async requestVerification(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (user && !user.emailVerified) await sendVerification(user);
      else logger.info('verification requested for an unknown or verified address');
    },

    async verifyEmail(token: string): Promise<void> {
      const at = now();
      await repo.transaction(async (tx) => {
        const userId = await repo.consumeToken('verify_email', hashToken(token), at, tx);
        if (userId === undefined) {
          throw new AppError('EMAIL_VERIFICATION_FAILED', MESSAGES.invalidVerificationToken, 'token');
        }
        await repo.updateUser(userId, { emailVerified: true, emailVerifiedAt: at }, tx);
        await repo.spendTokensOfUser('verify_email', userId, at, tx);
      });
    },

    /** Same answer whether or not the address exists. */
    async forgotPassword(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user || user.accountStatus === 'suspended') return;
      const token = await issueToken('reset_password', user.id, TIMING.resetTokenTtlMs);
      sendTemplated('reset_password', user, `${appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`);
    },

    /** Sets a new password and signs the account out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const at = now();
      const hash = await hashPassword(password);
      await repo.transaction(async (tx) => {
        const userId = await repo.consumeToken('reset_password', hashToken(token), at, tx);
        if (userId === undefined) {
          throw new AppError('INVALID_RESET_TOKEN', MESSAGES.invalidResetToken, 'token');
        }
        // The mail reached its owner, so the address is proven too.
        await repo.updateUser(userId, { password: hash, emailVerified: true }, tx);
        await repo.spendTokensOfUser('reset_password', userId, at, tx);
        await repo.deleteSessionsOfUser(userId, tx);
      });
    },

    /**
     * Makes sure the configured admin exists, is verified, and has the configured password. An
     * existing account is only taken over when it has the configured email too: a name someone
     * registered with their own address would otherwise hand them (through a password reset) an
     * admin account. Such a clash stops the start-up with one line naming the variable.
     */
    async ensureAdmin(admin: { username: string; email: string; password: string }): Promise<void> {
      const hash = await hashPassword(admin.password);
      const existing = await repo.findUserByUsername(admin.username);
      if (existing && existing.email.toLowerCase() !== admin.email.toLowerCase()) {
        throw new Error(
          `Invalid ADMIN_USERNAME: the account "${existing.username}" exists with another email, so it is not made admin; ` +
            'choose another ADMIN_USERNAME, or set ADMIN_EMAIL to that account\'s email if it is yours',
        );
      }
      if (existing) {
        await repo.updateUser(existing.id, {
          password: hash,
          isAdmin: true,
          emailVerified: true,
          accountStatus: 'active',
        });
        logger.info({ username: admin.username }, 'admin account updated from ADMIN_* variables');
        return;
      }
      const emailOwner = await repo.findUserByEmail(admin.email);
      if (emailOwner) {
        throw new Error(
          `Invalid ADMIN_EMAIL: ${admin.email} already belongs to the account "${emailOwner.username}", not to ADMIN_USERNAME "${admin.username}"; ` +
            'set ADMIN_USERNAME to that account, or use another ADMIN_EMAIL',
        );
      }
      await repo.insertUser({
        username: admin.username,
        email: admin.email,
        password: hash,
        isAdmin: true,
        emailVerified: true,
        emailVerifiedAt: now(),
      });
      logger.info({ username: admin.username }, 'admin account created from ADMIN_* variables');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
