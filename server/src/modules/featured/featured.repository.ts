import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { featuredPosts, posts, users, type NewFeaturedPost } from '../../db/schema/index.js';
import { isConst } from '../../lib/literal.js';
import type { Viewer } from '../../lib/viewer.js';
import { audience } from '../posts/post-access.js';

import { showing } from './featured.sql.js';

type Conn = Db | Tx;

/** Featured plates: the Featured row and the admin's lists. */
export function createFeaturedRepository(db: Db) {
  const featurer = alias(users, 'featurer');
  const unfeaturer = alias(users, 'unfeaturer');

  /** A featuring with its plate, the plate's author and the staff who featured and unfeatured it. */
  const adminSelect = (conn: Conn) =>
    conn
      .select({
        featured: featuredPosts,
        post: { title: posts.title, imageUrl: posts.imageUrl },
        author: { id: users.id, username: users.username },
        featuredBy: { id: featurer.id, username: featurer.username },
        unfeaturedBy: { id: unfeaturer.id, username: unfeaturer.username },
      })
      .from(featuredPosts)
      .innerJoin(posts, eq(posts.id, featuredPosts.postId))
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(featurer, eq(featurer.id, featuredPosts.featuredBy))
      .leftJoin(unfeaturer, eq(unfeaturer.id, featuredPosts.unfeaturedBy));

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * The ids of the plates the Featured row shows `viewer` at `now`: featured and not expired,
     * approved, and seen by the feed's own audience rule (blocks, private authors, suspended
     * authors); highest priority first, then the newest plate.
     */
    async rowIds(viewer: Viewer, now: Date, limit: number, conn: Conn = db): Promise<number[]> {
      const rows = await conn
        .select({ id: posts.id })
        .from(featuredPosts)
        .innerJoin(posts, eq(posts.id, featuredPosts.postId))
        .innerJoin(users, eq(users.id, posts.userId))
        .where(and(showing(now), isConst(featuredPosts.featuredType, 'homepage'), isConst(posts.approvalStatus, 'approved'), audience(viewer)))
        .orderBy(desc(featuredPosts.priority), desc(posts.createdAt), desc(posts.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * The admin's list: `current` (shown now) by priority, or `past` (expired or unfeatured) the
     * latest featured first; pages of `limit` after `cursor` in that order.
     */
    async adminPage(status: 'current' | 'past', now: Date, limit: number, cursor: { priority: number; id: number } | undefined, conn: Conn = db) {
      const f = featuredPosts;
      const where =
        status === 'current'
          ? and(showing(now), cursor ? sql`(${f.priority}, ${f.id}) < (${cursor.priority}, ${cursor.id})` : undefined)
          : and(sql`not (${showing(now)})`, cursor ? lt(f.id, cursor.id) : undefined);
      return adminSelect(conn)
        .where(where)
        .orderBy(...(status === 'current' ? [desc(f.priority), desc(f.id)] : [desc(f.id)]))
        .limit(limit + 1);
    },

    /** One featuring with what the admin list shows of it. */
    async adminRow(id: number, conn: Conn = db) {
      const [row] = await adminSelect(conn)
        .where(eq(featuredPosts.id, id))
        .limit(1);
      return row;
    },

    /**
     * The plate, locked, with whether everyone may see it (approved, its author active and public:
     * the Featured row is for everyone).
     */
    async lockPost(postId: number, tx: Tx) {
      const [row] = await tx
        .select({ id: posts.id, userId: posts.userId, title: posts.title, public: sql<boolean>`(${and(isConst(posts.approvalStatus, 'approved'), audience(null))})`.mapWith(Boolean) })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.userId))
        .where(eq(posts.id, postId))
        .for('update', { of: posts })
        .limit(1);
      return row;
    },

    async lockByPost(postId: number, tx: Tx) {
      const [row] = await tx.select().from(featuredPosts).where(eq(featuredPosts.postId, postId)).for('update').limit(1);
      return row;
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(featuredPosts).where(eq(featuredPosts.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: NewFeaturedPost, tx: Tx) {
      const [row] = await tx.insert(featuredPosts).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewFeaturedPost>, tx: Tx) {
      const [row] = await tx.update(featuredPosts).set(values).where(eq(featuredPosts.id, id)).returning();
      return row!;
    },
  };
}

export type FeaturedRepository = ReturnType<typeof createFeaturedRepository>;
