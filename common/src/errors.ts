/**
 * The error catalogue of the specification (document 1 §8), shared by the server, which answers
 * every failure as `{ message, code, field? }`, and the web client, which turns any failure into a
 * message and a toast title from the same table.
 */

/** Every code an answer or the client may carry, with its HTTP status and toast title. */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, title: 'Invalid Input' },
  VALIDATION_ERROR: { status: 400, title: 'Invalid Input' },
  REQUIRED_FIELD: { status: 400, title: 'Required Field' },
  TOO_LONG: { status: 400, title: 'Value Too Long' },
  TOO_SHORT: { status: 400, title: 'Value Too Short' },
  ALREADY_EXISTS: { status: 400, title: 'Already Exists' },
  INVALID_RESET_TOKEN: { status: 400, title: 'Invalid Reset Link' },
  EMAIL_VERIFICATION_FAILED: { status: 400, title: 'Email Verification Failed' },
  FILE_REQUIRED: { status: 400, title: 'File Required' },
  INVALID_FILE_TYPE: { status: 400, title: 'Invalid File Type' },
  MESSAGE_TOO_LONG: { status: 400, title: 'Message Too Long' },
  UNAUTHORIZED: { status: 401, title: 'Authentication Required' },
  INVALID_CREDENTIALS: { status: 401, title: 'Authentication Required' },
  INVALID_TOKEN: { status: 401, title: 'Authentication Required' },
  SESSION_EXPIRED: { status: 401, title: 'Session Expired' },
  INSUFFICIENT_FUNDS: { status: 402, title: 'Insufficient Funds' },
  FORBIDDEN: { status: 403, title: 'Access Denied' },
  EMAIL_NOT_VERIFIED: { status: 403, title: 'Email Verification Required' },
  ACCOUNT_SUSPENDED: { status: 403, title: 'Account Suspended' },
  ACCOUNT_AWAITING_APPROVAL: { status: 403, title: 'Awaiting Approval' },
  USER_BLOCKED: { status: 403, title: 'User Blocked' },
  CHAT_DISABLED: { status: 403, title: 'Chat Unavailable' },
  NOT_FOUND: { status: 404, title: 'Not Found' },
  USER_NOT_FOUND: { status: 404, title: 'User Not Found' },
  CONFLICT: { status: 409, title: 'Conflict' },
  /** A link that worked once and no longer does (an expired or deleted data export). */
  GONE: { status: 410, title: 'Link Expired' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Value Too Long' },
  FILE_TOO_LARGE: { status: 413, title: 'File Too Large' },
  UNPROCESSABLE: { status: 422, title: 'Invalid Input' },
  RATE_LIMITED: { status: 429, title: 'Slow Down' },
  QUOTA_EXCEEDED: { status: 429, title: 'Quota Exceeded' },
  INTERNAL_ERROR: { status: 500, title: 'Server Error' },
  BAD_GATEWAY: { status: 502, title: 'Gateway Error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service Unavailable' },
  MAINTENANCE_MODE: { status: 503, title: 'Maintenance Mode' },
  GATEWAY_TIMEOUT: { status: 504, title: 'Timeout' },
  NETWORK_ERROR: { status: 0, title: 'Connection Problem' },
  UNKNOWN_ERROR: { status: 0, title: 'Error' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

// The zod schema of the error answer lives in schemas/error.ts: this module stays free of zod so
// the web app's first load, which parses errors, does not carry it.

/** Messages the server sends; the client matches some of them back to the catalogue's words. */
export const MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  emailNotVerified:
    'Please verify your email address before logging in. Check your inbox for the verification link.',
  accountAwaitingApproval:
    "Your account is waiting for a moderator's approval. We will email you as soon as it has been reviewed; until then you cannot sign in.",
  registeredAwaitingApproval:
    "Registration successful! Please check your email and verify your account. A moderator will also review your account before you can sign in: we will email you once it is approved.",
  usernameTaken: 'Username already exists',
  usernameReserved: 'This username is reserved for the Plates team. Please choose a different username.',
  displayNameReserved: 'This display name is reserved for the Plates team. Please choose a different display name.',
  displayNameOnlySymbols: 'Display name must contain letters or numbers, not only badge symbols',
  emailTaken: 'An account with this email already exists',
  notAuthenticated: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  signedOutEverywhere: 'Signed out everywhere',
  appealPassExpired: 'Your appeal pass has expired. Sign in again to appeal.',
  invalidVerificationToken: 'Invalid or expired verification token',
  invalidResetToken: 'Invalid or expired reset token',
  verificationSent:
    'If an account with that email exists and is not yet verified, a verification email has been sent.',
  resetSent: 'If an account with that email exists, a password reset link has been sent.',
  emailVerified: 'Email verified successfully. You can now sign in.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  maintenance: 'Registration is temporarily disabled while Plates is in maintenance mode.',
  shuttingDown: 'This server is shutting down. Please try again in a moment.',
  loginRateLimited: 'Too many login attempts. Please try again later.',
  registerRateLimited: 'Too many registration attempts. Please try again later.',
  mailRateLimited: 'Too many email requests. Please try again later.',
  uploadRateLimited: 'Too many uploads. Please try again later.',
  commentRateLimited: 'Too many comments. Please wait a few minutes and try again.',
  ratingRateLimited: 'Too many ratings. Please wait a few minutes and try again.',
  followRateLimited: 'Too many follows and unfollows. Please wait a few minutes and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  malformedJson: 'Invalid request: the body is not valid JSON.',
  unsafeText: 'Invalid request: text cannot contain NUL characters or broken Unicode.',
  clientClosed: 'Invalid request: the connection closed before the request arrived.',
  payloadTooLarge: 'Invalid request: the body is too large.',
  routeNotFound: 'The requested resource was not found.',
  internal: 'Server error. Our team has been notified.',
  databaseTimeout: 'The server is busy and could not answer in time. Please try again in a moment.',
  forbidden: "You don't have permission to perform this action.",
} as const;

/** Default code for a status when an answer carries none (document 1 §8). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'GONE';
    case 422:
      return 'VALIDATION_ERROR';
    case 429:
      return 'RATE_LIMITED';
    case 500:
      return 'INTERNAL_ERROR';
    case 502:
      return 'BAD_GATEWAY';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    case 504:
      return 'GATEWAY_TIMEOUT';
    default:
      return 'UNKNOWN_ERROR';
  }
}

/** Fallback message for a status when the answer says nothing useful (document 1 §8). */
export function fallbackMessage(status: number, detail?: string): string {
  const withDetail = (prefix: string, generic: string) =>
    detail ? `${prefix}: ${detail}` : `${prefix}: ${generic}`;
  switch (status) {
    case 0:
      return 'Network error. Please check your internet connection and try again.';
    case 400:
      return withDetail('Invalid request', 'please check what you entered and try again.');
    case 401:
      return 'Please log in to continue.';
    case 403:
      return "You don't have permission to perform this action.";
    case 404:
      return 'The requested resource was not found.';
    case 409:
      return withDetail('Conflict', 'this was changed by someone else. Please try again.');
    case 422:
      return withDetail('Validation error', 'please check what you entered and try again.');
    case 429:
      return 'Too many requests. Please wait a moment and try again.';
    case 500:
      return 'Server error. Our team has been notified.';
    case 502:
    case 503:
    case 504:
      return 'Service temporarily unavailable. Please try again in a moment.';
    default:
      return 'Something went wrong. Please try again.';
  }
}

/**
 * Server texts the catalogue rewrites into its own words, in order of precedence. Matching is by
 * text because the specification's client matched by text; our own server also sends the codes.
 */
const TEXT_RULES: ReadonlyArray<{ pattern: RegExp; code: ErrorCode; message?: string }> = [
  {
    pattern: /invalid (credentials|username or password)/i,
    code: 'INVALID_CREDENTIALS',
    message: 'Invalid username or password. Please check them and try again.',
  },
  {
    pattern: /session (has )?expired/i,
    code: 'SESSION_EXPIRED',
    message: 'Your session has expired. Please log in again.',
  },
  {
    pattern: /invalid (auth(entication)? )?token|jwt/i,
    code: 'INVALID_TOKEN',
    message: 'Authentication failed. Please log in again.',
  },
  { pattern: /user not found/i, code: 'USER_NOT_FOUND', message: 'User not found.' },
  {
    pattern: /user (is )?blocked|blocked (you|by)/i,
    code: 'USER_BLOCKED',
    message: 'You cannot interact with this user.',
  },
  {
    pattern: /(invalid|expired).*reset token|reset token.*(invalid|expired)/i,
    code: 'INVALID_RESET_TOKEN',
    message: 'This password reset link is invalid or has expired. Please request a new one.',
  },
  {
    pattern: /verify your email|email (is )?not verified|unverified/i,
    code: 'EMAIL_NOT_VERIFIED',
    message:
      'Please verify your email address before logging in. Check your inbox for the verification link.',
  },
  {
    pattern: /file (is )?too large|max(imum)? (file )?size/i,
    code: 'FILE_TOO_LARGE',
    message: 'File too large. The maximum size is 5MB.',
  },
  {
    pattern: /svg/i,
    code: 'INVALID_FILE_TYPE',
    message: 'SVG files are not allowed for security reasons.',
  },
  {
    pattern: /invalid file type|unsupported (file|image)/i,
    code: 'INVALID_FILE_TYPE',
    message: 'Invalid file type. Please choose an image (JPG, PNG, GIF or WebP).',
  },
  { pattern: /chat (is )?disabled/i, code: 'CHAT_DISABLED', message: 'This user has disabled chat.' },
  { pattern: /message (is )?too long/i, code: 'MESSAGE_TOO_LONG' },
  {
    pattern: /maintenance/i,
    code: 'MAINTENANCE_MODE',
    message: 'Plates is in maintenance mode. Please try again later.',
  },
  { pattern: /quota exceeded/i, code: 'QUOTA_EXCEEDED' },
  { pattern: /required/i, code: 'REQUIRED_FIELD' },
  { pattern: /too long|cannot exceed|at most/i, code: 'TOO_LONG' },
  { pattern: /too short|at least/i, code: 'TOO_SHORT' },
  { pattern: /already exists|already taken/i, code: 'ALREADY_EXISTS' },
  { pattern: /validation/i, code: 'VALIDATION_ERROR' },
  {
    pattern: /rate limit|too many/i,
    code: 'RATE_LIMITED',
  },
  { pattern: /not found/i, code: 'NOT_FOUND' },
];

function isKnownCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && Object.hasOwn(ERROR_CODES, code);
}

