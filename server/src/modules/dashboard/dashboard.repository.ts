import { and, count, countDistinct, eq, gte, inArray, isNotNull, lt, min, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll, type PgTable } from 'drizzle-orm/pg-core';
import type { DashboardMetric } from '@plates/common';
import type { Db } from '../../db/client.js';
import { chatMessages, commentReplies, posts, ratings, reports, signInEvents, userWarnings, users, verificationRequests } from '../../db/schema/index.js';

/** A timestamp's UTC calendar day as `YYYY-MM-DD` (the dashboard's buckets are UTC days). */
function utcDay(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** A count of rows per UTC day for one metric (its time column within `[from, to)`). */
export interface DailyCount {
  metric: DashboardMetric;
  day: string;
  n: number;
}

/**
 * The dashboard's figures, read in six statements whatever the period (never one per day): every
 * daily count in one UNION ALL of grouped selects, the active members per day and over each period
 * in two, and one per queue for its size and oldest item. Every bucket is a UTC day (decision
 * record 0028).
 */
export function createDashboardRepository(db: Db) {
  /** The rows of `table` whose `at` lies in [from, to), counted per UTC day under `metric`. */
  function perDay(metric: DashboardMetric, table: PgTable, at: AnyColumn, from: Date, to: Date, where?: SQL) {
    const day = utcDay(at);
    return db
      .select({ metric: sql<DashboardMetric>`${metric}::text`.as('metric'), day: day.as('day'), n: count().as('n') })
      .from(table)
      .where(and(gte(at, from), lt(at, to), where))
      .groupBy(day);
  }

  /** Who did something at `at` in [from, to): one row per act (a member and when). */
  function acts(userId: AnyColumn, at: AnyColumn, table: PgTable, from: Date, to: Date, where?: SQL) {
    return db
      .select({ userId: sql<number>`${userId}`.as('user_id'), at: sql<Date>`${at}`.as('at') })
      .from(table)
      .where(and(gte(at, from), lt(at, to), where));
  }

  return {
    /** Every metric but active members, per UTC day, over [from, to); days without rows are absent. */
    async dailyCounts(from: Date, to: Date): Promise<DailyCount[]> {
      const rows = await unionAll(
        perDay('signUps', users, users.createdAt, from, to),
        perDay('platesPosted', posts, posts.createdAt, from, to),
        perDay('platesApproved', posts, posts.approvedAt, from, to, eq(posts.approvalStatus, 'approved')),
        perDay('ratings', ratings, ratings.createdAt, from, to, isNotNull(ratings.rating)),
        perDay('comments', ratings, ratings.createdAt, from, to, isNotNull(ratings.comment)),
        perDay('comments', commentReplies, commentReplies.createdAt, from, to),
        perDay('chatMessages', chatMessages, chatMessages.createdAt, from, to),
        perDay('reportsOpened', reports, reports.createdAt, from, to),
        perDay('reportsResolved', reports, reports.reviewedAt, from, to, inArray(reports.status, ['resolved', 'dismissed'])),
      );
      return rows.map((row) => ({ metric: row.metric, day: row.day, n: Number(row.n) }));
    },

    /**
     * Active members: distinct members who signed in, posted a plate, rated or commented, replied,
     * or sent a chat message. Per UTC day over [from, to), and over [split, to) and [from, split)
     * as a whole (the period and the one before it).
     */
    async activeMembers(from: Date, split: Date, to: Date) {
      const all = unionAll(
        acts(signInEvents.userId, signInEvents.createdAt, signInEvents, from, to, eq(signInEvents.success, true)),
        acts(posts.userId, posts.createdAt, posts, from, to),
        acts(ratings.userId, ratings.createdAt, ratings, from, to),
        acts(commentReplies.userId, commentReplies.createdAt, commentReplies, from, to),
        acts(chatMessages.senderId, chatMessages.createdAt, chatMessages, from, to),
      ).as('acts');
      const day = sql<string>`to_char(${all.at} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [daily, [periods]] = await Promise.all([
        db.select({ day, n: countDistinct(all.userId) }).from(all).groupBy(day),
        db
          .select({
            current: sql<number>`count(distinct ${all.userId}) filter (where ${all.at} >= ${split})`.mapWith(Number),
            previous: sql<number>`count(distinct ${all.userId}) filter (where ${all.at} < ${split})`.mapWith(Number),
          })
          .from(all),
      ]);
      return { daily: daily.map((row) => ({ day: row.day, n: Number(row.n) })), current: periods?.current ?? 0, previous: periods?.previous ?? 0 };
    },

    /** Each queue's size and oldest item: pending plates, open reports, pending appeals and verification requests. */
    async queues() {
      const [plates, open, appeals, verifications] = await Promise.all([
        db.select({ n: count(), oldest: min(posts.createdAt) }).from(posts).where(eq(posts.approvalStatus, 'pending')),
        db.select({ n: count(), oldest: min(reports.createdAt) }).from(reports).where(eq(reports.status, 'pending')),
        db
          .select({ n: count(), oldest: min(userWarnings.appealedAt) })
          .from(userWarnings)
          .where(and(eq(userWarnings.appealStatus, 'pending'), isNotNull(userWarnings.appealedAt))),
        db
          .select({ n: count(), oldest: min(verificationRequests.createdAt) })
          .from(verificationRequests)
          .where(eq(verificationRequests.status, 'pending')),
      ]);
      const shape = (row: { n: number; oldest: Date | null } | undefined) => ({ count: Number(row?.n ?? 0), oldestAt: row?.oldest ?? null });
      return {
        pending_posts: shape(plates[0]),
        reports: shape(open[0]),
        appeals: shape(appeals[0]),
        verification_requests: shape(verifications[0]),
      };
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
