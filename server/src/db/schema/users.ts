// Accounts and everything that hangs off an account: sign-in sessions, one-time tokens, blocks,
// follows, verification badges and roles.
//
// ON DELETE choices: rows that belong to the user (sessions, tokens, blocks and follows in either
// direction, their badge, their roles) CASCADE, so deleting an account leaves nothing of it behind.
// Columns that record which admin did something (granted_by, revoked_by) are SET NULL: the badge or
// role belongs to the other user and must outlive the admin's account.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, timestamptz, updatedAt } from './columns.js';

/** `awaiting_approval`: signed up under a `sign_up_requires_approval` IP block, not yet approved by staff. */
export const accountStatuses = ['active', 'deactivated', 'suspended', 'awaiting_approval'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const followStatuses = ['pending', 'accepted'] as const;
export type FollowStatus = (typeof followStatuses)[number];

export const verifiedTypes = ['blue', 'gold', 'business'] as const;
export type VerifiedType = (typeof verifiedTypes)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    /** argon2id hash (the spec calls the column `password`); never the password itself. */
    password: text('password').notNull(),
    /** Optional at registration; the mappers fall back to the username. */
    displayName: text('display_name'),
    bio: text('bio'),
    location: text('location'),
    profileImage: text('profile_image'),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    emailVerifiedAt: timestamptz('email_verified_at'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    points: integer('points').notNull().default(0),
    level: integer('level').notNull().default(1),
    displayNameUpdatedAt: timestamptz('display_name_updated_at'),
    accountStatus: text('account_status', { enum: accountStatuses }).notNull().default('active'),
    lastLoginAt: timestamptz('last_login_at'),
    /** End of a timed suspension (account_status 'suspended'); null while suspended means permanent. */
    suspendedUntil: timestamptz('suspended_until'),
    /** The reason a suspended member is shown when signing in. */
    suspensionReason: text('suspension_reason'),
    /** Set while the member is restricted (new plates, comments and chat requests held for review). */
    restrictedAt: timestamptz('restricted_at'),
    /** End of a timed restriction; null while restricted means until lifted. */
    restrictedUntil: timestamptz('restricted_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in and registration compare names case-insensitively: "Alice" and "alice" are one user.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // Leaderboard: highest points first, id as the stable tie-breaker for pagination.
    index('users_points_idx').on(t.points.desc().nullsFirst(), t.id),
    check('users_account_status_check', sql`${t.accountStatus} in ${inList(accountStatuses)}`),
    check('users_level_check', sql`${t.level} between 1 and 10`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * A suspended member's pass to appeal: answered (once, as a random token) with the 403
 * ACCOUNT_SUSPENDED of a sign-in with the right password, and accepted as `Authorization: Appeal
 * <token>` by the two strike routes only (their strikes, and an appeal of one). Stored as its
 * SHA-256 like session tokens; short-lived; at most one per member (a new one replaces it).
 */
export const appealPasses = pgTable(
  'appeal_passes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
);

/**
 * Where an account has signed in with its password: the device (a random value kept in the
 * long-lived `plates_device` cookie, stored here only as its SHA-256) and the IP address. Unlike
 * sessions these outlive sign-out, so a known device or address keeps passing the sign-in back-off
 * that strangers' failures raise (server/src/modules/auth/login-throttle.ts).
 */
export const loginOrigins = pgTable(
  'login_origins',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the device cookie's value. */
    deviceHash: text('device_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    unique('login_origins_user_device_ip_key').on(t.userId, t.deviceHash, t.ip),
    index('login_origins_user_ip_idx').on(t.userId, t.ip),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the token sent by email. */
    token: text('token').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 hex of the token sent by email. */
    token: text('token').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    used: boolean('used').notNull().default(false),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    id: id(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_blocks_blocker_blocked_key').on(t.blockerId, t.blockedId),
    // "is anyone blocking me?" checks run from the blocked side.
    index('user_blocks_blocked_id_idx').on(t.blockedId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const follows = pgTable(
  'follows',
  {
    id: id(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: integer('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' while a private profile has not approved the follower. */
    status: text('status', { enum: followStatuses }).notNull().default('accepted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('follows_follower_following_key').on(t.followerId, t.followingId),
    // Follower lists and counts (status narrows to accepted, or to pending requests).
    index('follows_following_id_idx').on(t.followingId, t.status),
    check('follows_not_self_check', sql`${t.followerId} <> ${t.followingId}`),
    check('follows_status_check', sql`${t.status} in ${inList(followStatuses)}`),
  ],
);

export const userVerifications = pgTable(
  'user_verifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    verifiedType: text('verified_type', { enum: verifiedTypes }).notNull().default('blue'),
    verifiedReason: text('verified_reason'),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedReason: text('revoked_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_verifications_verified_type_check', sql`${t.verifiedType} in ${inList(verifiedTypes)}`),
  ],
);

export const verificationRequestStatuses = ['pending', 'approved', 'declined'] as const;
export type VerificationRequestStatus = (typeof verificationRequestStatuses)[number];

/**
 * A member's request for the verified badge (issue 16), decided on /admin/verification. At most
 * one pending request per member (a partial unique index); decided ones stay as history (a decline's
 * reason and time tell the member when they may ask again). The badge itself is user_verifications.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    status: text('status', { enum: verificationRequestStatuses }).notNull().default('pending'),
    /** The badge given on approval. */
    verifiedType: text('verified_type', { enum: verifiedTypes }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('verification_requests_status_check', sql`${t.status} in ${inList(verificationRequestStatuses)}`),
    check('verification_requests_verified_type_check', sql`${t.verifiedType} is null or ${t.verifiedType} in ${inList(verifiedTypes)}`),
    // The queue: pending requests, oldest first.
    index('verification_requests_pending_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    // One pending request per member at a time.
    uniqueIndex('verification_requests_user_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    // A member's latest request.
    index('verification_requests_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_roles_user_id_idx').on(t.userId),
    // Revoked grants stay as history; at most one live grant of a role per user.
    uniqueIndex('user_roles_user_role_active_key').on(t.userId, t.role).where(sql`${t.isActive}`),
  ],
);

/**
 * Every sign-in attempt on an account (password sign-in): when, from where, and whether it
 * succeeded; moderators read it on the member's page. Failures for unknown usernames are security
 * events, not rows here.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    /** Why a failed attempt failed: 'password', 'suspended', 'unverified', 'ip_blocked'. */
    failureReason: text('failure_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_events_user_id_created_at_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    // Accounts sharing an origin (/admin/ratings, record 0034): successful sign-ins grouped by
    // address and user agent within a window; also the member search's lookup by address.
    index('sign_in_events_origin_idx').on(t.ip, t.userAgent, t.createdAt).where(sql`${t.success}`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type LoginOrigin = typeof loginOrigins.$inferSelect;
export type AppealPass = typeof appealPasses.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type NewPasswordResetToken = typeof passwordResetTokens.$inferInsert;
export type EmailVerificationToken = typeof emailVerificationTokens.$inferSelect;
export type NewEmailVerificationToken = typeof emailVerificationTokens.$inferInsert;
export type UserBlock = typeof userBlocks.$inferSelect;
export type NewUserBlock = typeof userBlocks.$inferInsert;
export type Follow = typeof follows.$inferSelect;
export type NewFollow = typeof follows.$inferInsert;
export type UserVerification = typeof userVerifications.$inferSelect;
export type NewUserVerification = typeof userVerifications.$inferInsert;
export type UserRole = typeof userRoles.$inferSelect;
export type VerificationRequest = typeof verificationRequests.$inferSelect;
export type NewVerificationRequest = typeof verificationRequests.$inferInsert;
export type SignInEvent = typeof signInEvents.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
