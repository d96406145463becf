import { and, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  ipBlocks,
  posts,
  reports,
  sessions,
  signInEvents,
  signUpApprovals,
  userRoles,
  users,
  userVerifications,
  userWarnings,
} from '../../db/schema/index.js';
import { activeVerification, authorColumns } from '../users/users.author.js';

export interface MemberFilter {
  q?: string | undefined;
  status?: 'active' | 'deactivated' | 'suspended' | 'restricted' | 'awaiting_approval' | undefined;
  role?: 'admin' | 'staff' | 'member' | undefined;
}

/** An IPv4 or IPv6 address as typed (searched among sign-in and session addresses). */
const IP_LIKE = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)$/i;

/** `text` found anywhere, LIKE's own `\ % _` escaped so they match as text. */
function contains(column: SQLWrapper, text: string): SQL {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}

/** The admin area's member directory: search, filters, and one member's whole record. */
export function createMembersRepository(db: Db) {
  const liveRole = (at: Date) =>
    and(eq(userRoles.userId, users.id), eq(userRoles.isActive, true), or(isNull(userRoles.expiresAt), gt(userRoles.expiresAt, at)));

  const summaryColumns = (at: Date) => ({
    ...authorColumns,
    verifiedType: userVerifications.verifiedType,
    email: users.email,
    emailVerified: users.emailVerified,
    accountStatus: users.accountStatus,
    restrictedAt: users.restrictedAt,
    restrictedUntil: users.restrictedUntil,
    suspendedUntil: users.suspendedUntil,
    suspensionReason: users.suspensionReason,
    createdAt: users.createdAt,
    lastLoginAt: users.lastLoginAt,
    activeStrikes: sql<number>`(select count(*)::int from ${userWarnings} where ${userWarnings.userId} = ${users.id} and ${userWarnings.isActive})`,
    totalStrikes: sql<number>`(select count(*)::int from ${userWarnings} where ${userWarnings.userId} = ${users.id})`,
    roles: sql<string[]>`coalesce((select array_agg(${userRoles.role} order by ${userRoles.role}) from ${userRoles} where ${liveRole(at)}), '{}')`,
  });

  return {
    async search(filter: MemberFilter, page: number, pageSize: number, at: Date) {
      const conditions: SQL[] = [];
      const q = filter.q?.trim();
      if (q) {
        const byText = or(contains(users.username, q), contains(sql`coalesce(${users.displayName}, '')`, q), contains(users.email, q))!;
        conditions.push(
          IP_LIKE.test(q)
            ? or(
                byText,
                sql`exists (select 1 from ${signInEvents} where ${signInEvents.userId} = ${users.id} and ${signInEvents.ip} = ${q})`,
                sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.ip} = ${q})`,
              )!
            : byText,
        );
      }
      if (filter.status === 'restricted') conditions.push(isNotNull(users.restrictedAt));
      else if (filter.status) conditions.push(eq(users.accountStatus, filter.status));
      const hasRole = sql`exists (select 1 from ${userRoles} where ${liveRole(at)})`;
      if (filter.role === 'admin') conditions.push(eq(users.isAdmin, true));
      else if (filter.role === 'staff') conditions.push(or(eq(users.isAdmin, true), hasRole)!);
      else if (filter.role === 'member') conditions.push(and(eq(users.isAdmin, false), sql`not ${hasRole}`)!);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns(at))
          .from(users)
          .leftJoin(userVerifications, activeVerification)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async summary(userId: number, at: Date) {
      const [row] = await db
        .select({
          ...summaryColumns(at),
          bio: users.bio,
          location: users.location,
          isPrivate: users.isPrivate,
        })
        .from(users)
        .leftJoin(userVerifications, activeVerification)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** Why an account awaits approval: the sign-up address, the block that matched and its reason. */
    async approval(userId: number) {
      const [row] = await db
        .select({
          signUpIp: signUpApprovals.signUpIp,
          blockRange: signUpApprovals.blockRange,
          blockId: signUpApprovals.ipBlockId,
          blockReason: ipBlocks.reason,
          createdAt: signUpApprovals.createdAt,
        })
        .from(signUpApprovals)
        .leftJoin(ipBlocks, eq(ipBlocks.id, signUpApprovals.ipBlockId))
        .where(eq(signUpApprovals.userId, userId))
        .limit(1);
      return row;
    },

    async record(userId: number) {
      const reportColumns = {
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        actionTaken: reports.actionTaken,
        createdAt: reports.createdAt,
      };
      const [recentPosts, made, receivedAsUser, receivedOnPosts, signIns, liveSessions] = await Promise.all([
        db
          .select({ id: posts.id, title: posts.title, imageUrl: posts.imageUrl, approvalStatus: posts.approvalStatus, createdAt: posts.createdAt })
          .from(posts)
          .where(eq(posts.userId, userId))
          .orderBy(desc(posts.createdAt), desc(posts.id))
          .limit(12),
        db.select(reportColumns).from(reports).where(eq(reports.userId, userId)).orderBy(desc(reports.createdAt)).limit(20),
        db
          .select(reportColumns)
          .from(reports)
          .where(and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)))
          .orderBy(desc(reports.createdAt))
          .limit(20),
        db
          .select(reportColumns)
          .from(reports)
          .innerJoin(posts, and(eq(reports.targetType, 'post'), eq(posts.id, reports.targetId)))
          .where(eq(posts.userId, userId))
          .orderBy(desc(reports.createdAt))
          .limit(20),
        db
          .select()
          .from(signInEvents)
          .where(eq(signInEvents.userId, userId))
          .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
          .limit(20),
        db
          .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, ip: sessions.ip, userAgent: sessions.userAgent })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
          .orderBy(desc(sessions.lastUsedAt)),
      ]);
      const received = [...receivedAsUser, ...receivedOnPosts]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, 20);
      return { recentPosts, made, received, signIns, liveSessions };
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
