import { and, desc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { AnnouncementAudience } from '@plates/common';
import type { Db, Tx } from '../../db/client.js';
import { announcementDismissals, globalAnnouncements, users, type NewGlobalAnnouncement } from '../../db/schema/index.js';

type Conn = Db | Tx;

/** At most this many announcements show at once (a banner, not a feed). */
const VISIBLE_MAX = 20;

/** Announcements and their dismissals. */
export function createAnnouncementsRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * The active ones at `now` for these audiences, minus the ones `userId` dismissed: pinned
     * first, then newest.
     */
    async active(audiences: readonly AnnouncementAudience[], now: Date, userId: number | null) {
      const a = globalAnnouncements;
      return db
        .select()
        .from(a)
        .where(
          and(
            eq(a.isActive, true),
            or(isNull(a.startDate), lte(a.startDate, now)),
            or(isNull(a.endDate), gt(a.endDate, now)),
            inArray(a.targetAudience, [...audiences]),
            userId === null
              ? undefined
              : notExists(
                  db
                    .select({ one: sql`1` })
                    .from(announcementDismissals)
                    .where(and(eq(announcementDismissals.announcementId, a.id), eq(announcementDismissals.userId, userId))),
                ),
          ),
        )
        .orderBy(desc(a.isPinned), desc(a.createdAt), desc(a.id))
        .limit(VISIBLE_MAX);
    },

    /** Every announcement (or the one of `id`) with its author's name, newest first (the admin page). */
    async withAuthors(id?: number) {
      return db
        .select({ announcement: globalAnnouncements, author: { id: users.id, username: users.username } })
        .from(globalAnnouncements)
        .leftJoin(users, eq(users.id, globalAnnouncements.createdBy))
        .where(id === undefined ? undefined : eq(globalAnnouncements.id, id))
        .orderBy(desc(globalAnnouncements.createdAt), desc(globalAnnouncements.id));
    },

    /** Alerts switched on whose start fell in (from, to] and that have not ended by `to`. */
    async alertsStarted(from: Date, to: Date) {
      const a = globalAnnouncements;
      return db
        .select()
        .from(a)
        .where(and(eq(a.isActive, true), eq(a.showAsAlert, true), gt(a.startDate, from), lte(a.startDate, to), or(isNull(a.endDate), gt(a.endDate, to))));
    },

    async find(id: number, conn: Conn = db) {
      const [row] = await conn.select().from(globalAnnouncements).where(eq(globalAnnouncements.id, id)).limit(1);
      return row;
    },

    async lock(id: number, tx: Tx) {
      const [row] = await tx.select().from(globalAnnouncements).where(eq(globalAnnouncements.id, id)).for('update').limit(1);
      return row;
    },

    async insert(values: NewGlobalAnnouncement, tx: Tx) {
      const [row] = await tx.insert(globalAnnouncements).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewGlobalAnnouncement>, tx: Tx) {
      const [row] = await tx.update(globalAnnouncements).set(values).where(eq(globalAnnouncements.id, id)).returning();
      return row!;
    },

    async remove(id: number, tx: Tx): Promise<void> {
      await tx.delete(globalAnnouncements).where(eq(globalAnnouncements.id, id));
    },

    /** Idempotent: a second dismissal keeps the first one's time. */
    async dismiss(userId: number, announcementId: number): Promise<void> {
      await db.insert(announcementDismissals).values({ userId, announcementId }).onConflictDoNothing();
    },

    /** When the member's account was made (null when it is gone). */
    async memberSince(userId: number): Promise<Date | null> {
      const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.createdAt ?? null;
    },

    /** Accounts made after `since` (the `new_members` audience). */
    async newMemberIds(since: Date): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(gt(users.createdAt, since));
      return rows.map((r) => r.id);
    },

    /**
     * One batch of the members an announcement's mail goes to, by id after `afterId`: verified
     * addresses of active accounts (a suspended, deactivated or unapproved one gets none), of
     * the audience (new members: joined after `since`; admins).
     */
    async mailRecipients(audience: AnnouncementAudience, since: Date, afterId: number, limit: number) {
      return db
        .select({ id: users.id, email: users.email, username: users.username, displayName: users.displayName })
        .from(users)
        .where(
          and(
            gt(users.id, afterId),
            eq(users.emailVerified, true),
            eq(users.accountStatus, 'active'),
            audience === 'new_members' ? gt(users.createdAt, since) : undefined,
            audience === 'admins' ? eq(users.isAdmin, true) : undefined,
          ),
        )
        .orderBy(users.id)
        .limit(limit);
    },

    async adminIds(): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
      return rows.map((r) => r.id);
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
