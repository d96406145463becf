import { and, asc, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  categories,
  postAnalyses,
  postCategories,
  posts,
  ratings,
  saves,
  users,
  type ApprovalStatus,
  userVerifications,
  type NewPost,
  type Post,
} from '../../db/schema/index.js';
import { anyOf } from '../../lib/any-of.js';
import { isConst, isNotConst, literalLimit } from '../../lib/literal.js';
import { placeholder, preparedVariants } from '../../lib/prepared.js';
import { after, idPage, type IdPage, type Keyset } from '../../lib/keyset.js';
import type { Member, Viewer } from '../../lib/viewer.js';
import { activeVerification, authorColumns } from '../users/users.author.js';
import { audience, canOpen } from './post-access.js';

type Conn = Db | Tx;

/** Plates after the cursor in newest-first order. */
const before = (cursor: Keyset | undefined) => after(posts.createdAt, posts.id, cursor);

const keyText = sql<string>`${posts.createdAt}::text`.as('key_at');

/**
 * A card's version (post-cards.ts): the row versions of the plate and of its author, and the
 * author's badge; any write to either row gives a new one. Needs `users` joined as the author and
 * `user_verifications` left-joined by `activeVerification`.
 */
const cardVersion = sql<string>`concat_ws(':', ${posts}.xmin, ${users}.xmin, ${userVerifications.verifiedType})`;

/** The feed's location filter: the exact place, any case. */
const atLocation = (location: string | undefined) => (location ? sql`lower(${posts.location}) = lower(${location})` : undefined);

/** A plate's card version and the viewer's marks on it (post-cards.ts). */
export interface CardMarks {
  version: string;
  saved: boolean;
  rating: number | null;
}

/**
 * The `CardMarks` columns of a plate row. Need `users` joined as the author, `user_verifications`
 * by `activeVerification`, and `saves` and `ratings` by `savedBy` and `ratedBy` of the viewer.
 */
const markFields = {
  version: cardVersion.as('version'),
  saved: sql<boolean>`${saves.id} is not null`.mapWith(Boolean).as('saved'),
  rating: ratings.rating,
};
/** The viewer's save and star rating of the plate row (both unique per member and plate: never more rows). */
const savedBy = (viewerId: number) => and(eq(saves.postId, posts.id), eq(saves.userId, viewerId));
const ratedBy = (viewerId: number) => and(eq(ratings.postId, posts.id), eq(ratings.userId, viewerId), isNotNull(ratings.rating));

/** Marks keyed by plate id, from rows carrying `markFields`. */
const marksOf = (rows: ReadonlyArray<CardMarks & { id: number }>) => new Map<number, CardMarks>(rows.map((r) => [r.id, r]));

/** Plates with their authors, badge, card version and the viewer's save and rating (none for a visitor). */
function marksQuery(conn: Conn, viewer: Viewer) {
  const viewerId = viewer?.id ?? 0;
  return conn
    .select({ id: posts.id, ...markFields })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .leftJoin(userVerifications, activeVerification)
    .leftJoin(saves, savedBy(viewerId))
    .leftJoin(ratings, ratedBy(viewerId));
}

