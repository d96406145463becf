import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { posts } from '../db/schema/index.js';
import { isConst, isNotConst, literalLimit } from './literal.js';
import { placeholder, preparedVariants } from './prepared.js';

const dialect = new PgDialect();
const render = (query: ReturnType<typeof sql>) => dialect.sqlToQuery(query);

describe('constants written into the statement text', () => {
  it('puts strings (quotes doubled) and booleans in the text, never in the parameters', () => {
    expect(render(sql`${isConst(posts.approvalStatus, 'approved')}`)).toEqual({ sql: `"posts"."approval_status" = 'approved'`, params: [] });
    expect(render(sql`${isNotConst(posts.approvalStatus, "it's")}`)).toEqual({ sql: `"posts"."approval_status" <> 'it''s'`, params: [] });
    expect(render(sql`${isConst(posts.id, true)} and ${isConst(posts.id, false)}`).sql).toBe(`"posts"."id" = true and "posts"."id" = false`);
  });

  it('writes a page size into a limit clause and refuses anything but a whole number', () => {
    expect(render(sql`limit ${literalLimit(13)}` as unknown as ReturnType<typeof sql>)).toEqual({ sql: 'limit 13', params: [] });
    for (const bad of [1.5, -1, Number.NaN, 2 ** 60]) expect(() => literalLimit(bad)).toThrow(RangeError);
  });
});

describe('preparedVariants', () => {
  it('builds each variant once, under a name made of its key, and keeps at most max of them', () => {
    const variants = preparedVariants(2);
    const names: string[] = [];
    const build = (name: string) => {
      names.push(name);
      return { name };
    };
    const first = variants('feed member/13', build);
    expect(variants('feed member/13', build)).toBe(first);
    variants('b', build);
    variants('c', build);
    variants('c', build);
    expect(names).toEqual(['q_feed_member_13', 'q_b', 'q_c', 'q_c']);
  });

  it('binds a placeholder by name when the query runs', () => {
    expect(render(sql`${posts.id} = ${placeholder<number>('id')}`)).toMatchObject({ sql: '"posts"."id" = $1' });
  });
});
