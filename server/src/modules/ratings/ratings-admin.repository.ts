import { RATING_INTEGRITY } from '@plates/common';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { anyOf } from '../../lib/any-of.js';
import { recountTouched } from '../posts/post-counters.js';

type Conn = Db | Tx;
const T = RATING_INTEGRITY;

/** Epoch milliseconds of a timestamp, as a number on every driver (node-postgres and PGlite alike). */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Every star rating of someone else's plate, with the plate's author: the base of the pair and
 * ring detector. A rating of one's own plate cannot exist (the service refuses it); the test is
 * kept so a hand-made row cannot make a member their own pair.
 */
const RATED = sql`
  rated as (
    select r.id, r.user_id as rater, p.user_id as author, r.rating
    from ratings r join posts p on p.id = r.post_id
    where r.rating is not null and r.user_id <> p.user_id
  )`;

export interface PairRow {
  a: number;
  b: number;
  aCount: number;
  aAverage: number;
  aUsual: number | null;
  aUsualCount: number;
  bCount: number;
  bAverage: number;
  bUsual: number | null;
  bUsualCount: number;
  /** The smallest member id of the pair's connected group (its ring). */
  root: number;
}

export interface MemberStatsRow {
  id: number;
  username: string;
  displayName: string | null;
  joinedAt: number;
  insideCount: number;
  insideAverage: number | null;
  usualCount: number;
  usualAverage: number | null;
}

export interface BurstRow {
  postId: number;
  title: string;
  ratingCount: number;
  ratingSum: number;
  authorId: number;
  authorUsername: string;
  authorDisplayName: string | null;
  authorJoinedAt: number;
  windowStart: number;
  windowEnd: number;
  count: number;
  average: number;
  raters: { id: number; username: string; displayName: string | null; joinedAt: number; ratedAt: number; rating: number }[];
}

export interface SharedRow {
  ip: string;
  userAgent: string;
  lastSignInAt: number;
  accounts: { id: number; username: string; displayName: string | null; joinedAt: number; signIns: number; lastSignInAt: number }[];
}

