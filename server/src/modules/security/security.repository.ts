import { and, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  emailDomainBlocks,
  ipBlocks,
  securityEvents,
  users,
  type NewSecurityEvent,
} from '../../db/schema/index.js';
import { badgeJoin } from '../users/users.author.js';

type Conn = Db | Tx;

export interface SecurityEventFilter {
  type?: string | undefined;
  severity?: string | undefined;
  resolved?: boolean | undefined;
  userId?: number | undefined;
  /** A canonical address or CIDR range (common/ip.ts). */
  ip?: string | undefined;
}

const blocker = alias(users, 'blocker');
const unblocker = alias(users, 'unblocker');
const blockerBadge = badgeJoin('blocker_badge', blocker.id);
const unblockerBadge = badgeJoin('unblocker_badge', unblocker.id);
const memberBadge = badgeJoin('member_badge', users.id);

/**
 * An address column inside a range, with PostgreSQL's inet containment. An IPv4-mapped IPv6
 * address (what a dual-stack socket reports for an IPv4 client) is compared as the IPv4 address
 * it maps; text that is not an address at all never matches (and never fails the cast).
 */
function addressWithin(column: SQL | typeof securityEvents.ipAddress, range: string): SQL {
  const v4 = sql.raw(`'^[0-9]{1,3}(\\.[0-9]{1,3}){3}$'`);
  const v6 = sql.raw(`'^[0-9A-Fa-f]{0,4}(:[0-9A-Fa-f]{0,4}){2,7}(:[0-9]{1,3}(\\.[0-9]{1,3}){3})?$'`);
  const unmapped = sql`regexp_replace(${column}, '^::ffff:([0-9.]+)$', '\\1', 'i')`;
  return sql`(case when ${column} ~ ${v4} or ${column} ~ ${v6} then ${unmapped}::inet <<= ${range}::inet else false end)`;
}

