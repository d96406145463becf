import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor.js';

/**
 * Keyset paging for newest-first lists ordered by `(created_at desc, id desc)`: feeds, profiles,
 * saved plates, followers, notifications. A page ends at its last row's exact `created_at` and id,
 * and the next page starts strictly after it, so rows written meanwhile never shift a page.
 */

/** A keyset position: a row's exact `created_at` (PostgreSQL's text form, microseconds kept) and id. */
export interface Keyset {
  at: string;
  id: number;
}

/** A page of ids in order, each with its keyset position. */
export interface IdPage {
  ids: number[];
  last: Keyset | undefined;
  hasMore: boolean;
}

/** `(created_at, id) < (cursor)`: the rows after `cursor` in newest-first order; undefined without one. */
export function after(createdAt: SQLWrapper, id: SQLWrapper, cursor: Keyset | undefined): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
}

/** The page of `limit` rows from `rows` (fetched with `limit + 1`, so one more tells there is more). */
export function idPage(rows: ReadonlyArray<{ id: number; keyAt: string }>, limit: number): IdPage {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { ids: kept.map((r) => r.id), last: last && { at: last.keyAt, id: last.id }, hasMore: rows.length > limit };
}

/** PostgreSQL's text form of a timestamptz, e.g. `2025-01-31 12:34:56.123456+00`. */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;

/** `[createdAt text, id]`: exact to the microsecond, as PostgreSQL stores it. */
const Keys = z.tuple([z.string().regex(PG_TIMESTAMP), z.number().int().positive().max(2_147_483_647)]);

export function encodeKeyset(key: Keyset): string {
  return encodeCursor([key.at, key.id]);
}

/** The position a cursor names; a malformed one is 400 VALIDATION_ERROR on `cursor`. */
export function decodeKeyset(cursor: string | undefined): Keyset | undefined {
  const keys = decodeCursor(cursor, Keys);
  return keys && { at: keys[0], id: keys[1] };
}
