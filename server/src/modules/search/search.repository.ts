import { and, asc, desc, eq, gte, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SearchSort } from '@plates/common';
import type { Db, Tx } from '../../db/client.js';
import { categories, postCategories, posts, userBlocks, users, userVerifications } from '../../db/schema/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { audience } from '../posts/post-access.js';
import { activeVerification, type VerifiedType } from '../users/users.author.js';
import { anyWordQuery, prefixTerm } from './search.text.js';

type Conn = Db | Tx;

/**
 * A search box's text, as the queries use it. Every piece reaches SQL as a bound parameter; the
 * database folds it (`lower(immutable_unaccent(…))`) exactly as the indexed columns are folded.
 */
export interface SearchText {
  /** The trimmed text as typed, for people (trigram similarity, LIKE) and title similarity. */
  text: string;
  /** Its words from `searchWords`: letters and digits only, folded. */
  words: string[];
}

/** Plate filters of `GET /api/search/posts` (and of the plain search: just `text`). */
export interface PlateFilters {
  text?: SearchText | undefined;
  location?: string | undefined;
  author?: string | undefined;
  minRating?: number | undefined;
  maxRating?: number | undefined;
  /** Plates created at or after this instant. */
  since?: Date | undefined;
  /** Plates in any of these cuisines (category names). */
  cuisines?: string[] | undefined;
  hasImage?: boolean | undefined;
  hasLocation?: boolean | undefined;
  minComments?: number | undefined;
}

export type PlateOrder = SearchSort | 'relevance';

export interface PageWindow {
  limit: number;
  offset: number;
}

/** One page of ids in order and how many match in all. */
export interface IdsPage {
  ids: number[];
  total: number;
}

/** A person as search lists them: explicit columns, so nothing private rides along. */
export interface PersonRow {
  id: number;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  bio: string | null;
  location: string | null;
  isAdmin: boolean;
  verifiedType: VerifiedType;
}

/** Lower-cased and accent-folded, as the trigram indexes of 0002_search are built. */
const fold = (value: unknown) => sql`lower(immutable_unaccent(${value}))`;

/**
 * A LIKE pattern matching `text` anywhere (or at the start): folded first, then LIKE's own `\ % _`
 * escaped, so they are searched as text (after folding, because `unaccent` turns ％ into %).
 */
function likePattern(text: string, at: 'anywhere' | 'start'): SQL {
  const escaped = sql`replace(replace(replace(${fold(text)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return at === 'anywhere' ? sql`'%' || ${escaped} || '%'` : sql`${escaped} || '%'`;
}
const like = (value: SQL, pattern: SQL) => sql`${value} like ${pattern} escape '\\'`;

/** The plate's weighted document (title A, cuisines B, location C, description D), kept by triggers. */
const searchVector = sql`${posts}.search_vector`;
const foldedTitle = fold(posts.title);
const tsquery = (query: string) => sql`to_tsquery('simple', immutable_unaccent(${query}))`;

/**
 * A plate matches when each word of the text either starts a word of its document (title,
 * cuisines, location, description) or is close to a word of its title by trigrams: `%>` (word
 * similarity ≥ 0.6) catches a word cut short or mistyped ("ramn"), `%>>` (strict word similarity
 * ≥ 0.5) a whole misspelt word ("piza", "margarita"). Each word is a BitmapOr of the GIN indexes
 * and the words a BitmapAnd. No words (only punctuation or emoji): no plates.
 */
function plateMatch(s: SearchText): SQL {
  if (s.words.length === 0) return sql`false`;
  return and(
    ...s.words.map((word) => {
      const folded = fold(word);
      return or(
        sql`${searchVector} @@ ${tsquery(prefixTerm(word))}`,
        sql`${foldedTitle} %> ${folded}`,
        sql`${foldedTitle} %>> ${folded}`,
      );
    }),
  )!;
}

/**
 * Cover density of the words in the document (each occurrence weighs 1 in the title, 0.4 in the
 * cuisines, 0.2 in the location, 0.1 in the description) plus the title's trigram closeness to
 * the whole text, so a misspelt title still ranks by how close it is.
 */
function plateRank(s: SearchText): SQL {
  const any = anyWordQuery(s.words);
  const words = any ? sql`ts_rank_cd(${searchVector}, ${tsquery(any)})` : sql`0`;
  return sql`(${words} + strict_word_similarity(${fold(s.text)}, ${foldedTitle}))`;
}

/** A person's username or display name contains the text, or is close to it by trigrams. */
function personMatch(table: { username: SQLWrapper; displayName: SQLWrapper }, text: string): SQL {
  const username = sql`lower(${table.username})`;
  const name = fold(table.displayName);
  const folded = fold(text);
  const anywhere = likePattern(text, 'anywhere');
  return or(
    like(username, anywhere),
    like(name, anywhere),
    sql`${username} % ${folded}`,
    sql`${name} %>> ${folded}`,
  )!;
}

/**
 * The author filter names one cook: by username (any case, with or without a leading @) or by
 * display name (case and accents aside); never a look-alike, whose plates would pass for theirs.
 */
function authorIs(table: { username: SQLWrapper; displayName: SQLWrapper }, text: string): SQL {
  const name = text.replace(/^@/, '');
  return or(sql`lower(${table.username}) = lower(${name})`, sql`${fold(table.displayName)} = ${fold(name)}`)!;
}

/** People anyone may find: active, verified accounts, minus blocks in either direction. */
function findable(viewer: Viewer): SQL {
  const active = and(eq(users.accountStatus, 'active'), eq(users.emailVerified, true))!;
  if (!viewer) return active;
  return and(
    active,
    sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewer.id} and ${userBlocks.blockedId} = ${users.id}) or (${userBlocks.blockerId} = ${users.id} and ${userBlocks.blockedId} = ${viewer.id}))`,
  )!;
}

