import { MESSAGES, SETTINGS_MESSAGES, TIMING, suspendedText, type LoginBody, type RegistrationMode, type SessionDetails, type SessionUser } from '@plates/common';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation, violatedConstraint } from '../../lib/db-errors.js';
import type { Jobs } from '../../lib/jobs.js';
import type { EmailTemplates } from '../email-templates/email-templates.service.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Tx } from '../../db/client.js';
import type { User } from '../../db/schema/index.js';
import { toSessionUser } from '../users/users.mapper.js';
import type { NameGuard } from '../users/users.names.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { AuthRepository, SessionMember, TokenKind } from './auth.repository.js';
import { KNOWN_ORIGIN_TTL_MS, type LoginAttempt, type LoginThrottle } from './login-throttle.js';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The `plates_device` cookie the browser sent, if any. */
  device?: string | undefined;
}

const DEVICE_VALUE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthServiceDeps {
  repo: AuthRepository;
  /** The verification and reset mails, rendered from their templates (/admin/email-templates). */
  mail: Pick<EmailTemplates, 'queue'>;
  jobs: Jobs;
  appUrl: string;
  isMaintenance: () => Promise<boolean>;
  /** The admin's registration setting: open, approval (every new account waits for a moderator) or closed. */
  registrationMode: () => RegistrationMode;
  /** The canonical text of a request's address, as sign-up approvals record it. */
  canonicalIp: (ip: string) => string;
  throttle: LoginThrottle;
  /** Refuses names that would pass for the team or an admin. */
  names: NameGuard;
  /** The content filters: a display name given at sign-up is screened (hold counts as flag). */
  filters: ContentScreen;
  /** The member's staff permissions (admin/permissions.ts), shown with the session's user. */
  permissionsOf: (member: { id: number; isAdmin: boolean }) => Promise<string[]>;
  /**
   * Refuses a sign-up from a blocked address or with an email at a blocked domain (the security
   * module's IP and domain blocks); answers a block that asks for approval, and the address in
   * canonical form, for the account to be created awaiting approval.
   */
  checkSignUp: (
    email: string,
    origin: RequestMeta,
  ) => Promise<{ needsApproval: { blockId: number; range: string; ip: string } | null }>;
  /** Lifts a suspension whose end has passed (moderation.service); true when it did. */
  liftSuspensionIfDue: (userId: number) => Promise<boolean>;
  /** Closes a member's live connections on every instance (signing out everywhere). */
  disconnectUser: (userId: number) => void;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

/** Who a request is, once its session token checks out: the columns the rules need (`SessionMember`). */
export interface AuthContext {
  user: SessionMember;
  sessionId: number;
}

const TOUCH_INTERVAL_MS = 5 * 60_000;

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, mail, jobs, appUrl, logger, throttle } = deps;
  const now = deps.now ?? (() => new Date());

  async function sessionUser(user: User): Promise<SessionUser> {
    const [verifiedType, permissions] = await Promise.all([repo.badgeOf(user.id), deps.permissionsOf(user)]);
    return { ...toSessionUser(user, verifiedType), permissions };
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

  /**
   * Queues the template `name` (the stored one, or its default): one mail per token, the link's
   * token hashed into the job's key.
   */
  function sendTemplated(name: TokenKind, user: User, link: string): void {
    mail.queue(name, user.email, { displayName: user.displayName || user.username, link }, { userId: user.id, object: hashToken(link) });
  }

  /**
   * Writes a security event after the answer has gone, so that answers for existing and unknown
   * usernames take the same time.
   */
  function securityEvent(
    userId: number,
    meta: RequestMeta,
    event: { eventType: string; severity: 'low' | 'medium' | 'high'; description: string; metadata: Record<string, unknown> },
  ): void {
    jobs.run('security-event', () =>
      repo.insertSecurityEvent({ userId, ipAddress: meta.ip, userAgent: meta.userAgent?.slice(0, 500) ?? null, ...event }),
    );
  }

  /**
   * One row of the account's sign-in history (read on its admin page), written after the answer
   * but stamped with the attempt's time: two attempts' jobs may commit in either order, and the
   * history must still list them in the order they were made.
   */
  function signInEvent(userId: number, meta: RequestMeta, failureReason: string | null): void {
    const createdAt = now();
    jobs.run('sign-in-event', () =>
      repo.insertSignInEvent({
        createdAt,
        userId,
        success: failureReason === null,
        failureReason,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
      }),
    );
  }

  /** The device cookie sent, when it is one of ours in form. */
  const sentDevice = (meta: RequestMeta) => (meta.device && DEVICE_VALUE.test(meta.device) ? meta.device : undefined);

  async function rememberOrigin(userId: number, device: string, ip: string, conn?: Tx): Promise<void> {
    const at = now();
    await repo.rememberOrigin(
      { userId, deviceHash: hashToken(device), ip, at, staleBefore: new Date(at.getTime() - KNOWN_ORIGIN_TTL_MS) },
      conn,
    );
  }

  async function sendVerification(user: User): Promise<void> {
    const token = await issueToken('verify_email', user.id, TIMING.verificationTokenTtlMs);
    sendTemplated('verify_email', user, `${appUrl}/auth/verify-email?token=${encodeURIComponent(token)}`);
  }

  return {
    async register(
      body: { username: string; email: string; password: string; displayName?: string | undefined },
      meta: RequestMeta,
    ) {
      if (await deps.isMaintenance()) {
        throw new AppError('MAINTENANCE_MODE', MESSAGES.maintenance);
      }
      const mode = deps.registrationMode();
      if (mode === 'closed') throw new AppError('FORBIDDEN', SETTINGS_MESSAGES.registrationClosed);
      // Before the name checks, so a refused address or domain learns nothing of who is registered.
      const verdict = await deps.checkSignUp(body.email, meta);
      await deps.names.check(body);
      const screening = deps.filters.screen([{ scope: 'display_names', field: 'displayName', text: body.displayName }], null);
      if (await repo.findUserByUsername(body.username)) {
        throw new AppError('ALREADY_EXISTS', MESSAGES.usernameTaken, 'username');
      }
      if (await repo.findUserByEmail(body.email)) {
        throw new AppError('ALREADY_EXISTS', MESSAGES.emailTaken, 'email');
      }
      // Registration by approval puts every new account in the same queue as an approval block does.
      const approval =
        verdict.needsApproval ??
        (mode === 'approval' ? { blockId: null, range: null, ip: deps.canonicalIp(meta.ip) } : null);
      const password = await hashPassword(body.password);
      let user: User;
      try {
        // An address under a sign-up-approval block: the account waits for a moderator, and the
        // reason it waits is kept beside it (one transaction, so it never waits without one).
        user = await repo.transaction(async (tx) => {
          const created = await repo.insertUser(
            {
              username: body.username,
              email: body.email,
              password,
              displayName: body.displayName ?? null,
              ...(approval ? { accountStatus: 'awaiting_approval' as const } : {}),
            },
            tx,
          );
          if (approval) {
            await repo.insertSignUpApproval(
              { userId: created.id, signUpIp: approval.ip, ipBlockId: approval.blockId, blockRange: approval.range },
              tx,
            );
          }
          return created;
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
      await deps.filters.record(screening, { type: 'user', id: user.id }, user.id);
      if (approval?.range) {
        securityEvent(user.id, meta, {
          eventType: 'sign_up_needs_approval',
          severity: 'medium',
          description: `Signed up from an address under a sign-up-approval block (${approval.range}); the account awaits a moderator's approval`,
          metadata: { blockId: approval.blockId, range: approval.range },
        });
      }
      await sendVerification(user);
      return { user: await sessionUser(user), awaitingApproval: approval !== null };
    },

    /**
     * Signs in by username and password, throttled per account and place (login-throttle.ts).
     * Answers the session token and the device cookie to keep. Unknown usernames go through the
     * same throttle and answers, so neither tells which usernames exist.
     */
    async login(body: LoginBody, meta: RequestMeta) {
      let user = await repo.findUserByUsername(body.username);
      const sent = sentDevice(meta);
      const deviceHash = sent && hashToken(sent);
      // Asked for unknown usernames too (of no account), so that both take the same time.
      const known = await repo.knownOrigin(user?.id ?? 0, deviceHash, meta.ip);
      const attempt: LoginAttempt = {
        account: body.username.toLowerCase(),
        place: known.device ? `device:${deviceHash}` : `ip:${meta.ip}`,
        known: known.device || known.address,
      };
      const gate = await throttle.enter(attempt);
      if (!gate.allowed) {
        if (user && gate.report) {
          securityEvent(user.id, meta, {
            eventType: 'login_throttled',
            severity: 'high',
            description:
              gate.reason === 'place'
                ? 'Sign-in refused: too many wrong passwords for this account from one address'
                : 'Sign-in refused: the account is in back-off after repeated wrong passwords',
            metadata: { reason: gate.reason, retryAfterSeconds: Math.ceil(gate.retryAfterMs / 1000) },
          });
        }
        const error = new AppError('RATE_LIMITED', MESSAGES.loginRateLimited);
        error.retryAfterSeconds = Math.max(1, Math.ceil(gate.retryAfterMs / 1000));
        throw error;
      }
      let right = false;
      if (user) right = await verifyPassword(user.password, body.password);
      else await verifyPassword(await dummyHash(), body.password); // same time as a wrong password
      if (!user || !right) {
        await throttle.failed(attempt);
        if (user) {
          signInEvent(user.id, meta, 'password');
          securityEvent(user.id, meta, {
            eventType: 'login_failed',
            severity: 'low',
            description: 'Wrong password',
            metadata: { knownDevice: known.device, knownAddress: known.address },
          });
        }
        throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      }
      await throttle.succeeded(attempt);
      if (user.accountStatus === 'suspended' && (await deps.liftSuspensionIfDue(user.id))) {
        user = (await repo.findUserByUsername(body.username)) ?? user;
      }
      if (user.accountStatus === 'suspended') {
        signInEvent(user.id, meta, 'suspended');
        securityEvent(user.id, meta, {
          eventType: 'suspended_sign_in',
          severity: 'medium',
          description: 'A suspended member tried to sign in',
          metadata: { suspendedUntil: user.suspendedUntil?.toISOString() ?? null },
        });
        // The right password: the member gets a pass to read their strikes and appeal (nothing else).
        const appealToken = newToken();
        await repo.saveAppealPass({
          userId: user.id,
          tokenHash: hashToken(appealToken),
          expiresAt: new Date(now().getTime() + TIMING.appealPassTtlMs),
        });
        const error = new AppError('ACCOUNT_SUSPENDED', suspendedText(user.suspensionReason, user.suspendedUntil));
        error.appealToken = appealToken;
        throw error;
      }
      if (!user.emailVerified) {
        signInEvent(user.id, meta, 'unverified');
        throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
      }
      // After the verification check: the member can act on that one; this one is the moderators'.
      if (user.accountStatus === 'awaiting_approval') {
        signInEvent(user.id, meta, 'awaiting_approval');
        throw new AppError('ACCOUNT_AWAITING_APPROVAL', MESSAGES.accountAwaitingApproval);
      }
      if (!attempt.known && gate.failuresBefore > 0) {
        securityEvent(user.id, meta, {
          eventType: 'login_new_origin',
          severity: 'medium',
          description: 'Signed in from a new device and address after wrong passwords',
          metadata: { failuresBefore: gate.failuresBefore },
        });
      }
      const token = newToken();
      const device = sent ?? newToken();
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
        await rememberOrigin(user!.id, device, meta.ip, tx);
        // Signing in again is how a deactivated account comes back (document 2 §4).
        if (user!.accountStatus !== 'active') await repo.setAccountStatus(user!.id, 'active', tx);
        return repo.updateUser(user!.id, { lastLoginAt: at }, tx);
      });
      signInEvent(user.id, meta, null);
      return { token, device, user: await sessionUser(user) };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSession(hashToken(token));
    },

    /** Ends every session of the member, on every device, and closes their live connections. */
    async logoutEverywhere(userId: number): Promise<void> {
      await repo.deleteSessionsOfUser(userId);
      deps.disconnectUser(userId);
    },

    /**
     * The request's session as the app sees it, without its token: for a visitor, whether a session
     * was sent at all (one that was sent but did not check out has expired or was ended).
     */
    async describeSession(context: AuthContext | null, sentSession: boolean): Promise<SessionDetails> {
      const at = now();
      const row = context ? await repo.sessionDetails(context.sessionId, at) : undefined;
      if (!context || !row) {
        return {
          signedIn: false,
          notSignedInReason: sentSession ? 'expired' : 'none',
          user: null,
          session: null,
          otherSessions: 0,
          serverTime: at.toISOString(),
        };
      }
      return {
        signedIn: true,
        notSignedInReason: null,
        user: { id: context.user.id, username: row.username, displayName: row.displayName },
        session: {
          startedAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          userAgent: row.userAgent,
        },
        otherSessions: row.others,
        serverTime: at.toISOString(),
      };
    },

    /** The session behind a token, or nothing when it is unknown, expired or its account is not usable. */
    async authenticate(token: string): Promise<AuthContext | undefined> {
      const at = now();
      const found = await repo.findSession(hashToken(token), at);
      const status = found?.user.accountStatus;
      if (!found || status === 'suspended' || status === 'awaiting_approval') return undefined;
      if (at.getTime() - found.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchSession(found.session.id, at);
      }
      return { user: found.user, sessionId: found.session.id };
    },

    sessionUser,

    /**
     * The signed-in member's whole account, for the routes that answer or change it (a request's
     * session carries only `SessionMember`). A 401 when it is gone since the session was read.
     */
    async account(member: { id: number }): Promise<User> {
      const user = await repo.findUserById(member.id);
      if (!user) throw new AppError('SESSION_EXPIRED', MESSAGES.sessionExpired);
      return user;
    },

    /** The member an appeal pass belongs to while it lasts, or nothing (unknown or expired). */
    async appealPassHolder(token: string): Promise<{ userId: number } | undefined> {
      return repo.findAppealPass(hashToken(token), now());
    },

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

    /**
     * Sets a new password and signs the account out everywhere. The browser that used the mailed
     * link becomes a known device of the account (answered, to keep as its cookie), so an attacker's
     * failures cannot hold its next sign-in back.
     */
    async resetPassword(token: string, password: string, meta: RequestMeta): Promise<{ device: string }> {
      const at = now();
      const hash = await hashPassword(password);
      const device = sentDevice(meta) ?? newToken();
      await repo.transaction(async (tx) => {
        const userId = await repo.consumeToken('reset_password', hashToken(token), at, tx);
        if (userId === undefined) {
          throw new AppError('INVALID_RESET_TOKEN', MESSAGES.invalidResetToken, 'token');
        }
        // The mail reached its owner, so the address is proven too.
        await repo.updateUser(userId, { password: hash, emailVerified: true }, tx);
        await repo.spendTokensOfUser('reset_password', userId, at, tx);
        await repo.deleteSessionsOfUser(userId, tx);
        await rememberOrigin(userId, device, meta.ip, tx);
      });
      return { device };
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
        await repo.transaction(async (tx) => {
          await repo.updateUser(existing.id, { password: hash, isAdmin: true, emailVerified: true }, tx);
          if (existing.accountStatus !== 'active') await repo.setAccountStatus(existing.id, 'active', tx);
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
