import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

/**
 * The one shape of every error answer: `{ message, code, field? }`. The 403 ACCOUNT_SUSPENDED of a
 * sign-in with the right password also carries `appealToken`, the member's pass to appeal
 * (`Authorization: Appeal <token>` on the two strike routes).
 */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
  appealToken: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);
