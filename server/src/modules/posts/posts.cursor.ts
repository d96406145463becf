import { z } from 'zod';
import { decodeCursor as decode, encodeCursor as encode } from '../../lib/cursor.js';
import type { Keyset } from './posts.repository.js';

/** PostgreSQL's text form of a timestamptz, e.g. `2025-01-31 12:34:56.123456+00`. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;

/** `[createdAt text, id]`: exact to the microsecond, as PostgreSQL stores it. */
const Keys = z.tuple([z.string().regex(PG_TIMESTAMP), z.number().int().positive().max(2_147_483_647)]);

export function encodeCursor(key: Keyset): string {
  return encode([key.at, key.id]);
}

/** The position a cursor names; a malformed one is 400 VALIDATION_ERROR on `cursor`. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  const keys = decode(cursor, Keys);
  return keys && { at: keys[0], id: keys[1] };
}
