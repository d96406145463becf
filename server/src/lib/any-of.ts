import { Param, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: the ids travel as one array parameter, so the statement's text is the
 * same whatever their number and PostgreSQL prepares it once per connection (db/client.ts names
 * statements by their text); `inArray` writes `in ($1, $2, …)`, one text per list length, and a
 * list of more than 65,535 ids would pass the protocol's limit on parameters.
 */
export function anyOf(column: Column | SQL, ids: number[]): SQL {
  return sql`${column} = any(${new Param(ids)}::int[])`;
}
