import { and, asc, desc, eq, gte, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SEARCH, type SearchSort } from '@plates/common';
import type { Db } from '../../db/client.js';
import { categories, follows, postCategories, posts, userBlocks, users, userVerifications } from '../../db/schema/index.js';
import { createSharedCache } from '../../lib/shared-cache.js';
import { isConst, literalLimit } from '../../lib/literal.js';
import { placeholder, preparedVariants } from '../../lib/prepared.js';
import type { Viewer } from '../../lib/viewer.js';
import { audience } from '../posts/post-access.js';
import { activeVerification, type VerifiedType } from '../users/users.author.js';
import { anyWordQuery, prefixTerm } from './search.text.js';

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

/** How many match, at most `SEARCH.countCap`; `capped` when more do. */
export interface Count {
  total: number;
  capped: boolean;
}

/** One page of ids in order and how many match (at most the cap). */
export interface IdsPage extends Count {
  ids: number[];
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
 * A value worked out from parameters once per statement (an InitPlan). Named statements come to
 * run a generic plan, which would otherwise fold the text, or parse the tsquery, again for every
 * row it tests.
 */
const once = (value: SQL) => sql`(select ${value})`;
/** The search text folded as the columns are, once. */
const folded = (text: string) => once(fold(text));

/**
 * A LIKE pattern matching `text` anywhere (or at the start): folded first, then LIKE's own `\ % _`
 * escaped, so they are searched as text (after folding, because `unaccent` turns ％ into %).
 */
function likePattern(text: string, at: 'anywhere' | 'start'): SQL {
  const escaped = sql`replace(replace(replace(${fold(text)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return once(at === 'anywhere' ? sql`'%' || ${escaped} || '%'` : sql`${escaped} || '%'`);
}
const like = (value: SQL, pattern: SQL) => sql`${value} like ${pattern} escape '\\'`;

/** The plate's weighted document (title A, cuisines B, location C, description D), kept by triggers. */
const searchVector = sql`${posts}.search_vector`;
const foldedTitle = fold(posts.title);
const tsquery = (query: string) => once(sql`to_tsquery('simple', immutable_unaccent(${query}))`);

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
      const close = folded(word);
      return or(
        sql`${searchVector} @@ ${tsquery(prefixTerm(word))}`,
        sql`${foldedTitle} %> ${close}`,
        sql`${foldedTitle} %>> ${close}`,
      );
    }),
  )!;
}

/** A person's username or display name contains the text, or is close to it by trigrams. */
function personMatch(table: { username: SQLWrapper; displayName: SQLWrapper }, text: string): SQL {
  const username = sql`lower(${table.username})`;
  const name = fold(table.displayName);
  const typed = folded(text);
  const anywhere = likePattern(text, 'anywhere');
  return or(
    like(username, anywhere),
    like(name, anywhere),
    sql`${username} % ${typed}`,
    sql`${name} %>> ${typed}`,
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
  const active = and(isConst(users.accountStatus, 'active'), isConst(users.emailVerified, true))!;
  if (!viewer) return active;
  return and(
    active,
    sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewer.id} and ${userBlocks.blockedId} = ${users.id}) or (${userBlocks.blockerId} = ${users.id} and ${userBlocks.blockedId} = ${viewer.id}))`,
  )!;
}

const average = sql`(case when ${posts.ratingCount} > 0 then ${posts.ratingSum}::float8 / ${posts.ratingCount} else 0 end)`;
/** Engagement: ratings, comments, saves and likes, all stored on the plate's row (posts_popular_idx). */
const stored = sql`(${posts.ratingCount} + ${posts.commentCount} + ${posts.saveCount} + ${posts.likeCount})`;

/** How far search reads; the defaults are the app's, a test may make them small. */
export interface SearchLimits {
  /** Counts stop here (`SEARCH.countCap`); a candidate set holds one more, so a count past it is known. */
  cap: number;
  /**
   * A text is matched among this many newest plates first (by id: the order they were posted in)
   * and among all only while those hold no more than the cap, so a common word reads about this
   * many plates' worth of index and rows however many plates there are; a rare one reads all.
   */
  recentPlates: number;
  /**
   * How many candidates an order's computed key sorts (relevance; engagement over age); the
   * rest follow in the index's order. The first twenty pages of ten are ranked; ranking every
   * candidate on every request would cost more than pages past those are worth.
   */
  ranked: number;
  /**
   * How many candidates past cap + 1 the shared list holds, and past `ranked` it computes keys
   * for, so that a viewer for whom some of them are hidden (blocked, private, closed accounts)
   * still has cap + 1 in it and their first `ranked` keyed; when they do not, their own
   * candidates are read for them.
   */
  spare: number;
}

