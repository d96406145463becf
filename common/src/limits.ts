/** Limits both sides enforce (documents 1 §5, §9 and 2 §5, §9). */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  /** Bounds hashing work per request; far above any passphrase a person types. */
  passwordMax: 128,
  emailMax: 254,
  displayNameMax: 50,
  bioMax: 500,
  locationMax: 100,
  titleMin: 3,
  titleMax: 50,
  uploadBytes: 5 * 1024 * 1024,
  /** Largest JSON body any endpoint accepts. */
  jsonBodyBytes: 64 * 1024,
  tokenMax: 256,
} as const;

/** Time constants (document 1 §9). */
export const TIMING = {
  authBackgroundRotationMs: 4000,
  verifyRedirectMs: 3000,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  authUserStaleMs: 5 * 60_000,
  authUserGcMs: 30 * 60_000,
  verificationTokenTtlMs: 24 * 60 * 60_000,
  resetTokenTtlMs: 60 * 60_000,
  sessionTtlMs: 30 * 24 * 60 * 60_000,
  /** A suspended member's appeal pass (answered with the refused sign-in). */
  appealPassTtlMs: 30 * 60_000,
} as const;

/** Browser storage keys (document 1 §3). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  userId: 'userId',
  theme: 'theme',
  chatConnectionMode: 'chatConnectionMode',
  navigationTipDismissed: 'navigationTipDismissed',
  /** Join Now's way back, kept for the Sign In that follows the verification mail. */
  returnAfterJoin: 'returnAfterJoin',
} as const;

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'plates_session';