const average = sql`(case when ${posts.ratingCount} > 0 then ${posts.ratingSum}::float8 / ${posts.ratingCount} else 0 end)`;
const engagement = sql`(${posts.ratingCount} + ${posts.commentCount} + ${posts.saveCount} + ${posts.likeCount})`;
const newest = [desc(posts.createdAt), desc(posts.id)];
const total = sql<number>`count(*) over ()`.mapWith(Number);

function plateOrder(order: PlateOrder, filters: PlateFilters, now: Date): SQL[] {
  switch (order) {
    case 'relevance':
      return filters.text ? [desc(plateRank(filters.text)), ...newest] : newest;
    case 'newest':
      return newest;
    case 'oldest':
      return [asc(posts.createdAt), asc(posts.id)];
    case 'rating':
      return [desc(average), desc(posts.ratingCount), ...newest];
    case 'popular':
      return [desc(engagement), ...newest];
    case 'trending': {
      const hours = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${posts.createdAt})) / 3600, 0)`;
      return [desc(sql`${engagement}::float8 / power(${hours} + 2, 1.5)`), ...newest];
    }
  }
}

export function createSearchRepository(db: Db) {
  /** Approved plates the viewer may see (the feed's `audience` rule) that pass every filter. */
  function plateWhere(viewer: Viewer, f: PlateFilters, conn: Conn): SQL {
    const authors = alias(users, 'authors');
    return and(
      eq(posts.approvalStatus, 'approved'),
      audience(viewer),
      f.text ? plateMatch(f.text) : undefined,
      f.location ? like(fold(posts.location), likePattern(f.location, 'anywhere')) : undefined,
      f.author
        ? inArray(posts.userId, conn.select({ id: authors.id }).from(authors).where(authorIs(authors, f.author)))
        : undefined,
      f.minRating !== undefined ? sql`${average} >= ${f.minRating}` : undefined,
      f.maxRating !== undefined ? sql`${average} <= ${f.maxRating}` : undefined,
      f.since ? gte(posts.createdAt, f.since) : undefined,
      f.cuisines && f.cuisines.length > 0
        ? sql`exists (select 1 from ${postCategories} inner join ${categories} on ${categories.id} = ${postCategories.categoryId} where ${postCategories.postId} = ${posts.id} and ${inArray(categories.name, f.cuisines)})`
        : undefined,
      f.hasImage === undefined ? undefined : f.hasImage ? sql`${posts.imageUrl} <> ''` : eq(posts.imageUrl, ''),
      f.hasLocation === undefined
        ? undefined
        : sql`coalesce(btrim(${posts.location}), '') ${f.hasLocation ? sql`<>` : sql`=`} ''`,
      f.minComments !== undefined ? gte(posts.commentCount, f.minComments) : undefined,
    )!;
  }

  /**
   * The total rides on the page (`count(*) over ()`); only a page past the end, which has no row
   * to carry it, costs a second statement.
   */
  async function totalOf(rows: Array<{ total: number }>, window: PageWindow, count: () => Promise<number>) {
    if (rows[0]) return rows[0].total;
    return window.offset === 0 ? 0 : count();
  }

  async function countPlates(viewer: Viewer, filters: PlateFilters, conn: Conn = db): Promise<number> {
    const [row] = await conn
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(plateWhere(viewer, filters, conn));
    return row?.n ?? 0;
  }

  async function countPeople(viewer: Viewer, text: SearchText, conn: Conn = db): Promise<number> {
    const [row] = await conn
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(findable(viewer), personMatch(users, text.text)));
    return row?.n ?? 0;
  }

  return {
    countPlates,
    countPeople,

    /** One page of matching plates' ids in `order` (ties newest first), with the total. */
    async plates(
      viewer: Viewer,
      filters: PlateFilters,
      order: PlateOrder,
      window: PageWindow & { now: Date },
      conn: Conn = db,
    ): Promise<IdsPage> {
      const rows = await conn
        .select({ id: posts.id, total })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(plateWhere(viewer, filters, conn))
        .orderBy(...plateOrder(order, filters, window.now))
        .limit(window.limit)
        .offset(window.offset);
      return {
        ids: rows.map((r) => r.id),
        total: await totalOf(rows, window, () => countPlates(viewer, filters, conn)),
      };
    },

    /**
     * One page of people matching the text: the exact username first, then usernames and display
     * names starting with it, then the rest; within each, the closer by trigrams first.
     */
    async people(
      viewer: Viewer,
      text: SearchText,
      window: PageWindow,
      conn: Conn = db,
    ): Promise<{ rows: PersonRow[]; total: number }> {
      const username = sql`lower(${users.username})`;
      const name = fold(users.displayName);
      const folded = fold(text.text);
      const start = likePattern(text.text, 'start');
      const tier = sql`case when ${username} = ${folded} then 0 when ${like(username, start)} or ${like(name, start)} then 1 else 2 end`;
      const closeness = sql`greatest(similarity(${username}, ${folded}), word_similarity(${folded}, coalesce(${name}, '')))`;
      const rows = await conn
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          profileImage: users.profileImage,
          bio: users.bio,
          location: users.location,
          isAdmin: users.isAdmin,
          verifiedType: userVerifications.verifiedType,
          total,
        })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(and(findable(viewer), personMatch(users, text.text)))
        .orderBy(asc(tier), desc(closeness), asc(username), asc(users.id))
        .limit(window.limit)
        .offset(window.offset);
      return {
        rows: rows.map(({ total: _total, ...person }) => person),
        total: await totalOf(rows, window, () => countPeople(viewer, text, conn)),
      };
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
