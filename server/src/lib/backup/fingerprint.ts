// What a database holds, table by table: the row count and a hash of every row in primary-key
// order, for every table the catalogue lists (not a hand-written list, so a table added by a later
// migration is covered without anyone remembering to). The backup stores it in its manifest, the
// restore checks the restored database against it, and the round-trip tests compare two databases.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

export interface TableFingerprint {
  /** `schema.table`, e.g. `public.users`, `drizzle.__drizzle_migrations`. */
  name: string;
  rows: number;
  /** md5 over the md5 of each row's text form, in primary-key order (whole-row order without one). */
  hash: string;
}

interface CatalogueTable {
  schema: string;
  table: string;
  /** Primary-key columns in key order; empty when the table has none. */
  key: string[];
}

/**
 * Ordinary and partitioned tables of every schema but the system ones, leaving out partitions
 * (their rows are counted through the parent) and tables that belong to an extension.
 */
export async function listTables(db: Db | Tx): Promise<CatalogueTable[]> {
  const rows = (
    await db.execute<{ schema: string; table: string; key: string[] | null }>(sql`
      select n.nspname as schema, c.relname as table,
        array(
          select a.attname::text
          from pg_index i
          cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = c.oid and i.indisprimary
          order by k.position
        ) as key
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%'
        and n.nspname not like 'pg\\_temp%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by n.nspname, c.relname`)
  ).rows;
  return rows.map((r) => ({ schema: r.schema, table: r.table, key: parseTextArray(r.key) }));
}

/** node-postgres parses `text[]` into an array; PGlite may hand back the literal `{a,b}`. */
function parseTextArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .slice(1, -1)
    .split(',')
    .map((part) => part.replace(/^"(.*)"$/, '$1'));
}

/** One statement per table; all inside the caller's transaction when `db` is one (one snapshot). */
export async function fingerprintDatabase(db: Db | Tx): Promise<TableFingerprint[]> {
  const result: TableFingerprint[] = [];
  for (const { schema, table, key } of await listTables(db)) {
    const from = sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
    const order: SQL =
      key.length > 0 ? sql.join(key.map((column) => sql`t.${sql.identifier(column)}`), sql`, `) : sql`t::text`;
    const row = (
      await db.execute<{ rows: number; hash: string }>(sql`
        select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by ${order}), '')) as hash
        from ${from} as t`)
    ).rows[0]!;
    result.push({ name: `${schema}.${table}`, rows: Number(row.rows), hash: row.hash });
  }
  return result;
}

/** The differences between two fingerprints, as lines a person can read; empty when equal. */
export function compareFingerprints(expected: TableFingerprint[], actual: TableFingerprint[]): string[] {
  const problems: string[] = [];
  const byName = new Map(actual.map((t) => [t.name, t]));
  for (const want of expected) {
    const got = byName.get(want.name);
    if (!got) problems.push(`${want.name}: missing`);
    else if (got.rows !== want.rows) problems.push(`${want.name}: ${got.rows} rows, expected ${want.rows}`);
    else if (got.hash !== want.hash) problems.push(`${want.name}: same ${got.rows} rows but different contents`);
    byName.delete(want.name);
  }
  for (const extra of byName.keys()) problems.push(`${extra}: not in the backup`);
  return problems;
}
