import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  appealPasses,
  emailVerificationTokens,
  loginOrigins,
  passwordResetTokens,
  securityEvents,
  signInEvents,
  signUpApprovals,
  sessions,
  users,
  type AccountStatus,
  type NewSecurityEvent,
  type NewUser,
  type User,
} from '../../db/schema/index.js';
import { literalLimit } from '../../lib/literal.js';
import { placeholder, preparedVariants } from '../../lib/prepared.js';
import { activeBadgeOf, setAccountStatus, updateUserRow, type UserChanges } from '../users/users.rows.js';

type Conn = Db | Tx;
export type TokenKind = 'verify_email' | 'reset_password';
const TOKEN_TABLES = { verify_email: emailVerificationTokens, reset_password: passwordResetTokens } as const;

/**
 * What every request needs of its member: who they are, whether they are an admin, and whether
 * their account and a restriction let them act. The whole row (25 columns, a profile's text) is
 * read only by the routes that answer or change it (decision record 0021: reading it on every
 * request cost about 8 % of the signed-in feed's throughput).
 */
const sessionMemberColumns = {
  id: users.id,
  isAdmin: users.isAdmin,
  accountStatus: users.accountStatus,
  restrictedAt: users.restrictedAt,
  restrictedUntil: users.restrictedUntil,
};

export type SessionMember = Pick<User, keyof typeof sessionMemberColumns>;

