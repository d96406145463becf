import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

/** The one shape of every error answer: `{ message, code, field? }`. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ErrorCodeSchema = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);