export interface VoidTarget {
  id: number;
  postId: number;
  userId: number;
  authorId: number;
  rating: number;
  hasComment: boolean;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * /admin/ratings' reads and the void's writes (record 0034). Each detector is one set-based
 * statement whose result is bounded by `RATING_INTEGRITY.listLimit`; nothing runs per member.
 */
export function createRatingsAdminRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Reciprocal pairs: A rated B's plates ≥ pairMinRatings times averaging ≥ pairMinAverage, at least
     * pairMinLift above A's usual average (their ratings of every author they do not rate that way;
     * no such ratings: no baseline, still counts), and B likewise for A.
     * Each pair carries the root of its connected group (the smallest member id reachable through
     * such pairs), found by a recursive walk over the pairs alone.
     */
    async pairs(limit: number, conn: Conn = db): Promise<PairRow[]> {
      const result = await conn.execute<Record<string, unknown>>(sql`
        with recursive ${RATED},
        per_pair as (
          select rater, author, count(*)::int as n, avg(rating)::float8 as avg, sum(rating)::int as total
          from rated group by rater, author
          having count(*) >= ${T.pairMinRatings} and avg(rating) >= ${T.pairMinAverage}
        ),
        -- The rater's usual: their ratings of every author they do not rate this way (so a ring's
        -- members are not each other's baseline).
        per_rater as (
          select rated.rater, count(*)::int as n, sum(rated.rating)::int as total
          from rated left join per_pair pp on pp.rater = rated.rater and pp.author = rated.author
          where pp.rater is null and rated.rater in (select rater from per_pair)
          group by rated.rater
        ),
        directed as (
          select pp.rater, pp.author, pp.n, pp.avg, coalesce(pr.n, 0) as usual_n,
            case when pr.n > 0 then pr.total::float8 / pr.n end as usual
          from per_pair pp left join per_rater pr on pr.rater = pp.rater
        ),
        qualified as (
          select * from directed where usual is null or usual <= avg - ${T.pairMinLift}
        ),
        pairs as (
          select x.rater as a, x.author as b,
            x.n as a_n, x.avg as a_avg, x.usual as a_usual, x.usual_n as a_usual_n,
            y.n as b_n, y.avg as b_avg, y.usual as b_usual, y.usual_n as b_usual_n
          from qualified x join qualified y on y.rater = x.author and y.author = x.rater
          where x.rater < x.author
        ),
        edges as (select a as x, b as y from pairs union select b, a from pairs),
        reach(node, other) as (
          select x, x from edges
          union
          select reach.node, edges.y from reach join edges on edges.x = reach.other
        ),
        roots as (select node, min(other) as root from reach group by node)
        select pairs.*, roots.root from pairs join roots on roots.node = pairs.a
        order by roots.root, pairs.a, pairs.b
        limit ${limit}`);
      return result.rows.map((r) => ({
        a: num(r.a),
        b: num(r.b),
        aCount: num(r.a_n),
        aAverage: num(r.a_avg),
        aUsual: numOrNull(r.a_usual),
        aUsualCount: num(r.a_usual_n),
        bCount: num(r.b_n),
        bAverage: num(r.b_avg),
        bUsual: numOrNull(r.b_usual),
        bUsualCount: num(r.b_usual_n),
        root: num(r.root),
      }));
    },

    /**
     * Each member's ratings of their own group's plates (inside) and of everyone else's (usual):
     * one grouped statement over every member of every group, `groups` pairing member ids with roots.
     */
    async memberStats(members: number[], roots: number[], conn: Conn = db): Promise<MemberStatsRow[]> {
      if (members.length === 0) return [];
      const result = await conn.execute<Record<string, unknown>>(sql`
        with ${RATED},
        groups as (select * from unnest(${sql.param(members)}::int[], ${sql.param(roots)}::int[]) as g(id, root)),
        stats as (
          select g.id,
            count(*) filter (where ga.root = g.root)::int as inside_n,
            avg(rated.rating) filter (where ga.root = g.root)::float8 as inside_avg,
            count(rated.id) filter (where ga.root is distinct from g.root)::int as usual_n,
            avg(rated.rating) filter (where ga.root is distinct from g.root)::float8 as usual_avg
          from groups g
          left join rated on rated.rater = g.id
          left join groups ga on ga.id = rated.author
          group by g.id
        )
        select u.id, u.username, u.display_name, ${ms(sql`u.created_at`)} as joined,
          stats.inside_n, stats.inside_avg, stats.usual_n, stats.usual_avg
        from stats join users u on u.id = stats.id`);
      return result.rows.map((r) => ({
        id: num(r.id),
        username: String(r.username),
        displayName: (r.display_name as string | null) ?? null,
        joinedAt: num(r.joined),
        insideCount: num(r.inside_n),
        insideAverage: numOrNull(r.inside_avg),
        usualCount: num(r.usual_n),
        usualAverage: numOrNull(r.usual_avg),
      }));
    },

    /**
     * Bursts: for each plate, the busiest window of burstWindowHours holding burstMinRatings or more
     * ratings from accounts younger than newAccountDays when they rated (ratings of the last
     * burstLookbackDays); the plates with the latest bursts first.
     */
    async bursts(now: Date, limit: number, conn: Conn = db): Promise<BurstRow[]> {
      const since = new Date(now.getTime() - T.burstLookbackDays * 86_400_000);
      const result = await conn.execute<Record<string, unknown>>(sql`
        with fresh as (
          select r.id, r.post_id, r.user_id, r.rating, r.created_at
          from ratings r join users u on u.id = r.user_id
          where r.rating is not null and r.created_at >= ${since.toISOString()}::timestamptz
            and r.created_at < u.created_at + make_interval(days => ${T.newAccountDays})
        ),
        windows as (
          select f.post_id, f.created_at as start, count(*)::int as n
          from fresh f join fresh g on g.post_id = f.post_id
            and g.created_at >= f.created_at and g.created_at < f.created_at + make_interval(hours => ${T.burstWindowHours})
          group by f.post_id, f.id, f.created_at
          having count(*) >= ${T.burstMinRatings}
        ),
        best as (
          select distinct on (post_id) post_id, start, n from windows order by post_id, n desc, start
        ),
        shown as (
          select best.*, (select max(g.created_at) from fresh g where g.post_id = best.post_id
            and g.created_at >= best.start and g.created_at < best.start + make_interval(hours => ${T.burstWindowHours})) as finish
          from best order by finish desc, post_id limit ${limit}
        )
        select shown.post_id, p.title, p.rating_count, p.rating_sum, p.user_id as author_id,
          au.username as author_username, au.display_name as author_display_name, ${ms(sql`au.created_at`)} as author_joined,
          ${ms(sql`shown.start`)} as window_start, ${ms(sql`shown.finish`)} as window_end,
          (select json_agg(json_build_object('id', u.id, 'username', u.username, 'displayName', u.display_name,
              'joinedAt', ${ms(sql`u.created_at`)}, 'ratedAt', ${ms(sql`g.created_at`)}, 'rating', g.rating) order by g.created_at, g.id)
            from fresh g join users u on u.id = g.user_id
            where g.post_id = shown.post_id and g.created_at >= shown.start
              and g.created_at < shown.start + make_interval(hours => ${T.burstWindowHours})) as raters
        from shown join posts p on p.id = shown.post_id join users au on au.id = p.user_id
        order by shown.finish desc, shown.post_id`);
      return result.rows.map((r) => {
        const raters = (typeof r.raters === 'string' ? JSON.parse(r.raters) : r.raters) as BurstRow['raters'];
        const count = raters.length;
        return {
          postId: num(r.post_id),
          title: String(r.title),
          ratingCount: num(r.rating_count),
          ratingSum: num(r.rating_sum),
          authorId: num(r.author_id),
          authorUsername: String(r.author_username),
          authorDisplayName: (r.author_display_name as string | null) ?? null,
          authorJoinedAt: num(r.author_joined),
          windowStart: num(r.window_start),
          windowEnd: num(r.window_end),
          count,
          average: count === 0 ? 0 : raters.reduce((s, x) => s + Number(x.rating), 0) / count,
          raters: raters.map((x) => ({ ...x, id: num(x.id), joinedAt: num(x.joinedAt), ratedAt: num(x.ratedAt), rating: num(x.rating) })),
        };
      });
    },

    /**
     * Shared accounts: sharedMinAccounts or more accounts signed in successfully from one IP address
     * with one user agent within sharedLookbackDays (sign_in_events; its successful rows are indexed
     * by (ip, user_agent, created_at), migration 0021_ratings), the latest first.
     */
    async shared(now: Date, limit: number, conn: Conn = db): Promise<SharedRow[]> {
      const since = new Date(now.getTime() - T.sharedLookbackDays * 86_400_000);
      const result = await conn.execute<Record<string, unknown>>(sql`
        with per_account as (
          select e.ip, e.user_agent, e.user_id, count(*)::int as n, max(e.created_at) as last_at
          from sign_in_events e
          where e.success and e.ip is not null and e.user_agent is not null and e.created_at >= ${since.toISOString()}::timestamptz
          group by e.ip, e.user_agent, e.user_id
        ),
        origins as (
          select ip, user_agent, max(last_at) as last_at from per_account
          group by ip, user_agent having count(*) >= ${T.sharedMinAccounts}
          order by max(last_at) desc, ip, user_agent limit ${limit}
        )
        select o.ip, o.user_agent, ${ms(sql`o.last_at`)} as last_at,
          (select json_agg(json_build_object('id', u.id, 'username', u.username, 'displayName', u.display_name,
              'joinedAt', ${ms(sql`u.created_at`)}, 'signIns', pa.n, 'lastSignInAt', ${ms(sql`pa.last_at`)}) order by u.id)
            from per_account pa join users u on u.id = pa.user_id
            where pa.ip = o.ip and pa.user_agent = o.user_agent) as accounts
        from origins o order by o.last_at desc, o.ip, o.user_agent`);
      return result.rows.map((r) => {
        const accounts = (typeof r.accounts === 'string' ? JSON.parse(r.accounts) : r.accounts) as SharedRow['accounts'];
        return {
          ip: String(r.ip),
          userAgent: String(r.user_agent),
          lastSignInAt: num(r.last_at),
          accounts: accounts.map((a) => ({ ...a, id: num(a.id), joinedAt: num(a.joinedAt), signIns: num(a.signIns), lastSignInAt: num(a.lastSignInAt) })),
        };
      });
    },

    /** Star ratings by `raterIds` of `authorIds`' plates or of the plate `postId`, newest first (id keyset). */
    async evidence(filter: { raterIds: number[]; authorIds?: number[] | undefined; postId?: number | undefined; beforeId?: number | undefined; limit: number }) {
      const result = await db.execute<Record<string, unknown>>(sql`
        select r.id, r.rating, ${ms(sql`r.created_at`)} as created, r.user_id, u.username, r.post_id, p.title, p.user_id as author_id, au.username as author_username
        from ratings r
        join posts p on p.id = r.post_id
        join users u on u.id = r.user_id
        join users au on au.id = p.user_id
        where r.rating is not null and ${anyOf(sql`r.user_id`, filter.raterIds)}
          ${filter.authorIds ? sql`and ${anyOf(sql`p.user_id`, filter.authorIds)}` : sql``}
          ${filter.postId !== undefined ? sql`and r.post_id = ${filter.postId}` : sql``}
          ${filter.beforeId !== undefined ? sql`and r.id < ${filter.beforeId}` : sql``}
        order by r.id desc
        limit ${filter.limit}`);
      return result.rows.map((r) => ({
        id: num(r.id),
        rating: num(r.rating),
        createdAt: new Date(num(r.created)).toISOString(),
        rater: { id: num(r.user_id), username: String(r.username) },
        post: { id: num(r.post_id), title: String(r.title), authorId: num(r.author_id), authorUsername: String(r.author_username) },
      }));
    },

    /**
     * Locks the plates of those ids that are still star ratings (in id order, the lock order of every
     * counter change), then the rating rows themselves, and answers them with their plate's author.
     */
    async lockTargets(ids: number[], tx: Tx): Promise<VoidTarget[]> {
      await tx.execute(sql`
        select p.id from posts p
        where p.id in (select r.post_id from ratings r where ${anyOf(sql`r.id`, ids)} and r.rating is not null)
        order by p.id for update of p`);
      const result = await tx.execute<Record<string, unknown>>(sql`
        select r.id, r.post_id, r.user_id, p.user_id as author_id, r.rating, (r.comment is not null) as has_comment
        from ratings r join posts p on p.id = r.post_id
        where ${anyOf(sql`r.id`, ids)} and r.rating is not null
        order by r.id for update of r`);
      return result.rows.map((r) => ({
        id: num(r.id),
        postId: num(r.post_id),
        userId: num(r.user_id),
        authorId: num(r.author_id),
        rating: num(r.rating),
        hasComment: Boolean(r.has_comment),
      }));
    },

    /**
     * Voids the ratings: a row that also carries a comment keeps it and loses its stars (it becomes
     * a comment-only row); a row that was only a rating goes. Then the plates are recounted.
     */
    async voidRatings(targets: VoidTarget[], tx: Tx): Promise<void> {
      const keep = targets.filter((t) => t.hasComment).map((t) => t.id);
      const drop = targets.filter((t) => !t.hasComment).map((t) => t.id);
      if (keep.length > 0) await tx.execute(sql`update ratings set rating = null, updated_at = now() where ${anyOf(sql`id`, keep)}`);
      if (drop.length > 0) await tx.execute(sql`delete from ratings where ${anyOf(sql`id`, drop)}`);
      const postIds = [...new Set(targets.map((t) => t.postId))].sort((a, b) => a - b);
      await recountTouched(tx, { postIds, commentIds: [], replyIds: [] });
    },

    /** The plates' counters as stored (after the recount). */
    async postCounters(postIds: number[], tx: Tx) {
      const result = await tx.execute<Record<string, unknown>>(sql`
        select id, rating_count, rating_sum from posts where ${anyOf(sql`id`, postIds)} order by id`);
      return result.rows.map((r) => ({ id: num(r.id), ratingCount: num(r.rating_count), ratingSum: num(r.rating_sum) }));
    },
  };
}

export type RatingsAdminRepository = ReturnType<typeof createRatingsAdminRepository>;
