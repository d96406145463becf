import { ERROR_CODES, type ErrorCode } from '@plates/common';

/** The one error type services throw; the error handler turns it into `{message, code, field?}`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** For RATE_LIMITED answers: seconds until another attempt is allowed. */
  retryAfterSeconds?: number;
  /** For a suspended member's refused sign-in (right password): their appeal pass. */
  appealToken?: string;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    statusCode?: number,
  ) {
    super(message);
    this.statusCode = statusCode ?? ERROR_CODES[code].status;
  }
}