export const SEARCH_LIMITS: SearchLimits = { cap: SEARCH.countCap, recentPlates: 20_000, ranked: 200, spare: 200 };

/**
 * How long one list of candidates serves every viewer's search for the same filters and order
 * (`sharedTtlMs`), on one instance; a write that changes what visitors may see drops the lists at
 * once (`publicChanged`), so another instance's lag is at most this. Each viewer's blocks and
 * follows are read fresh and applied to the list, and the page's plates are read again under the
 * viewer's own access rule (the posts module's `marks`), so a list never shows a plate its viewer
 * may not open (docs/decisions/0022-search-at-scale.md).
 */
export const SHARED_CANDIDATES_TTL_MS = 1000;

/**
 * A plate found by a search, as a candidate list holds it (in the order an index found them):
 * its author and what the audience rule needs of them, its relevance tier and its order's key.
 */
export interface Candidate {
  id: number;
  authorId: number;
  /** The author's account is active, and private, as of the read. */
  authorActive: boolean;
  authorPrivate: boolean;
  /** Relevance's tier (0 exact title, 1 the words in the title, 2 the rest); 0 for other orders. */
  tier: number;
  /** The order's computed key (relevance; engagement over age): null for orders without one and past the first `keyed`. */
  key: number | null;
}

/** What a member's blocks and follows change in what they may see. */
export interface ViewerFacts {
  /** People who blocked them or whom they blocked. */
  blocked: Set<number>;
  /** Private people they follow (accepted). */
  followed: Set<number>;
}

/**
 * Whether `viewer` may see a candidate: `audience` (posts/post-access.ts) over the list's
 * author facts and the viewer's own blocks and follows.
 */
export function mayShow(c: Candidate, viewer: Viewer, facts: ViewerFacts | undefined): boolean {
  if (!viewer) return c.authorActive && !c.authorPrivate;
  if (c.authorId === viewer.id) return true;
  if (facts?.blocked.has(c.authorId)) return false;
  if (viewer.isAdmin) return true;
  return c.authorActive && (!c.authorPrivate || (facts?.followed.has(c.authorId) ?? false));
}

/**
 * One page of the candidates a viewer may see (in found order), with their count (at most the
 * cap): the first `ranked` sorted by the order's key (relevance within its tiers; ties in found
 * order, which is newest first within a tier), the rest as found; pages end at the cap.
 */
export function pageOf(visible: Candidate[], limits: Pick<SearchLimits, 'cap' | 'ranked'>, window: PageWindow, hasKey: boolean): IdsPage {
  const hits = visible.slice(0, limits.cap);
  let ordered = hits;
  if (hasKey) {
    const head = hits
      .slice(0, limits.ranked)
      .map((c, place) => ({ c, place }))
      .sort((a, b) => a.c.tier - b.c.tier || (b.c.key ?? 0) - (a.c.key ?? 0) || a.place - b.place)
      .map(({ c }) => c);
    ordered = [...head, ...hits.slice(limits.ranked)];
  }
  const capped = visible.length > limits.cap;
  return {
    ids: ordered.slice(window.offset, window.offset + window.limit).map((c) => c.id),
    total: capped ? limits.cap : visible.length,
    capped,
  };
}

/**
 * The order a text's plates are found in: 1 every word starts a word of the title, 2 the rest
 * (cuisines, location, description, misspellings). Tier 0, a title that is the text (case and
 * accents aside), is found on its own through posts_title_folded_idx (`candidates`).
 */
function tier(s: SearchText): SQL {
  if (s.words.length === 0) return sql`2`;
  const inTitle = s.words.map((w) => `${prefixTerm(w)}A`).join(' & ');
  return sql`(case when ${searchVector} @@ ${tsquery(inTitle)} then 1 else 2 end)`;
}

/** Whether `orderPlan` gives the order a computed key (relevance with a text, trending). */
const sortsByKey = (order: PlateOrder, filters: PlateFilters) => order === 'trending' || (order === 'relevance' && filters.text !== undefined);

/**
 * How one order finds and sorts plates: `columns` are carried from posts into the candidates;
 * `candidates` is an order an index gives, over those columns (the first plates in it are the
 * candidates); `key`, when there is one, is computed for every candidate (over the candidates'
 * columns, as `c`), and the first `ranked` a viewer may see are sorted by it (`pageOf`), after
 * `within` (relevance keeps its tiers).
 */
interface OrderPlan {
  columns: SQL;
  candidates: SQL;
  key?: SQL;
  within?: SQL;
}