export interface DescribedError {
  status: number;
  code: ErrorCode;
  field?: string;
  /** The words to show a person. */
  message: string;
  /** The toast title for the code. */
  title: string;
  /** A suspended member's appeal pass, answered with ACCOUNT_SUSPENDED to the right password. */
  appealToken?: string;
}

/**
 * Turns a failed answer (status and the parsed body, when there is one) into the catalogue's code,
 * message and toast title. Specific server messages (field rules, conflicts) are kept as they are;
 * texts the catalogue has its own words for are rewritten; an empty answer gets the status fallback.
 */
export function describeError(input: {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
  field?: string | undefined;
}): DescribedError {
  const { status } = input;
  const serverMessage = input.message?.trim() || undefined;
  const rule = serverMessage ? TEXT_RULES.find((r) => r.pattern.test(serverMessage)) : undefined;
  const code: ErrorCode = isKnownCode(input.code)
    ? input.code
    : status === 0
      ? 'NETWORK_ERROR'
      : (rule?.code ?? codeForStatus(status));
  const message =
    status === 0
      ? fallbackMessage(0)
      : (rule?.message ?? serverMessage ?? fallbackMessage(status));
  const described: DescribedError = { status, code, message, title: ERROR_CODES[code].title };
  if (input.field) described.field = input.field;
  return described;
}

/**
 * Parses the specification's raw error text, `"<status>: <body>"`, where the body is the JSON error
 * answer or plain text, into a described error.
 */
export function parseRawError(raw: string): DescribedError {
  const match = /^(\d{3}):\s?([\s\S]*)$/.exec(raw);
  if (!match) return describeError({ status: 0 });
  const status = Number(match[1]);
  const body = match[2] ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return describeError({ status, message: body }); // plain text body
  }
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const { message, code, field, appealToken } = parsed as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const described = describeError({ status, message: text(message), code: text(code), field: text(field) });
    if (described.code === 'ACCOUNT_SUSPENDED' && text(appealToken)) described.appealToken = text(appealToken);
    return described;
  }
  return describeError({ status, message: body });
}
