import { sql } from 'drizzle-orm';

/**
 * Drizzle's prepared queries for the hottest statements (the session lookup, the member's feed
 * page): the query is built once per variant and then only executed with its values, so no SQL is
 * assembled per request (building it was a fifth of the server's time on the signed-in feed;
 * decision record 0021). Each variant has its own statement name, so PostgreSQL prepares it once
 * per connection.
 */

/** A named placeholder where the query builder's types want a value (Drizzle binds it at `execute`). */
export function placeholder<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}

/**
 * Prepared queries by variant key, built on first use. At most `max` are kept (variants are few:
 * page sizes times a handful of shapes); past that a variant is built for its one call.
 */
export function preparedVariants(max = 200): <Q>(key: string, build: (name: string) => Q) => Q {
  // One call site per cache, so a key always names a query of the same type.
  const built = new Map<string, unknown>();
  return <Q>(key: string, build: (name: string) => Q): Q => {
    const known = built.get(key) as Q | undefined;
    if (known) return known;
    const query = build(`q_${key.replace(/[^a-z0-9]+/gi, '_')}`);
    if (built.size < max) built.set(key, query);
    return query;
  };
}
