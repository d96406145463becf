import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  chatMessages,
  chatSessions,
  commentReplies,
  dataExportRequests,
  follows,
  posts,
  ratings,
  userBlocks,
  users,
  type DataExportRequest,
} from '../../db/schema/index.js';
import { after, type Keyset } from '../../lib/keyset.js';

type Conn = Db | Tx;

const r = dataExportRequests;
const processor = alias(users, 'processor');
const other = alias(users, 'other');

/** Data export requests, their claim by a builder, and the member's data the zip is made of. */
export function createDataExportsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Locks the member's row so two requests of theirs are taken one after the other. */
    async lockMember(userId: number, tx: Tx) {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      return row;
    },

    /** The member's pending or processing request, if any. */
    async openOf(userId: number, conn: Conn = db) {
      const [row] = await conn
        .select()
        .from(r)
        .where(and(eq(r.userId, userId), inArray(r.status, ['pending', 'processing'])))
        .limit(1);
      return row;
    },

    async insert(userId: number, at: Date, tx: Tx) {
      const [row] = await tx.insert(r).values({ userId, createdAt: at, updatedAt: at }).returning();
      return row!;
    },

    /** The member's latest requests, newest first. */
    listOf(userId: number, limit: number) {
      return db.select().from(r).where(eq(r.userId, userId)).orderBy(desc(r.createdAt), desc(r.id)).limit(limit);
    },

    async byId(id: number, conn: Conn = db) {
      const [row] = await conn.select().from(r).where(eq(r.id, id)).limit(1);
      return row;
    },

    async byTokenHash(tokenHash: string) {
      const [row] = await db.select().from(r).where(eq(r.tokenHash, tokenHash)).limit(1);
      return row;
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx
        .select({ request: r, username: users.username })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .where(eq(r.id, id))
        .for('update', { of: r })
        .limit(1);
      return row;
    },

    /**
     * Claims the oldest request waiting to be built (pending, or processing whose lease ran out: a
     * crashed builder) for `leaseMs`. `FOR UPDATE SKIP LOCKED`: a row another instance is claiming
     * right now is passed over, never waited for nor claimed twice.
     */
    async claimNext(at: Date, leaseMs: number): Promise<DataExportRequest | undefined> {
      const until = new Date(at.getTime() + leaseMs);
      const claimed = await db.execute<{ id: number }>(sql`
        update ${r} set status = 'processing', lease_until = ${until.toISOString()}::timestamptz,
          attempts = ${r.attempts} + 1, updated_at = ${at.toISOString()}::timestamptz
        where ${r.id} = (
          select id from ${r}
          where ${r.status} = 'pending' or (${r.status} = 'processing' and ${r.leaseUntil} < ${at.toISOString()}::timestamptz)
          order by ${r.createdAt}, ${r.id}
          limit 1
          for update skip locked
        )
        returning ${r.id} as id`);
      const id = claimed.rows[0]?.id;
      return id === undefined ? undefined : this.byId(id);
    },

    /** Extends a claim that is still ours (status processing, the same attempt). */
    async renewLease(id: number, attempt: number, until: Date): Promise<boolean> {
      const rows = await db
        .update(r)
        .set({ leaseUntil: until })
        .where(and(eq(r.id, id), eq(r.status, 'processing'), eq(r.attempts, attempt)))
        .returning({ id: r.id });
      return rows.length > 0;
    },

    /** Finishes a claimed build; answers the row, or undefined when the claim was lost meanwhile. */
    async markReady(
      id: number,
      attempt: number,
      values: { fileName: string; sizeBytes: number; tokenHash: string; completedAt: Date; expiresAt: Date },
      tx: Tx,
    ) {
      const [row] = await tx
        .update(r)
        .set({ ...values, status: 'ready', leaseUntil: null, errorMessage: null, updatedAt: values.completedAt })
        .where(and(eq(r.id, id), eq(r.status, 'processing'), eq(r.attempts, attempt)))
        .returning();
      return row;
    },

    async markFailed(id: number, attempt: number, errorMessage: string, at: Date, tx: Tx) {
      const [row] = await tx
        .update(r)
        .set({ status: 'failed', errorMessage, leaseUntil: null, completedAt: at, updatedAt: at })
        .where(and(eq(r.id, id), eq(r.status, 'processing'), eq(r.attempts, attempt)))
        .returning();
      return row;
    },

    /** A failed request back to the queue, recording who asked. */
    async requeue(id: number, staffId: number, at: Date, tx: Tx) {
      const [row] = await tx
        .update(r)
        .set({ status: 'pending', errorMessage: null, completedAt: null, processedBy: staffId, updatedAt: at })
        .where(eq(r.id, id))
        .returning();
      return row!;
    },

    /** The member's ready export deleted by them: the row stays (status deleted), the link dies. */
    async markDeleted(id: number, at: Date, tx: Tx) {
      const [row] = await tx
        .update(r)
        .set({ status: 'deleted', tokenHash: null, fileName: null, updatedAt: at })
        .where(eq(r.id, id))
        .returning();
      return row!;
    },

    /** Ready exports whose time is up become expired; answers their files to delete. */
    async expireDue(at: Date): Promise<Array<{ id: number; fileName: string | null }>> {
      const due = await db.execute<{ id: number; file_name: string | null }>(sql`
        update ${r} set status = 'expired', token_hash = null, file_name = null, updated_at = ${at.toISOString()}::timestamptz
        from (select id, file_name from ${r} where ${r.status} = 'ready' and ${r.expiresAt} <= ${at.toISOString()}::timestamptz for update skip locked) due
        where ${r.id} = due.id
        returning due.id as id, due.file_name as file_name`);
      return due.rows.map((row) => ({ id: row.id, fileName: row.file_name }));
    },

    /** Names of the files rows still point at (ready exports): any other file in the folder is litter. */
    async keptFileNames(): Promise<Set<string>> {
      const rows = await db.select({ fileName: r.fileName }).from(r).where(and(eq(r.status, 'ready'), isNotNull(r.fileName)));
      return new Set(rows.map((row) => row.fileName!));
    },

    /** The admin queue: newest first, optionally one status, with member and processor (`limit` rows). */
    queue(options: { status?: string | undefined; cursor?: Keyset | undefined; limit: number }) {
      return db
        .select({
          request: r,
          keyAt: sql<string>`${r.createdAt}::text`,
          member: { id: users.id, username: users.username },
          processor: { id: processor.id, username: processor.username },
        })
        .from(r)
        .innerJoin(users, eq(users.id, r.userId))
        .leftJoin(processor, eq(processor.id, r.processedBy))
        .where(and(options.status ? eq(r.status, options.status) : undefined, after(r.createdAt, r.id, options.cursor)))
        .orderBy(desc(r.createdAt), desc(r.id))
        .limit(options.limit);
    },

    // ---- The member's data, as the zip holds it ------------------------------------------------

    async profile(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          displayName: users.displayName,
          bio: users.bio,
          location: users.location,
          profileImage: users.profileImage,
          isPrivate: users.isPrivate,
          chatEnabled: users.chatEnabled,
          emailVerified: users.emailVerified,
          preferences: users.preferences,
          points: users.points,
          level: users.level,
          accountStatus: users.accountStatus,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    plates(userId: number) {
      return db
        .select({
          id: posts.id,
          title: posts.title,
          description: posts.description,
          location: posts.location,
          altText: posts.altText,
          approvalStatus: posts.approvalStatus,
          rejectionReason: posts.rejectionReason,
          ratingCount: posts.ratingCount,
          ratingSum: posts.ratingSum,
          commentCount: posts.commentCount,
          saveCount: posts.saveCount,
          likeCount: posts.likeCount,
          imageKey: posts.imageKey,
          imageUrl: posts.imageUrl,
          imageWidth: posts.imageWidth,
          imageHeight: posts.imageHeight,
          imageVariants: posts.imageVariants,
          createdAt: posts.createdAt,
          updatedAt: posts.updatedAt,
        })
        .from(posts)
        .where(eq(posts.userId, userId))
        .orderBy(asc(posts.createdAt), asc(posts.id));
    },

    /** Stars the member gave (rows with a rating). */
    ratings(userId: number) {
      return db
        .select({ id: ratings.id, postId: ratings.postId, rating: ratings.rating, createdAt: ratings.createdAt, updatedAt: ratings.updatedAt })
        .from(ratings)
        .where(and(eq(ratings.userId, userId), isNotNull(ratings.rating)))
        .orderBy(asc(ratings.createdAt), asc(ratings.id));
    },

    /** Comments (rating rows with text) and replies the member wrote, held and removed ones too. */
    async comments(userId: number) {
      const [comments, replies] = await Promise.all([
        db
          .select({ id: ratings.id, postId: ratings.postId, text: ratings.comment, heldAt: ratings.heldAt, removedAt: ratings.removedAt, createdAt: ratings.createdAt })
          .from(ratings)
          .where(and(eq(ratings.userId, userId), isNotNull(ratings.comment)))
          .orderBy(asc(ratings.createdAt), asc(ratings.id)),
        db
          .select({
            id: commentReplies.id,
            commentId: commentReplies.ratingId,
            postId: ratings.postId,
            text: commentReplies.content,
            heldAt: commentReplies.heldAt,
            createdAt: commentReplies.createdAt,
          })
          .from(commentReplies)
          .innerJoin(ratings, eq(ratings.id, commentReplies.ratingId))
          .where(eq(commentReplies.userId, userId))
          .orderBy(asc(commentReplies.createdAt), asc(commentReplies.id)),
      ]);
      return { comments, replies };
    },

    /** The member's conversations (the other side by username) and the messages they sent. */
    async messages(userId: number) {
      const s = chatSessions;
      const [conversations, sent] = await Promise.all([
        db
          .select({ id: s.id, with: other.username, status: s.status, createdAt: s.createdAt, lastMessageAt: s.lastMessageAt })
          .from(s)
          .innerJoin(other, sql`${other.id} = case when ${s.user1Id} = ${userId} then ${s.user2Id} else ${s.user1Id} end`)
          .where(or(eq(s.user1Id, userId), eq(s.user2Id, userId)))
          .orderBy(asc(s.createdAt), asc(s.id)),
        db
          .select({ id: chatMessages.id, conversationId: chatMessages.sessionId, content: chatMessages.content, status: chatMessages.status, heldAt: chatMessages.heldAt, sentAt: chatMessages.createdAt })
          .from(chatMessages)
          .where(eq(chatMessages.senderId, userId))
          .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id)),
      ]);
      return { conversations, sent };
    },

    /** Whom the member follows (or asked to), who follows them (or asks to), and whom they block. */
    async follows(userId: number) {
      const [following, followers, blocked] = await Promise.all([
        db
          .select({ username: users.username, status: follows.status, since: follows.createdAt })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.followingId))
          .where(eq(follows.followerId, userId))
          .orderBy(asc(follows.createdAt), asc(follows.id)),
        db
          .select({ username: users.username, status: follows.status, since: follows.createdAt })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.followerId))
          .where(eq(follows.followingId, userId))
          .orderBy(asc(follows.createdAt), asc(follows.id)),
        db
          .select({ username: users.username, since: userBlocks.createdAt })
          .from(userBlocks)
          .innerJoin(users, eq(users.id, userBlocks.blockedId))
          .where(eq(userBlocks.blockerId, userId))
          .orderBy(asc(userBlocks.createdAt), asc(userBlocks.id)),
      ]);
      return { following, followers, blocked };
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
