import { AppError } from '../../lib/app-error.js';
import type { Keyset } from './posts.repository.js';

/** PostgreSQL's text form of a timestamptz, e.g. `2025-01-31 12:34:56.123456+00`. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;

/** An opaque cursor: base64url of `[createdAt text, id]`, exact to the microsecond. */
export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify([key.at, key.id]), 'utf8').toString('base64url');
}

/** The position a cursor names; a malformed one is 400 VALIDATION_ERROR on `cursor`. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => new AppError('VALIDATION_ERROR', 'Invalid cursor', 'cursor');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || !PG_TIMESTAMP.test(at)) throw invalid();
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw invalid();
  return { at, id };
}
