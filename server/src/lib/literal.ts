import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Constants written into a statement's text instead of sent as parameters, for the hot queries.
 *
 * Drizzle sends every value as a parameter, constants included (`approval_status = $4` with
 * 'approved'). A named statement (db/client.ts) can then only be planned well per call: a generic
 * plan, made once and reused, knows neither the constant nor the page size (it guesses a tenth of
 * the table for `limit $n`) and comes out slower, so PostgreSQL keeps planning every call, which
 * cost more than running the feed's statement (decision record 0021). With the constants and the
 * page size in the text, the generic plan is the good one and planning stops after five calls.
 * Only values of our own go here, never a member's input.
 */

/** `column = <constant>`: a string from our code (quoted) or a boolean. */
export function isConst(column: SQLWrapper, value: string | boolean): SQL {
  return sql`${column} = ${constant(value)}`;
}

/** `column <> <constant>`. */
export function isNotConst(column: SQLWrapper, value: string | boolean): SQL {
  return sql`${column} <> ${constant(value)}`;
}

function constant(value: string | boolean): SQL {
  if (typeof value === 'boolean') return sql.raw(value ? 'true' : 'false');
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/**
 * A page size for Drizzle's `.limit()`, written into the text (Drizzle inlines an SQL chunk
 * there; the type only admits numbers and placeholders). One text per page size in use.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a page size: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