export function createAuthRepository(db: Db) {
  const sessionVariants = preparedVariants(1);
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUserByUsername(username: string, conn: Conn = db): Promise<User | undefined> {
      const [row] = await conn
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async findUserByEmail(email: string, conn: Conn = db): Promise<User | undefined> {
      const [row] = await conn
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    async findUserById(id: number, conn: Conn = db): Promise<User | undefined> {
      const [row] = await conn.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async insertUser(values: NewUser, conn: Conn = db): Promise<User> {
      const [row] = await conn.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /** Why a new account waits for approval (read on its admin page). */
    async insertSignUpApproval(values: typeof signUpApprovals.$inferInsert, conn: Conn = db): Promise<void> {
      await conn.insert(signUpApprovals).values(values);
    },

    updateUser(id: number, values: UserChanges, conn: Conn = db): Promise<User> {
      return updateUserRow(conn, id, values);
    },

    /** Changes the account's status and recounts what its rows count in (users.rows.ts). */
    setAccountStatus(id: number, accountStatus: AccountStatus, tx: Tx): Promise<User> {
      return setAccountStatus(tx, id, { accountStatus });
    },

    /** The member's active badge (null when none), for the session's own name. */
    badgeOf(userId: number, conn: Conn = db) {
      return activeBadgeOf(conn, userId);
    },

    async insertSession(
      values: { userId: number; tokenHash: string; expiresAt: Date; ip: string; userAgent: string | null },
      conn: Conn = db,
    ): Promise<void> {
      await conn.insert(sessions).values(values);
    },

    /** Gives the member a new appeal pass, replacing any earlier one (at most one per member). */
    async saveAppealPass(values: { userId: number; tokenHash: string; expiresAt: Date }, conn: Conn = db): Promise<void> {
      await conn
        .insert(appealPasses)
        .values(values)
        .onConflictDoUpdate({ target: appealPasses.userId, set: { tokenHash: values.tokenHash, expiresAt: values.expiresAt, createdAt: sql`now()` } });
    },

    /** The member whose live appeal pass has this hash, or nothing. */
    async findAppealPass(tokenHash: string, now: Date, conn: Conn = db): Promise<{ userId: number } | undefined> {
      const [row] = await conn
        .select({ userId: appealPasses.userId })
        .from(appealPasses)
        .where(and(eq(appealPasses.tokenHash, tokenHash), gt(appealPasses.expiresAt, now)))
        .limit(1);
      return row;
    },

    /** The live session with this token hash and its user, or nothing. */
    /** The live session of a token hash with its member: every signed-in request's first statement. */
    async findSession(tokenHash: string, now: Date, conn: Conn = db) {
      const query = (c: Conn, hash: string, at: Date) =>
        c
          .select({ session: { id: sessions.id, lastUsedAt: sessions.lastUsedAt }, user: sessionMemberColumns })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, at)))
          .limit(literalLimit(1));
      const [row] =
        conn === db
          ? await sessionVariants('find_session', (name) => query(db, placeholder('hash'), placeholder('at')).prepare(name)).execute({
              hash: tokenHash,
              at: now,
            })
          : await query(conn, tokenHash, now);
      return row;
    },

    async touchSession(id: number, now: Date, conn: Conn = db): Promise<void> {
      await conn.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    },

    async deleteSession(tokenHash: string, conn: Conn = db): Promise<void> {
      await conn.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    /** One session's member, dates and browser, and how many other live sessions the member has. */
    async sessionDetails(sessionId: number, now: Date) {
      const [row] = await db
        .select({
          username: users.username,
          displayName: users.displayName,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          others: sql<number>`(select count(*)::int from ${sessions} s where s.user_id = ${sessions.userId} and s.id <> ${sessions.id} and s.expires_at > ${now.toISOString()}::timestamptz)`,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, sessionId));
      return row;
    },

    async deleteSessionsOfUser(userId: number, conn: Conn = db): Promise<void> {
      await conn.delete(sessions).where(eq(sessions.userId, userId));
    },

    /**
     * Whether the account has signed in with its password from this device (by the hash of its
     * cookie) and from this address (remembered origins, or a session opened there).
     */
    async knownOrigin(userId: number, deviceHash: string | undefined, ip: string, conn: Conn = db) {
      const byDevice = deviceHash
        ? sql`exists (select 1 from ${loginOrigins} where ${loginOrigins.userId} = ${userId} and ${loginOrigins.deviceHash} = ${deviceHash})`
        : sql`false`;
      const result = await conn.execute<{ device: boolean; address: boolean }>(sql`
        select ${byDevice} as device,
          (exists (select 1 from ${loginOrigins} where ${loginOrigins.userId} = ${userId} and ${loginOrigins.ip} = ${ip})
            or exists (select 1 from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.ip} = ${ip})) as address`);
      const row = result.rows[0];
      return { device: row?.device === true, address: row?.address === true };
    },

    /** Remembers a successful sign-in's device and address; forgets the account's origins unused since `staleBefore`. */
    async rememberOrigin(
      values: { userId: number; deviceHash: string; ip: string; at: Date; staleBefore: Date },
      conn: Conn = db,
    ): Promise<void> {
      const { userId, deviceHash, ip, at, staleBefore } = values;
      await conn
        .insert(loginOrigins)
        .values({ userId, deviceHash, ip, createdAt: at, lastUsedAt: at })
        .onConflictDoUpdate({
          target: [loginOrigins.userId, loginOrigins.deviceHash, loginOrigins.ip],
          set: { lastUsedAt: at },
        });
      await conn.delete(loginOrigins).where(and(eq(loginOrigins.userId, userId), lt(loginOrigins.lastUsedAt, staleBefore)));
    },

    async insertSecurityEvent(values: NewSecurityEvent, conn: Conn = db): Promise<void> {
      await conn.insert(securityEvents).values(values);
    },

    async insertSignInEvent(values: typeof signInEvents.$inferInsert, conn: Conn = db): Promise<void> {
      await conn.insert(signInEvents).values(values);
    },

    async insertToken(
      kind: TokenKind,
      values: { userId: number; tokenHash: string; expiresAt: Date },
      conn: Conn = db,
    ): Promise<void> {
      const table = TOKEN_TABLES[kind];
      await conn
        .insert(table)
        .values({ userId: values.userId, token: values.tokenHash, expiresAt: values.expiresAt });
    },

    /**
     * Marks the token used if it is unused and unexpired, in one statement, so two concurrent
     * uses cannot both succeed. Answers the owner's id, or nothing.
     */
    async consumeToken(kind: TokenKind, tokenHash: string, now: Date, conn: Conn = db): Promise<number | undefined> {
      const table = TOKEN_TABLES[kind];
      const [row] = await conn
        .update(table)
        .set({ used: true, usedAt: now })
        .where(and(eq(table.token, tokenHash), eq(table.used, false), gt(table.expiresAt, now)))
        .returning({ userId: table.userId });
      return row?.userId;
    },

    /** Spends every outstanding token of this kind for the user (after a successful use). */
    async spendTokensOfUser(kind: TokenKind, userId: number, now: Date, conn: Conn = db): Promise<void> {
      const table = TOKEN_TABLES[kind];
      await conn
        .update(table)
        .set({ used: true, usedAt: now })
        .where(and(eq(table.userId, userId), eq(table.used, false)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