/** IP blocks, email-domain blocks and security events: the rows of the security module. */
export function createSecurityRepository(db: Db) {
  const namedIpBlocks = () =>
    db
      .select({
        block: ipBlocks,
        blockedBy: blocker.username,
        unblockedBy: unblocker.username,
        blockedByBadge: blockerBadge.verifiedType,
        unblockedByBadge: unblockerBadge.verifiedType,
      })
      .from(ipBlocks)
      .leftJoin(blocker, eq(blocker.id, ipBlocks.blockedBy))
      .leftJoin(blockerBadge.table, blockerBadge.on)
      .leftJoin(unblocker, eq(unblocker.id, ipBlocks.unblockedBy))
      .leftJoin(unblockerBadge.table, unblockerBadge.on)
      .$dynamic();

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Every block that may apply: active rows not past their expiry at `at`. */
    async liveIpBlocks(at: Date) {
      return db
        .select({ id: ipBlocks.id, ipAddress: ipBlocks.ipAddress, blockType: ipBlocks.blockType, expiresAt: ipBlocks.expiresAt })
        .from(ipBlocks)
        .where(and(eq(ipBlocks.isActive, true), or(isNull(ipBlocks.expiresAt), gt(ipBlocks.expiresAt, at))));
    },

    /** Active blocks, and those that ended (removed, or expired) since `since`, with who blocked and unblocked. */
    async ipBlockList(since: Date, limit: number) {
      return namedIpBlocks()
        .where(
          or(
            and(eq(ipBlocks.isActive, true), or(isNull(ipBlocks.expiresAt), gt(ipBlocks.expiresAt, since))),
            and(eq(ipBlocks.isActive, false), gt(ipBlocks.updatedAt, since)),
          ),
        )
        .orderBy(desc(ipBlocks.createdAt), desc(ipBlocks.id))
        .limit(limit);
    },

    /** One block with who blocked and unblocked it. */
    async namedIpBlock(id: number) {
      const [row] = await namedIpBlocks().where(eq(ipBlocks.id, id)).limit(1);
      return row;
    },

    async findIpBlock(id: number, conn: Conn = db) {
      const [row] = await conn.select().from(ipBlocks).where(eq(ipBlocks.id, id)).limit(1);
      return row;
    },

    async findIpBlockByAddress(ipAddress: string, conn: Conn = db) {
      const [row] = await conn.select().from(ipBlocks).where(eq(ipBlocks.ipAddress, ipAddress)).limit(1);
      return row;
    },

    /**
     * Blocks `ipAddress`: a new row, or the address's earlier row (removed, or expired) made live
     * again (ip_address is unique, so an address has one row; its earlier blocks are in the audit
     * log). Answers nothing when a live block of the address is in the way.
     */
    async upsertIpBlock(
      values: { ipAddress: string; blockType: string; reason: string; blockedBy: number; expiresAt: Date | null },
      at: Date,
      conn: Conn = db,
    ) {
      const [row] = await conn
        .insert(ipBlocks)
        .values({ ...values, isActive: true })
        .onConflictDoUpdate({
          target: ipBlocks.ipAddress,
          set: {
            ...values,
            isActive: true,
            unblockReason: null,
            unblockedBy: null,
            createdAt: at,
          },
          setWhere: or(eq(ipBlocks.isActive, false), and(sql`${ipBlocks.expiresAt} is not null`, sql`${ipBlocks.expiresAt} <= ${at}`)),
        })
        .returning();
      return row;
    },

    async deactivateIpBlock(id: number, by: number, reason: string | null, conn: Conn = db) {
      const [row] = await conn
        .update(ipBlocks)
        .set({ isActive: false, unblockedBy: by, unblockReason: reason })
        .where(and(eq(ipBlocks.id, id), eq(ipBlocks.isActive, true)))
        .returning();
      return row;
    },

    async emailDomainBlockList() {
      return db
        .select({ block: emailDomainBlocks, createdBy: users.username, createdByBadge: memberBadge.verifiedType })
        .from(emailDomainBlocks)
        .leftJoin(users, eq(users.id, emailDomainBlocks.createdBy))
        .leftJoin(memberBadge.table, memberBadge.on)
        .orderBy(emailDomainBlocks.domain);
    },

    async insertEmailDomainBlock(values: { domain: string; reason: string | null; createdBy: number }, conn: Conn = db) {
      const [row] = await conn.insert(emailDomainBlocks).values(values).onConflictDoNothing().returning();
      return row;
    },

    async deleteEmailDomainBlock(id: number, conn: Conn = db) {
      const [row] = await conn.delete(emailDomainBlocks).where(eq(emailDomainBlocks.id, id)).returning();
      return row;
    },

    /** The first blocked domain among `domains` (an address's domain and its parents). */
    async blockedDomain(domains: string[]) {
      if (domains.length === 0) return undefined;
      const [row] = await db
        .select({ domain: emailDomainBlocks.domain })
        .from(emailDomainBlocks)
        .where(inArray(emailDomainBlocks.domain, domains))
        .limit(1);
      return row?.domain;
    },

    async insertSecurityEvent(values: NewSecurityEvent, conn: Conn = db): Promise<void> {
      await conn.insert(securityEvents).values(values);
    },

    /** A page of security events, newest first, with the member's username. */
    async securityEventPage(filter: SecurityEventFilter, page: number, pageSize: number) {
      const conditions: SQL[] = [];
      if (filter.type) conditions.push(eq(securityEvents.eventType, filter.type));
      if (filter.severity) conditions.push(eq(securityEvents.severity, filter.severity));
      if (filter.resolved !== undefined) conditions.push(eq(securityEvents.isResolved, filter.resolved));
      if (filter.userId) conditions.push(eq(securityEvents.userId, filter.userId));
      if (filter.ip) conditions.push(addressWithin(securityEvents.ipAddress, filter.ip));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ event: securityEvents, username: users.username, verifiedType: memberBadge.verifiedType })
          .from(securityEvents)
          .leftJoin(users, eq(users.id, securityEvents.userId))
          .leftJoin(memberBadge.table, memberBadge.on)
          .where(where)
          .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(securityEvents).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findSecurityEvent(id: number, conn: Conn = db) {
      const [row] = await conn
        .select({ event: securityEvents, username: users.username, verifiedType: memberBadge.verifiedType })
        .from(securityEvents)
        .leftJoin(users, eq(users.id, securityEvents.userId))
        .leftJoin(memberBadge.table, memberBadge.on)
        .where(eq(securityEvents.id, id))
        .limit(1);
      return row;
    },

    async resolveSecurityEvent(id: number, conn: Conn = db) {
      const [row] = await conn
        .update(securityEvents)
        .set({ isResolved: true })
        .where(and(eq(securityEvents.id, id), eq(securityEvents.isResolved, false)))
        .returning();
      return row;
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
