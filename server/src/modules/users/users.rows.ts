import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, userVerifications, type NewUser, type User } from '../../db/schema/index.js';

/** Queries on the account row that the auth and users repositories both need. */

export async function updateUserRow(conn: Db | Tx, id: number, values: Partial<NewUser>): Promise<User> {
  const [row] = await conn.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`user ${id} vanished during update`);
  return row;
}

/** Whether the user holds an active verification badge. */
export async function hasActiveBadge(conn: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await conn
    .select({ id: userVerifications.id })
    .from(userVerifications)
    .where(and(eq(userVerifications.userId, userId), eq(userVerifications.isActive, true)))
    .limit(1);
  return row !== undefined;
}
