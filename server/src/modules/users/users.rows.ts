import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, userVerifications, type NewUser, type User } from '../../db/schema/index.js';
import type { VerifiedType } from './users.author.js';

/** Queries on the account row that the auth and users repositories both need. */

export async function updateUserRow(conn: Db | Tx, id: number, values: Partial<NewUser>): Promise<User> {
  const [row] = await conn.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/** The user's active verification badge, or null when they hold none. */
export async function activeBadgeOf(conn: Db | Tx, userId: number): Promise<VerifiedType> {
  const [row] = await conn
    .select({ verifiedType: userVerifications.verifiedType })
    .from(userVerifications)
    .where(and(eq(userVerifications.userId, userId), eq(userVerifications.isActive, true)))
    .limit(1);
  return row?.verifiedType ?? null;
}
