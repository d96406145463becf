import { and, asc, count, desc, eq, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import {
  chatMessages,
  chatRequests,
  commentReplies,
  posts,
  ratings,
  reports,
  sessions,
  signUpApprovals,
  users,
  userVerifications,
  userWarnings,
  moderationTemplates,
  type AppealStatus,
  type NewUserWarning,
  type Post,
  type ReportStatus,
  type User,
  type UserWarning,
} from '../../db/schema/index.js';
import { recountPost } from '../posts/post-counters.js';
import { activeVerification, authorColumns } from '../users/users.author.js';
import { setAccountStatus, updateUserRow, type UserChanges } from '../users/users.rows.js';


/** The most reports one queue answer reads (grouped by target afterwards). */
const QUEUE_READ_LIMIT = 500;

export type TargetKey = { targetType: 'post' | 'user' | 'comment'; targetId: number };

/** Reports, strikes, appeals and the account and content changes they make. */
export function createModerationRepository(db: Db) {
  const targetsMatch = (targets: TargetKey[]): SQL =>
    or(...targets.map((t) => and(eq(reports.targetType, t.targetType), eq(reports.targetId, t.targetId))!))!;

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Reports of a status: pending oldest first (the queue), handled ones newest first. */
    async reportsByStatus(status: ReportStatus) {
      return db
        .select()
        .from(reports)
        .where(eq(reports.status, status))
        .orderBy(status === 'pending' ? asc(reports.createdAt) : desc(reports.reviewedAt), asc(reports.id))
        .limit(QUEUE_READ_LIMIT);
    },

    async postsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: posts.id,
          userId: posts.userId,
          title: posts.title,
          description: posts.description,
          imageUrl: posts.imageUrl,
          approvalStatus: posts.approvalStatus,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .where(inArray(posts.id, ids));
    },

    /** Reported comments with the plate they are on. */
    async commentsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: ratings.id,
          userId: ratings.userId,
          text: ratings.comment,
          removedAt: ratings.removedAt,
          postId: posts.id,
          postTitle: posts.title,
        })
        .from(ratings)
        .innerJoin(posts, eq(posts.id, ratings.postId))
        .where(and(inArray(ratings.id, ids), isNotNull(ratings.comment)));
    },

    async lockComment(id: number, tx: Tx) {
      const [row] = await tx
        .select({ id: ratings.id, userId: ratings.userId, postId: ratings.postId, text: ratings.comment, heldAt: ratings.heldAt, removedAt: ratings.removedAt })
        .from(ratings)
        .where(and(eq(ratings.id, id), isNotNull(ratings.comment)))
        .for('update')
        .limit(1);
      return row;
    },

    /**
     * Hides (or shows again) a comment and recounts its plate's comments: a recount, not a step,
     * since a suspended author's comment is not counted to begin with.
     */
    async setCommentRemoved(comment: { id: number; postId: number }, removed: boolean, at: Date, tx: Tx): Promise<void> {
      await tx.update(ratings).set({ removedAt: removed ? at : null }).where(eq(ratings.id, comment.id));
      await recountPost(tx, comment.postId);
    },

    /** People with their badge and the account facts a moderator needs. */
    async peopleByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          ...authorColumns,
          verifiedType: userVerifications.verifiedType,
          bio: users.bio,
          accountStatus: users.accountStatus,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(inArray(users.id, ids));
    },

    /** Per reporter: reports made, and how many were acted on. */
    async reporterRecords(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          userId: reports.userId,
          made: count(),
          upheld: sql<number>`count(*) filter (where ${reports.status} = 'resolved')::int`,
        })
        .from(reports)
        .where(inArray(reports.userId, ids))
        .groupBy(reports.userId);
    },

    /** Per target: reports on it that are not of `status` (its earlier history). */
    async otherReportCounts(targets: TargetKey[], status: ReportStatus) {
      if (targets.length === 0) return [];
      return db
        .select({ targetType: reports.targetType, targetId: reports.targetId, n: count() })
        .from(reports)
        .where(and(targetsMatch(targets), ne(reports.status, status)))
        .groupBy(reports.targetType, reports.targetId);
    },

    async strikesOfUsers(ids: number[]): Promise<UserWarning[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(userWarnings)
        .where(inArray(userWarnings.userId, ids))
        .orderBy(desc(userWarnings.createdAt), desc(userWarnings.id));
    },

    async lockReport(id: number, tx: Tx) {
      const [row] = await tx.select().from(reports).where(eq(reports.id, id)).for('update').limit(1);
      return row;
    },

    /** Closes every open report on a target; answers the reporters. */
    async closeReports(
      target: TargetKey,
      values: { status: 'resolved' | 'dismissed'; reviewerId: number; actionTaken: string; resolutionReason: string; reviewedAt: Date },
      tx: Tx,
    ) {
      return tx
        .update(reports)
        .set(values)
        .where(and(eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId), eq(reports.status, 'pending')))
        .returning({ id: reports.id, userId: reports.userId });
    },

    async lockPost(id: number, tx: Tx): Promise<Pick<Post, 'id' | 'userId' | 'title' | 'approvalStatus'> | undefined> {
      const [row] = await tx
        .select({ id: posts.id, userId: posts.userId, title: posts.title, approvalStatus: posts.approvalStatus })
        .from(posts)
        .where(eq(posts.id, id))
        .for('update')
        .limit(1);
      return row;
    },

    async updatePost(id: number, values: Partial<Post>, tx: Tx): Promise<void> {
      await tx.update(posts).set(values).where(eq(posts.id, id));
    },

    async lockUser(id: number, tx: Tx): Promise<User | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update').limit(1);
      return row;
    },

    async updateUser(id: number, values: UserChanges, tx: Tx): Promise<void> {
      await updateUserRow(tx, id, values);
    },

    /** Suspends or reinstates, recounting what the member's rows count in (users.rows.ts). */
    async setAccountStatus(
      id: number,
      values: { accountStatus: User['accountStatus']; suspendedUntil: Date | null; suspensionReason: string | null },
      tx: Tx,
    ): Promise<void> {
      await setAccountStatus(tx, id, values);
    },

    /** Why an account awaits approval (the sign-up address and the block that matched), removed with it. */
    async takeSignUpApproval(userId: number, tx: Tx) {
      const [row] = await tx.delete(signUpApprovals).where(eq(signUpApprovals.userId, userId)).returning();
      return row;
    },

    async deleteSessions(userId: number, tx: Tx): Promise<void> {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    },

    async insertStrike(values: NewUserWarning, tx: Tx): Promise<UserWarning> {
      const [row] = await tx.insert(userWarnings).values(values).returning();
      return row!;
    },

    async lockStrike(id: number, tx: Tx): Promise<UserWarning | undefined> {
      const [row] = await tx.select().from(userWarnings).where(eq(userWarnings.id, id)).for('update').limit(1);
      return row;
    },

    async updateStrike(id: number, values: Partial<UserWarning>, tx: Tx): Promise<UserWarning> {
      const [row] = await tx.update(userWarnings).set(values).where(eq(userWarnings.id, id)).returning();
      return row!;
    },

    /** Active strikes of a kind for a member (the suspension or restriction to lift with it). */
    async activeStrikes(userId: number, type: 'restrict' | 'suspend', tx: Tx): Promise<UserWarning[]> {
      return tx
        .select()
        .from(userWarnings)
        .where(and(eq(userWarnings.userId, userId), eq(userWarnings.warningType, type), eq(userWarnings.isActive, true)));
    },

    /** Appeals of a status, oldest first. */
    async appeals(status: AppealStatus) {
      return db
        .select()
        .from(userWarnings)
        .where(and(eq(userWarnings.appealStatus, status), isNotNull(userWarnings.appealedAt)))
        .orderBy(status === 'pending' ? asc(userWarnings.appealedAt) : desc(userWarnings.appealDecidedAt), asc(userWarnings.id))
        .limit(QUEUE_READ_LIMIT);
    },

    /** Timed restrictions and suspensions whose end has come. */
    async expiredStrikes(at: Date, limit: number) {
      return db
        .select({ id: userWarnings.id })
        .from(userWarnings)
        .where(
          and(
            eq(userWarnings.isActive, true),
            isNotNull(userWarnings.expiresAt),
            lte(userWarnings.expiresAt, at),
            inArray(userWarnings.warningType, ['restrict', 'suspend']),
          ),
        )
        .orderBy(asc(userWarnings.expiresAt))
        .limit(limit);
    },

    /** Grants or changes the member's badge (one row per member). */
    async setVerification(userId: number, values: { verifiedType: 'blue' | 'gold' | 'business'; verifiedReason: string; grantedBy: number }, tx: Tx) {
      await tx
        .insert(userVerifications)
        .values({ userId, ...values, isActive: true })
        .onConflictDoUpdate({
          target: userVerifications.userId,
          set: { ...values, isActive: true, revokedAt: null, revokedBy: null, revokedReason: null },
        });
    },

    async revokeVerification(userId: number, values: { revokedBy: number; revokedReason: string; revokedAt: Date }, tx: Tx) {
      const rows = await tx
        .update(userVerifications)
        .set({ ...values, isActive: false })
        .where(and(eq(userVerifications.userId, userId), eq(userVerifications.isActive, true)))
        .returning({ id: userVerifications.id });
      return rows.length > 0;
    },

    /** Everything held for review, oldest first: comments, replies, chat requests and chat messages. */
    async held() {
      const author = { ...authorColumns, verifiedType: userVerifications.verifiedType };
      const receivers = alias(users, 'receiver');
      const receiverBadges = alias(userVerifications, 'receiver_badge');
      const receiver = {
        id: receivers.id,
        username: receivers.username,
        displayName: receivers.displayName,
        profileImage: receivers.profileImage,
        isAdmin: receivers.isAdmin,
        points: receivers.points,
        level: receivers.level,
        verifiedType: receiverBadges.verifiedType,
      };
      const receiverBadge = and(eq(receiverBadges.userId, receivers.id), eq(receiverBadges.isActive, true));
      const [comments, replies, requests, messages] = await Promise.all([
        db
          .select({ id: ratings.id, text: ratings.comment, createdAt: ratings.createdAt, postId: posts.id, postTitle: posts.title, author })
          .from(ratings)
          .innerJoin(posts, eq(posts.id, ratings.postId))
          .innerJoin(users, eq(users.id, ratings.userId))
          .leftJoin(userVerifications, activeVerification)
          .where(isNotNull(ratings.heldAt))
          .orderBy(asc(ratings.heldAt))
          .limit(QUEUE_READ_LIMIT),
        db
          .select({
            id: commentReplies.id,
            text: commentReplies.content,
            createdAt: commentReplies.createdAt,
            postId: posts.id,
            postTitle: posts.title,
            author,
          })
          .from(commentReplies)
          .innerJoin(ratings, eq(ratings.id, commentReplies.ratingId))
          .innerJoin(posts, eq(posts.id, ratings.postId))
          .innerJoin(users, eq(users.id, commentReplies.userId))
          .leftJoin(userVerifications, activeVerification)
          .where(isNotNull(commentReplies.heldAt))
          .orderBy(asc(commentReplies.heldAt))
          .limit(QUEUE_READ_LIMIT),
        db
          .select({ id: chatRequests.id, text: chatRequests.message, createdAt: chatRequests.createdAt, author, receiver })
          .from(chatRequests)
          .innerJoin(users, eq(users.id, chatRequests.senderId))
          .leftJoin(userVerifications, activeVerification)
          .innerJoin(receivers, eq(receivers.id, chatRequests.receiverId))
          .leftJoin(receiverBadges, receiverBadge)
          .where(eq(chatRequests.status, 'held'))
          .orderBy(asc(chatRequests.createdAt))
          .limit(QUEUE_READ_LIMIT),
        db
          .select({ id: chatMessages.id, text: chatMessages.content, createdAt: chatMessages.createdAt, author, receiver })
          .from(chatMessages)
          .innerJoin(users, eq(users.id, chatMessages.senderId))
          .leftJoin(userVerifications, activeVerification)
          .innerJoin(receivers, eq(receivers.id, chatMessages.receiverId))
          .leftJoin(receiverBadges, receiverBadge)
          .where(isNotNull(chatMessages.heldAt))
          .orderBy(asc(chatMessages.heldAt))
          .limit(QUEUE_READ_LIMIT),
      ]);
      return { comments, replies, requests, messages };
    },

    async templates() {
      return db.select().from(moderationTemplates).orderBy(asc(moderationTemplates.kind), asc(moderationTemplates.title), asc(moderationTemplates.id));
    },

    async insertTemplate(values: { kind: string; title: string; body: string; createdBy: number }, tx: Tx) {
      const [row] = await tx.insert(moderationTemplates).values(values).returning();
      return row!;
    },

    async lockTemplate(id: number, tx: Tx) {
      const [row] = await tx.select().from(moderationTemplates).where(eq(moderationTemplates.id, id)).for('update').limit(1);
      return row;
    },

    async updateTemplate(id: number, values: { kind: string; title: string; body: string }, tx: Tx) {
      const [row] = await tx.update(moderationTemplates).set(values).where(eq(moderationTemplates.id, id)).returning();
      return row!;
    },

    async deleteTemplate(id: number, tx: Tx): Promise<void> {
      await tx.delete(moderationTemplates).where(eq(moderationTemplates.id, id));
    },

    async verificationOf(userId: number, tx: Tx) {
      const [row] = await tx.select().from(userVerifications).where(eq(userVerifications.userId, userId)).limit(1);
      return row;
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