export function createPostsRepository(db: Db) {
  /**
   * One page of a member's feed, newest first: the approved plates they may see plus their own
   * pending or rejected ones, with each plate's card version and their save and star rating on it
   * (`marks`). Two branches, each walking its own index in order (`posts_feed_idx`,
   * `posts_user_id_created_at_idx`) and stopping at `limit + 1`, merged by one UNION ALL: a single
   * statement whatever the page size.
   */
  async function memberFeedPage(
    viewer: Member,
    options: { cursor?: Keyset; limit: number; location?: string },
    conn: Conn = db,
  ): Promise<IdPage & { marks: Map<number, CardMarks> }> {
    const take = options.limit + 1;
    const build = (c: Conn, who: Member, cursor: Keyset | undefined, location: string | undefined) => {
      const branch = (where: SQL) =>
        c
          .select({ id: posts.id, createdAt: posts.createdAt, keyAt: keyText, ...markFields })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.userId))
          .leftJoin(userVerifications, activeVerification)
          .leftJoin(saves, savedBy(who.id))
          .leftJoin(ratings, ratedBy(who.id))
          .where(and(where, before(cursor), atLocation(location)))
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(literalLimit(take));
      return unionAll(
        branch(and(isConst(posts.approvalStatus, 'approved'), audience(who))!),
        branch(and(eq(posts.userId, who.id), isNotConst(posts.approvalStatus, 'approved'))!),
      )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(literalLimit(take));
    };
    // Outside a transaction: the prepared variant for this shape (lib/prepared.ts).
    const rows =
      conn === db
        ? await feedVariants(
            `feed_${viewer.isAdmin ? 'admin' : 'member'}_${options.cursor ? 'after' : 'first'}_${options.location ? 'at' : 'all'}_${take}`,
            (name) =>
              build(
                db,
                { id: placeholder('viewer'), isAdmin: viewer.isAdmin },
                options.cursor && { at: placeholder('at'), id: placeholder('id') },
                options.location && placeholder('location'),
              ).prepare(name),
          ).execute({ viewer: viewer.id, at: options.cursor?.at, id: options.cursor?.id, location: options.location })
        : await build(conn, viewer, options.cursor, options.location);
    return { ...idPage(rows, options.limit), marks: marksOf(rows) };
  }
  const feedVariants = preparedVariants();
  const openVariants = preparedVariants();
  const marksVariants = preparedVariants();

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** One page of the feed as visitors see it, newest first, on `posts_feed_idx` (members: `memberFeedPage`). */
    async visitorFeedPage(options: { cursor?: Keyset; limit: number; location?: string }, conn: Conn = db): Promise<IdPage> {
      const rows = await conn
        .select({ id: posts.id, keyAt: keyText })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(isConst(posts.approvalStatus, 'approved'), audience(null), before(options.cursor), atLocation(options.location)))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(literalLimit(options.limit + 1));
      return idPage(rows, options.limit);
    },

    memberFeedPage,

    /** The viewer's saved plates they may still see, most recently saved first (keyset on the save). */
    async savedPage(viewer: Member, options: { cursor?: Keyset; limit: number }, conn: Conn = db): Promise<IdPage> {
      const cursor = after(saves.createdAt, saves.id, options.cursor);
      const rows = await conn
        .select({ id: saves.postId, saveId: saves.id, keyAt: sql<string>`${saves.createdAt}::text` })
        .from(saves)
        .innerJoin(posts, eq(posts.id, saves.postId))
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(eq(saves.userId, viewer.id), canOpen(viewer), cursor))
        .orderBy(desc(saves.createdAt), desc(saves.id))
        .limit(literalLimit(options.limit + 1));
      const page = idPage(rows.map((r) => ({ id: r.id, keyAt: r.keyAt })), options.limit);
      const lastRow = rows[Math.min(rows.length, options.limit) - 1];
      return { ...page, last: lastRow ? { at: lastRow.keyAt, id: lastRow.saveId } : undefined };
    },

    /**
     * One page of a person's plates, newest first, on `posts_user_id_created_at_idx`: their approved
     * plates the viewer may see (the `audience` rule), and every plate of their own to the owner.
     * Pending plates stay off other people's profile pages, admins' included (moderation has its
     * own queue), so the list agrees with the profile's post count. With each plate's card version
     * and the viewer's marks (`marks`), as the feed's page has them.
     */
    async userPage(
      userId: number,
      viewer: Viewer,
      options: { cursor?: Keyset; limit: number },
      conn: Conn = db,
    ): Promise<IdPage & { marks: Map<number, CardMarks> }> {
      const visible = viewer?.id === userId ? undefined : and(isConst(posts.approvalStatus, 'approved'), audience(viewer));
      const viewerId = viewer?.id ?? 0;
      const rows = await conn
        .select({ id: posts.id, keyAt: keyText, ...markFields })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(userVerifications, activeVerification)
        .leftJoin(saves, savedBy(viewerId))
        .leftJoin(ratings, ratedBy(viewerId))
        .where(and(eq(posts.userId, userId), visible, before(options.cursor)))
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(literalLimit(options.limit + 1));
      return { ...idPage(rows, options.limit), marks: marksOf(rows) };
    },

    /** The plates beside this one in the viewer's feed: the newer one (previous) and the older one (next). */
    async neighbors(post: Keyset, viewer: Viewer, conn: Conn = db) {
      const side = async (newer: boolean) => {
        const position = newer
          ? sql`(${posts.createdAt}, ${posts.id}) > (${post.at}::timestamptz, ${post.id})`
          : before(post);
        const order = newer ? [asc(posts.createdAt), asc(posts.id)] : [desc(posts.createdAt), desc(posts.id)];
        const branch = (where: SQL) =>
          conn
            .select({ id: posts.id, createdAt: posts.createdAt })
            .from(posts)
            .innerJoin(users, eq(users.id, posts.userId))
            .where(and(where, position))
            .orderBy(...order)
            .limit(1);
        const approved = branch(and(isConst(posts.approvalStatus, 'approved'), audience(viewer))!);
        const rows = viewer
          ? await unionAll(approved, branch(and(eq(posts.userId, viewer.id), isNotConst(posts.approvalStatus, 'approved'))!))
              .orderBy(...order)
              .limit(1)
          : await approved;
        return rows[0]?.id ?? null;
      };
      const [previousId, nextId] = await Promise.all([side(true), side(false)]);
      return { previousId, nextId };
    },

    /** The keyset position of one plate. */
    async keyOf(postId: number, conn: Conn = db): Promise<Keyset | undefined> {
      const [row] = await conn
        .select({ id: posts.id, at: sql<string>`${posts.createdAt}::text` })
        .from(posts)
        .where(eq(posts.id, postId))
        .limit(1);
      return row;
    },

    /**
     * Everything a plate's card needs, in one statement: the plate, its author and badge, its like
     * count, and its version. The viewer's own marks come from `marks`. Order is not kept.
     */
    async cardRows(ids: number[], conn: Conn = db) {
      if (ids.length === 0) return [];
      return conn
        .select({
          post: posts,
          author: authorColumns,
          verifiedType: userVerifications.verifiedType,
          likeCount: posts.likeCount,
          version: cardVersion,
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .leftJoin(userVerifications, activeVerification)
        .where(anyOf(posts.id, ids));
    },

    /**
     * Each plate's card version with the viewer's save and star rating (none for a visitor): both
     * are unique per member and plate, so the left joins never multiply rows. Only plates the
     * viewer may open (`canOpen`) are answered, whoever chose the ids (search's are chosen from a
     * list shared for a second, in which a plate may since have been removed or its author gone
     * private).
     */
    async marks(ids: number[], viewer: Viewer, conn: Conn = db): Promise<Array<CardMarks & { id: number }>> {
      if (ids.length === 0) return [];
      if (conn !== db) return marksQuery(conn, viewer).where(and(anyOf(posts.id, ids), canOpen(viewer)));
      const kind = !viewer ? 'visitor' : viewer.isAdmin ? 'admin' : 'member';
      return marksVariants(`marks_${kind}`, (name) => {
        const who = viewer && { id: placeholder<number>('viewer'), isAdmin: viewer.isAdmin };
        return marksQuery(db, who)
          .where(and(sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`, canOpen(who)))
          .prepare(name);
      }).execute({ ids, viewer: viewer?.id });
    },

    /**
     * The plate page's access check (`canOpen`) with the card version and the viewer's marks, in
     * one statement. Undefined: not theirs to open.
     */
    async openMarks(postId: number, viewer: Viewer, conn: Conn = db): Promise<CardMarks | undefined> {
      const build = (c: Conn, id: number, who: Viewer) =>
        marksQuery(c, who).where(and(eq(posts.id, id), canOpen(who))).limit(literalLimit(1));
      const kind = !viewer ? 'visitor' : viewer.isAdmin ? 'admin' : 'member';
      const [row] =
        conn === db
          ? await openVariants(`open_${kind}`, (name) =>
              build(db, placeholder('post'), viewer && { id: placeholder('viewer'), isAdmin: viewer.isAdmin }).prepare(name),
            ).execute({ post: postId, viewer: viewer?.id })
          : await build(conn, postId, viewer);
      return row;
    },

    /** Categories of these plates, in one statement. */
    async categoriesOf(ids: number[], conn: Conn = db) {
      if (ids.length === 0) return [];
      return conn
        .select({ postId: postCategories.postId, id: categories.id, name: categories.name })
        .from(postCategories)
        .innerJoin(categories, eq(categories.id, postCategories.categoryId))
        .where(anyOf(postCategories.postId, ids))
        .orderBy(asc(categories.name));
    },

    async listCategories(conn: Conn = db) {
      return conn.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));
    },

    /** The ids among these that name a category. */
    async existingCategoryIds(ids: number[], conn: Conn = db): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await conn.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((r) => r.id);
    },

    async setCategories(postId: number, categoryIds: number[], conn: Conn = db): Promise<void> {
      await conn.delete(postCategories).where(eq(postCategories.postId, postId));
      if (categoryIds.length > 0) {
        await conn.insert(postCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
      }
    },

    async findPost(postId: number, conn: Conn = db): Promise<Post | undefined> {
      const [row] = await conn.select().from(posts).where(eq(posts.id, postId)).limit(1);
      return row;
    },

    /** The row, locked until the transaction ends (moderation decisions, deletion). */
    async lockPost(postId: number, tx: Tx): Promise<Post | undefined> {
      const [row] = await tx.select().from(posts).where(eq(posts.id, postId)).limit(1).for('update');
      return row;
    },

    async insertPost(values: NewPost, conn: Conn = db): Promise<Post> {
      const [row] = await conn.insert(posts).values(values).returning();
      if (!row) throw new Error('insert into posts returned no row');
      return row;
    },

    async updatePost(postId: number, values: Partial<NewPost>, conn: Conn = db): Promise<Post | undefined> {
      const [row] = await conn.update(posts).set(values).where(eq(posts.id, postId)).returning();
      return row;
    },

    async deletePost(postId: number, conn: Conn = db): Promise<Post | undefined> {
      const [row] = await conn.delete(posts).where(eq(posts.id, postId)).returning();
      return row;
    },

    /**
     * Whether any plate still shows this image. Keys are content-addressed: the same photo uploaded
     * twice gives the same renditions, so a deleted plate's files may still be another's.
     */
    async imageKeyInUse(key: string, conn: Conn = db): Promise<boolean> {
      const [row] = await conn.select({ id: posts.id }).from(posts).where(eq(posts.imageKey, key)).limit(1);
      return row !== undefined;
    },

    /** Saves the plate once for the user; counts only a save that was not there. Answers whether it was new. */
    async addSave(postId: number, userId: number, tx: Tx): Promise<boolean> {
      const inserted = await tx
        .insert(saves)
        .values({ postId, userId })
        .onConflictDoNothing({ target: [saves.postId, saves.userId] })
        .returning({ id: saves.id });
      if (inserted.length === 0) return false;
      await tx
        .update(posts)
        .set({ saveCount: sql`${posts.saveCount} + 1`, updatedAt: sql`${posts.updatedAt}` })
        .where(eq(posts.id, postId));
      return true;
    },

    async removeSave(postId: number, userId: number, tx: Tx): Promise<boolean> {
      const deleted = await tx
        .delete(saves)
        .where(and(eq(saves.postId, postId), eq(saves.userId, userId)))
        .returning({ id: saves.id });
      if (deleted.length === 0) return false;
      await tx
        .update(posts)
        .set({ saveCount: sql`greatest(${posts.saveCount} - 1, 0)`, updatedAt: sql`${posts.updatedAt}` })
        .where(eq(posts.id, postId));
      return true;
    },

    /** Pending plates, oldest first, and how many there are. */
    async pendingPage(page: number, pageSize: number, conn: Conn = db) {
      const [ids, [count]] = await Promise.all([
        conn
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.approvalStatus, 'pending'))
          .orderBy(asc(posts.createdAt), asc(posts.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        conn.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(posts).where(eq(posts.approvalStatus, 'pending')),
      ]);
      return { ids: ids.map((r) => r.id), total: count?.n ?? 0 };
    },

    /**
     * Review hints for pending plates: the cook's record, and up to three earlier plates whose photo
     * hash is within `maxDistance` bits (a full scan of the hashes per plate: review pages are
     * ten plates, and the comparison is one XOR per row).
     */
    async pendingHints(ids: number[], maxDistance: number, conn: Conn = db) {
      if (ids.length === 0) return { records: [], duplicates: [], analyses: [] };
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
      const hamming = (a: SQL, b: SQL) => sql`bit_count(('x' || ${a})::bit(64) # ('x' || ${b})::bit(64))`;
      const [records, duplicates, analyses] = await Promise.all([
        conn.execute<{ post_id: number; joined_at: string; approved: number; strikes: number; active_strikes: number; reports: number }>(sql`
          select p.id as post_id, u.created_at::text as joined_at,
            (select count(*)::int from posts a where a.user_id = u.id and a.approval_status = 'approved') as approved,
            (select count(*)::int from user_warnings w where w.user_id = u.id) as strikes,
            (select count(*)::int from user_warnings w where w.user_id = u.id and w.is_active) as active_strikes,
            (select count(*)::int from reports r
              where (r.target_type = 'user' and r.target_id = u.id)
                 or (r.target_type = 'post' and r.target_id in (select b.id from posts b where b.user_id = u.id))) as reports
          from posts p join users u on u.id = p.user_id
          where p.id in (${list})`),
        conn.execute<{ post_id: number; id: number; title: string; approval_status: ApprovalStatus; user_id: number; distance: number }>(sql`
          select p.id as post_id, d.id, d.title, d.approval_status, d.user_id, d.distance
          from posts p
          cross join lateral (
            select o.id, o.title, o.approval_status, o.user_id, ${hamming(sql`p.image_hash`, sql`o.image_hash`)}::int as distance
            from posts o
            where (o.created_at, o.id) < (p.created_at, p.id) and o.image_hash is not null
              and ${hamming(sql`p.image_hash`, sql`o.image_hash`)} <= ${maxDistance}
            order by distance, o.id
            limit 3
          ) d
          where p.id in (${list}) and p.image_hash is not null`),
        // What the photo analysis stored (record 0038).
        conn
          .select({
            postId: postAnalyses.postId,
            qualityScore: postAnalyses.qualityScore,
            foodFound: postAnalyses.foodFound,
            foodBest: postAnalyses.foodBest,
            nsfwScores: postAnalyses.nsfwScores,
            nsfwHeld: postAnalyses.nsfwHeld,
          })
          .from(postAnalyses)
          .where(inArray(postAnalyses.postId, ids)),
      ]);
      return { records: records.rows, duplicates: duplicates.rows, analyses };
    },

    /** Mean star over every rating on an approved plate (Σ sums / Σ counts), or undefined when none. */
    async meanRating(conn: Conn = db): Promise<number | undefined> {
      const [row] = await conn
        .select({
          mean: sql<number | null>`sum(${posts.ratingSum})::float8 / nullif(sum(${posts.ratingCount}), 0)`,
        })
        .from(posts)
        .where(isConst(posts.approvalStatus, 'approved'));
      return row?.mean == null ? undefined : Number(row.mean);
    },

    /**
     * Top rated: approved plates with at least one rating, created since `since` (all time when
     * undefined), ranked by the Bayesian average (C·m + Σ)/(C + n). Same maths as `bayesianScore`.
     */
    async topRated(viewer: Viewer, options: { since?: Date; limit: number; confidence: number; mean: number }, conn: Conn = db) {
      const score = sql`((${options.confidence}::float8 * ${options.mean}::float8 + ${posts.ratingSum}) / (${options.confidence}::float8 + ${posts.ratingCount}))`;
      const rows = await conn
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(
          and(
            isConst(posts.approvalStatus, 'approved'),
            gt(posts.ratingCount, 0),
            options.since ? sql`${posts.createdAt} >= ${options.since.toISOString()}::timestamptz` : undefined,
            audience(viewer),
          ),
        )
        .orderBy(desc(score), desc(posts.ratingCount), desc(posts.id))
        .limit(options.limit);
      return rows.map((r) => r.id);
    },

    /** A public, active user's card for link previews, or nothing. */
    async publicProfile(userId: number, conn: Conn = db) {
      const [row] = await conn
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          bio: users.bio,
          profileImage: users.profileImage,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isPrivate, false), eq(users.accountStatus, 'active')))
        .limit(1);
      return row;
    },

  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
