// Column builders shared by every table. Each helper returns a fresh builder, so one call per
// column; names are written out in snake_case so the SQL never depends on a casing option.
import { sql } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Integer identity primary key (`GENERATED ALWAYS AS IDENTITY`): ids are positive integers. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** A timestamptz column read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Set by the database on insert and by Drizzle on every `update()` through the query builder. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * `('a', 'b')` as literal SQL, for check constraints (which cannot take bound parameters), so a
 * closed value set is written once as a TypeScript tuple and reused in the constraint. Only for
 * constants defined in this schema, never for input.
 */
export const inList = (values: readonly string[]) =>
  sql.raw(`(${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`);
