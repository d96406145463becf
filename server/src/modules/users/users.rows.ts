import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, userVerifications, type AccountStatus, type NewUser, type User } from '../../db/schema/index.js';
import { countersTouchedBy, recountTouched } from '../posts/post-counters.js';
import type { VerifiedType } from './users.author.js';

/** Queries on the account row that the auth, users and moderation repositories need. */

/** Changes to an account row other than its status (which goes through `setAccountStatus`). */
export type UserChanges = Omit<Partial<NewUser>, 'accountStatus'>;

export async function updateUserRow(conn: Db | Tx, id: number, values: UserChanges): Promise<User> {
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

/**
 * The one way an account's status changes (suspension and its every end, deactivation, coming
 * back by signing in, the configured admin). Only an active member's ratings, comments, replies,
 * hearts and saves count in others' figures (posts/post-counters.ts), so when the account starts
 * or stops counting, every counter its rows touch is recounted here, in the caller's transaction.
 */
export async function setAccountStatus(
  tx: Tx,
  id: number,
  values: Partial<NewUser> & { accountStatus: AccountStatus },
): Promise<User> {
  const [before] = await tx.select({ accountStatus: users.accountStatus }).from(users).where(eq(users.id, id)).for('update');
  if (!before) throw new Error(`user ${id} vanished during update`);
  const row = await updateUserRow(tx, id, values);
  if ((before.accountStatus === 'active') !== (values.accountStatus === 'active')) {
    await recountTouched(tx, await countersTouchedBy(tx, id));
  }
  return row;
}
