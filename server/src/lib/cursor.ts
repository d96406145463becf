import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Opaque page cursors for keyset pagination: base64url of a JSON tuple of the last row's sort
 * keys. Each list says what its tuple holds with a zod shape, so a forged cursor is refused the
 * same way everywhere: 400 VALIDATION_ERROR on `cursor`.
 */
export function encodeCursor(keys: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string | undefined, shape: z.ZodType<T>): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => new AppError('VALIDATION_ERROR', 'Invalid cursor', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = shape.safeParse(value);
  if (!parsed.success) throw invalid();
  return parsed.data;
}
