import { and, count, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  adminAuditLogs,
  securityEvents,
  userRoles,
  users,
  userVerifications,
  type NewAdminAuditLog,
  type NewSecurityEvent,
  type NewUserRole,
} from '../../db/schema/index.js';
import { activeVerification } from '../users/users.author.js';

type Conn = Db | Tx;

export interface AuditFilter {
  action?: string;
  adminId?: number;
  targetType?: string;
  targetId?: number;
}

/** Staff roles, the audit log and security events: the rows the admin area's rules stand on. */
export function createAdminRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUser(userId: number, conn: Conn = db) {
      const [row] = await conn
        .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** The member's live grants: active, and not past their expiry at `at`. */
    async liveRoles(userId: number, at: Date, conn: Conn = db) {
      return conn
        .select({ id: userRoles.id, role: userRoles.role, permissions: userRoles.permissions })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.isActive, true), or(isNull(userRoles.expiresAt), gt(userRoles.expiresAt, at))));
    },

    /** Every grant of a member, live and past, newest first. */
    async roleHistory(userId: number, conn: Conn = db) {
      return conn.select().from(userRoles).where(eq(userRoles.userId, userId)).orderBy(desc(userRoles.createdAt), desc(userRoles.id));
    },

    async findRole(grantId: number, conn: Conn = db) {
      const [row] = await conn.select().from(userRoles).where(eq(userRoles.id, grantId)).limit(1);
      return row;
    },

    /** Ends a live grant of the same role (an expired one still counts as "active" in the row), then inserts. */
    async replaceRole(values: NewUserRole, at: Date, conn: Conn = db) {
      await conn
        .update(userRoles)
        .set({ isActive: false, revokedAt: at, revokedBy: values.grantedBy ?? null })
        .where(and(eq(userRoles.userId, values.userId), eq(userRoles.role, values.role), eq(userRoles.isActive, true)));
      const [row] = await conn.insert(userRoles).values(values).returning();
      return row!;
    },

    async revokeRole(grantId: number, by: number, at: Date, conn: Conn = db) {
      const [row] = await conn
        .update(userRoles)
        .set({ isActive: false, revokedAt: at, revokedBy: by })
        .where(and(eq(userRoles.id, grantId), eq(userRoles.isActive, true)))
        .returning();
      return row;
    },

    async insertAudit(values: NewAdminAuditLog, conn: Conn = db): Promise<void> {
      await conn.insert(adminAuditLogs).values(values);
    },

    async insertSecurityEvent(values: NewSecurityEvent, conn: Conn = db): Promise<void> {
      await conn.insert(securityEvents).values(values);
    },

    /** A page of the audit log, newest first, with the acting admin's username and badge. */
    async auditPage(filter: AuditFilter, page: number, pageSize: number) {
      const conditions: SQL[] = [];
      if (filter.action) conditions.push(eq(adminAuditLogs.action, filter.action));
      if (filter.adminId) conditions.push(eq(adminAuditLogs.adminId, filter.adminId));
      if (filter.targetType) conditions.push(eq(adminAuditLogs.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(adminAuditLogs.targetId, filter.targetId));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ entry: adminAuditLogs, adminUsername: users.username, adminBadge: userVerifications.verifiedType })
          .from(adminAuditLogs)
          .leftJoin(users, eq(users.id, adminAuditLogs.adminId))
          .leftJoin(userVerifications, activeVerification)
          .where(where)
          .orderBy(desc(adminAuditLogs.createdAt), desc(adminAuditLogs.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(adminAuditLogs).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