function orderPlan(order: PlateOrder, filters: PlateFilters, now: Date): OrderPlan {
  const base = sql`${posts.id} as id, ${posts.createdAt} as created_at, ${posts.userId} as author_id, ${isConst(users.accountStatus, 'active')} as author_active, ${users.isPrivate} as author_private`;
  const newestFirst = sql`created_at desc, id desc`;
  switch (order) {
    case 'relevance': {
      if (!filters.text) return orderPlan('newest', filters, now);
      const text = filters.text;
      const any = anyWordQuery(text.words);
      const words = any ? sql`ts_rank_cd(c.search_vector, ${tsquery(any)})` : sql`0`;
      return {
        columns: sql`${base}, ${tier(text)} as tier, ${posts.title} as title, ${searchVector} as search_vector`,
        candidates: sql`tier, ${newestFirst}`,
        // Cover density of the words (title 1, cuisines 0.4, location 0.2, description 0.1 each)
        // plus the title's trigram closeness to the whole text.
        key: sql`${words} + strict_word_similarity(${folded(text.text)}, lower(immutable_unaccent(c.title)))`,
        within: sql`c.tier`,
      };
    }
    case 'newest':
      return { columns: base, candidates: newestFirst };
    case 'oldest':
      return { columns: base, candidates: sql`created_at, id` };
    case 'rating':
      return {
        columns: sql`${base}, ${average} as average, ${posts.ratingCount} as rating_count`,
        candidates: sql`average desc, rating_count desc, ${newestFirst}`,
      };
    case 'popular':
      // The most engaged plates, as posts_popular_idx walks them.
      return {
        columns: sql`${base}, ${stored} as stored`,
        candidates: sql`stored desc, ${newestFirst}`,
      };
    case 'trending': {
      // The candidates are the newest plates; engagement over age sorts them.
      const hours = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - c.created_at)) / 3600, 0)`;
      return {
        columns: sql`${base}, ${stored} as stored`,
        candidates: newestFirst,
        key: sql`c.stored::float8 / power(${hours} + 2, 1.5)`,
      };
    }
  }
}

/** A whole number for the statement's text (a constant the planner sees, not a parameter). */
const literal = (n: number) => sql.raw(String(Math.trunc(n)));

export function createSearchRepository(db: Db, options: Partial<SearchLimits> & { sharedTtlMs?: number } = {}) {
  const { sharedTtlMs, ...given } = options;
  const limits: SearchLimits = { ...SEARCH_LIMITS, ...given };

  /** A count as answered: at most the cap, and whether it stopped there. */
  const counted = (n: number): Count => (n > limits.cap ? { total: limits.cap, capped: true } : { total: n, capped: false });

  /**
   * Approved plates that pass every filter; with `viewer` given, only those they may see (the
   * feed's `audience` rule), otherwise every author's (a shared list, filtered per viewer).
   */
  function plateWhere(viewer: Viewer | 'anyone', f: PlateFilters): SQL {
    const authors = alias(users, 'authors');
    return and(
      isConst(posts.approvalStatus, 'approved'),
      viewer === 'anyone' ? undefined : audience(viewer),
      f.text ? plateMatch(f.text) : undefined,
      f.location ? like(fold(posts.location), likePattern(f.location, 'anywhere')) : undefined,
      f.author
        ? inArray(posts.userId, db.select({ id: authors.id }).from(authors).where(authorIs(authors, f.author)))
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
   * The candidates: at most `take` matching plates, first in the plan's index order. Without a
   * text an index walk gives them. A text is matched through its GIN indexes, which give no order,
   * so every match they find is read: the newest `recentPlates` are searched first, and all plates
   * only when those hold no more than the cap (and there are older ones). Relevance adds the
   * plates whose title is the text, wherever they are, so an exact title is never left out.
   */
  function candidates(viewer: Viewer | 'anyone', filters: PlateFilters, plan: OrderPlan, order: PlateOrder, take: number): SQL {
    const where = plateWhere(viewer, filters);
    const limit = literal(take);
    const select = (extra: SQL | undefined) =>
      sql`select ${plan.columns} from ${posts} inner join ${users} on ${users.id} = ${posts.userId} where ${extra ? and(where, extra) : where} order by ${plan.candidates} limit ${limit}`;
    if (!filters.text) {
      return sql`hits as materialized (select *, row_number() over (order by ${plan.candidates}) as found_at from (${select(undefined)}) u)`;
    }
    const newest = sql`(select max(${posts.id}) - ${literal(limits.recentPlates)} from ${posts})`;
    const parts = [
      sql`recent as materialized (${select(sql`${posts.id} > ${newest}`)})`,
      sql`everywhere as materialized (${select(sql`(select count(*) from recent) <= ${literal(limits.cap)} and (select min(${posts.id}) from ${posts}) <= ${newest}`)})`,
    ];
    let found = sql`select * from recent union all select * from everywhere`;
    let first = sql`id`;
    if (order === 'relevance') {
      parts.push(sql`exact as materialized (${select(sql`${foldedTitle} = ${folded(filters.text.text)}`)})`);
      // An exact title found by the words too is kept once, as exact (tier 0).
      found = sql`select id, created_at, author_id, author_active, author_private, 0 as tier, title, search_vector from exact union all ${found}`;
      first = sql`id, tier`;
    }
    return sql`${sql.join(parts, sql`, `)}, hits as materialized (
      select *, row_number() over (order by ${plan.candidates}) as found_at
      from (select distinct on (id) * from (${found}) f order by ${first}) u order by found_at limit ${limit})`;
  }

  /**
   * How many candidates have their key computed: the first `ranked` any viewer may see are among
   * them unless more than `spare` before them are hidden from that viewer (then their own are read).
   */
  const keyed = limits.ranked + limits.spare;

  /** One statement: up to `take` candidates in found order, each with its author facts and key (the first `keyed`). */
  async function readCandidates(
    viewer: Viewer | 'anyone',
    filters: PlateFilters,
    order: PlateOrder,
    now: Date,
    take: number,
  ): Promise<Candidate[]> {
    const plan = orderPlan(order, filters, now);
    const result = await db.execute<{ id: number; author_id: number; author_active: boolean; author_private: boolean; tier: number | null; key: number | string | null }>(sql`
      with ${candidates(viewer, filters, plan, order, take)}
      select c.id, c.author_id, c.author_active, c.author_private, ${plan.within ?? sql`0`} as tier,
        ${plan.key ? sql`case when c.found_at <= ${literal(keyed)} then ${plan.key} end` : sql`null::float8`} as key
      from hits c order by c.found_at`);
    return result.rows.map((r) => ({
      id: Number(r.id),
      authorId: Number(r.author_id),
      authorActive: r.author_active,
      authorPrivate: r.author_private,
      tier: Number(r.tier ?? 0),
      key: r.key === null ? null : Number(r.key),
    }));
  }

  /** The member's blocks (either way) and the private people they follow: one prepared statement. */
  const factsVariants = preparedVariants(1);
  async function viewerFacts(viewer: NonNullable<Viewer>): Promise<ViewerFacts> {
    const query = factsVariants('search_viewer_facts', (name) => {
      const me = placeholder<number>('viewer');
      return db
        .select({ kind: sql<string>`'b'`.as('kind'), id: userBlocks.blockedId })
        .from(userBlocks)
        .where(eq(userBlocks.blockerId, me))
        .unionAll(db.select({ kind: sql<string>`'b'`.as('kind'), id: userBlocks.blockerId }).from(userBlocks).where(eq(userBlocks.blockedId, me)))
        .unionAll(
          db
            .select({ kind: sql<string>`'f'`.as('kind'), id: follows.followingId })
            .from(follows)
            .innerJoin(users, eq(users.id, follows.followingId))
            .where(and(eq(follows.followerId, me), isConst(follows.status, 'accepted'), isConst(users.isPrivate, true))),
        )
        .prepare(name);
    });
    const facts: ViewerFacts = { blocked: new Set(), followed: new Set() };
    for (const r of await query.execute({ viewer: viewer.id })) (r.kind === 'b' ? facts.blocked : facts.followed).add(r.id);
    return facts;
  }

  /** Lists shared by every viewer for their time (SHARED_CANDIDATES_TTL_MS): plates' candidates and people. */
  const shared = sharedTtlMs ? createSharedCache<Candidate[] | PersonRow[]>({ ttlMs: sharedTtlMs, maxEntries: 256 }) : undefined;
  const sharedTake = limits.cap + 1 + limits.spare;
  const share = <T extends Candidate[] | PersonRow[]>(key: unknown[], read: () => Promise<T>): Promise<T> =>
    shared ? (shared.get(JSON.stringify(key), read) as Promise<T>) : read();

  /** What the viewer's blocks and follows change (none for a visitor): given, or read now. */
  const factsOf = (viewer: Viewer, facts: Promise<ViewerFacts> | undefined) =>
    viewer ? (facts ?? viewerFacts(viewer)) : Promise.resolve(undefined);

  /**
   * The candidates `viewer` may see, in found order, at least cap + 1 of them when there are: the
   * shared list filtered for them, or, when it ran short for them, their own.
   */
  async function visibleCandidates(
    viewer: Viewer,
    filters: PlateFilters,
    order: PlateOrder,
    now: Date,
    facts: Promise<ViewerFacts> | undefined,
  ): Promise<Candidate[]> {
    const [list, known] = await Promise.all([
      share(['plates', filters, order], () => readCandidates('anyone', filters, order, now, sharedTake)),
      factsOf(viewer, facts),
    ]);
    const visible = list.filter((c) => mayShow(c, viewer, known));
    const enough = list.length < sharedTake || visible.length > limits.cap;
    const keyedEnough = !sortsByKey(order, filters) || visible.slice(0, limits.ranked).every((c) => c.key !== null);
    if (enough && keyedEnough) return visible;
    return readCandidates(viewer, filters, order, now, limits.cap + 1);
  }

  /**
   * People matching the text in order (the exact username first, then usernames and display names
   * starting with it, then the rest; within each, the closer by trigrams first), up to `take`:
   * those anyone may find, or with `viewer` those they may.
   */
  async function readPeople(viewer: Viewer | 'anyone', text: SearchText, take: number): Promise<PersonRow[]> {
    const username = sql`lower(${users.username})`;
    const name = fold(users.displayName);
    const typed = folded(text.text);
    const start = likePattern(text.text, 'start');
    const tier = sql`case when ${username} = ${typed} then 0 when ${like(username, start)} or ${like(name, start)} then 1 else 2 end`;
    const closeness = sql`greatest(similarity(${username}, ${typed}), word_similarity(${typed}, coalesce(${name}, '')))`;
    return db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        profileImage: users.profileImage,
        bio: users.bio,
        location: users.location,
        isAdmin: users.isAdmin,
        verifiedType: userVerifications.verifiedType,
      })
      .from(users)
      .leftJoin(userVerifications, activeVerification)
      .where(and(findable(viewer === 'anyone' ? null : viewer), personMatch(users, text.text)))
      .orderBy(asc(tier), desc(closeness), asc(username), asc(users.id))
      .limit(literalLimit(take));
  }

  /** The people `viewer` may find, in order, at least cap + 1 when there are (as `visibleCandidates`). */
  async function visiblePeople(viewer: Viewer, text: SearchText, facts: Promise<ViewerFacts> | undefined): Promise<PersonRow[]> {
    const [list, known] = await Promise.all([
      share(['people', text.text], () => readPeople('anyone', text, sharedTake)),
      factsOf(viewer, facts),
    ]);
    const visible = known ? list.filter((p) => !known.blocked.has(p.id)) : list;
    if (list.length < sharedTake || visible.length > limits.cap) return visible;
    return readPeople(viewer, text, limits.cap + 1);
  }

  /** One page of ids and how many match (at most the cap). */
  async function platePage(
    viewer: Viewer,
    filters: PlateFilters,
    order: PlateOrder,
    window: PageWindow & { now: Date },
    facts?: Promise<ViewerFacts>,
  ): Promise<IdsPage> {
    const visible = await visibleCandidates(viewer, filters, order, window.now, facts);
    return pageOf(visible, limits, window, sortsByKey(order, filters));
  }

  return {
    /** A member's blocks and follows, read once for a request's several lists (`facts` below). */
    viewerFacts,

    /** Drops the shared lists: a write changed what some viewer may find. */
    publicChanged(): void {
      shared?.clear();
    },

    /**
     * One page of matching plates' ids in `order`, with how many match (at most the cap). The
     * candidates are the first cap + 1 matches in an order an index gives, and the first `ranked`
     * of them are sorted by the order's computed key (see `orderPlan`); pages end at the cap.
     * `facts`: the viewer's, when already asked for.
     */
    plates: platePage,

    async countPlates(viewer: Viewer, filters: PlateFilters, facts?: Promise<ViewerFacts>): Promise<Count> {
      const { ids: _none, ...count } = await platePage(viewer, filters, 'relevance', { limit: 0, offset: 0, now: new Date() }, facts);
      return count;
    },

    /** One page of people matching the text (in `readPeople`'s order), with how many (at most the cap). */
    async people(viewer: Viewer, text: SearchText, window: PageWindow, facts?: Promise<ViewerFacts>): Promise<{ rows: PersonRow[] } & Count> {
      const visible = await visiblePeople(viewer, text, facts);
      return { rows: visible.slice(window.offset, Math.min(window.offset + window.limit, limits.cap)), ...counted(visible.length) };
    },

    async countPeople(viewer: Viewer, text: SearchText, facts?: Promise<ViewerFacts>): Promise<Count> {
      return counted((await visiblePeople(viewer, text, facts)).length);
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
