import { z } from 'zod';
import { RegistrationMode } from '../settings.js';
import { MESSAGES } from '../errors.js';
import { looksLikeStaff, stripBadges } from '../identity.js';
import { LIMITS } from '../limits.js';
import { VerifiedType } from './posts.js';

/** A username as chosen at registration. */
export const Username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
  .max(LIMITS.usernameMax, `Username cannot exceed ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.]+$/, 'Username can only contain letters, numbers, dots and underscores')
  .refine((name) => !looksLikeStaff(name), MESSAGES.usernameReserved);

/**
 * A display name as typed, stored without badge-like symbols (✔, 🛡, …: `stripBadges`); a name of
 * nothing but such symbols is refused. '' stays '' (no display name).
 */
export const DisplayNameText = z
  .string()
  .trim()
  .max(LIMITS.displayNameMax, `Display name cannot exceed ${LIMITS.displayNameMax} characters`)
  .transform((name, ctx) => {
    const stripped = stripBadges(name);
    if (name && !stripped) ctx.addIssue({ code: 'custom', message: MESSAGES.displayNameOnlySymbols });
    return stripped;
  });

export const Password = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, 'Password must be at least 6 characters')
  .max(LIMITS.passwordMax, `Password cannot exceed ${LIMITS.passwordMax} characters`);

export const Email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(LIMITS.emailMax, `Email cannot exceed ${LIMITS.emailMax} characters`)
  .pipe(z.email('Please enter a valid email address'));

export const LoginBody = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(LIMITS.usernameMin, 'Username must be at least 3 characters')
    .max(100, 'Username cannot exceed 100 characters'),
  password: Password,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const RegisterBody = z.object({
  username: Username,
  email: Email,
  password: Password,
  displayName: DisplayNameText.refine((name) => !looksLikeStaff(name), MESSAGES.displayNameReserved)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterBody = z.input<typeof RegisterBody>;

/** The registration form: the body plus a confirmation that is never sent. */
export const RegisterForm = RegisterBody.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);
export type RegisterForm = z.input<typeof RegisterForm>;

export const EmailBody = z.object({ email: Email });
export type EmailBody = z.infer<typeof EmailBody>;

export const VerifyEmailBody = z.object({
  token: z
    .string({ error: 'Verification code is required' })
    .trim()
    .min(1, 'Verification code is required')
    .max(LIMITS.tokenMax, 'Verification code is too long'),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
export const VerifyEmailQuery = z.object({ token: z.string().max(LIMITS.tokenMax).optional() });

export const ResetPasswordBody = z.object({
  token: z
    .string({ error: 'Reset token is required' })
    .trim()
    .min(1, 'Reset token is required')
    .max(LIMITS.tokenMax, 'Reset token is too long'),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const ResetPasswordForm = z
  .object({ password: Password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** The signed-in user as the session sees it (document 1 §3, document 2 §3). */
export const SessionUser = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  displayName: z.string().nullable(),
  email: z.string(),
  profileImage: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Staff permissions (every one for an admin); absent or empty for members. */
  permissions: z.array(z.string()).optional(),
  emailVerified: z.boolean(),
  isVerified: z.boolean(),
  /** The badge shown beside the member's own name (null when not verified). */
  verifiedType: VerifiedType.nullable().optional(),
  isPrivate: z.boolean(),
  chatEnabled: z.boolean(),
  points: z.number().int(),
  level: z.number().int(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * The session a request carries, as the app sees it (the /test-auth support page): who, since when,
 * until when, from which browser, and the server's clock. Never the token.
 */
export const SessionDetails = z.object({
  signedIn: z.boolean(),
  /** Why not signed in: no session was sent, or the one sent is unknown, expired or ended. */
  notSignedInReason: z.enum(['none', 'expired']).nullable(),
  user: z.object({ id: z.number().int().positive(), username: z.string(), displayName: z.string().nullable() }).nullable(),
  session: z
    .object({
      startedAt: z.string(),
      lastUsedAt: z.string(),
      expiresAt: z.string(),
      /** The browser's own description of itself when the session began (its User-Agent). */
      userAgent: z.string().nullable(),
    })
    .nullable(),
  /** The member's other live sessions (other browsers and devices). */
  otherSessions: z.number().int().nonnegative(),
  /** The server's clock when it answered (ISO 8601, milliseconds). */
  serverTime: z.string(),
});
export type SessionDetails = z.infer<typeof SessionDetails>;

export const LoginResponse = z.object({ token: z.string(), user: SessionUser });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RegisterResponse = z.object({
  message: z.string(),
  user: SessionUser,
  /** The sign-up came from an address under an approval block: a moderator must approve the account. */
  awaitingApproval: z.boolean().optional(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const MaintenanceResponse = z.object({
  maintenance: z.boolean(),
  message: z.string().optional(),
  /** Whether anyone may join (the admin's registration setting); absent counts as open. */
  registration: RegistrationMode.optional(),
});
export type MaintenanceResponse = z.infer<typeof MaintenanceResponse>;

export const HealthResponse = z.object({ status: z.literal('ok') });

/** `GET /api/site`: what every page shows of the admin's site settings (/admin/settings). */
export const SiteInfo = z.object({
  /** The name Plates goes by (the footer's ©, mails). */
  name: z.string(),
  /** Where members can write to the team (the footer's Contact link). */
  contactEmail: z.string(),
  /** The largest photo a plate may have, in bytes (the upload form checks it before sending). */
  maxUploadBytes: z.number().int().positive(),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/** Real community numbers for the sign-in page's counters. */
export const CommunityStats = z.object({
  posts: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  ratings: z.number().int().nonnegative(),
});
export type CommunityStats = z.infer<typeof CommunityStats>;
