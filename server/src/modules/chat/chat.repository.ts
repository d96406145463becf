import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  chatMessages,
  chatRequests,
  chatSessionUserData,
  chatSessions,
  messageReactions,
  notifications,
  userBlocks,
  userOnlineStatus,
  users,
  userVerifications,
  type ChatRequestStatus,
} from '../../db/schema/index.js';
import { activeVerification, badgeJoinSql, type VerifiedType } from '../users/users.author.js';

type Conn = Db | Tx;

/** Namespace of the advisory locks that serialise chat requests between one pair of users. */
const PAIR_LOCK_NAMESPACE = 7_301;

/** A user as chat needs them. */
export interface ChatUserRow {
  id: number;
  username: string;
  displayName: string | null;
  profileImage: string | null;
  chatEnabled: boolean;
  accountStatus: string;
  /** The active badge (a left join; null when none). */
  verifiedType: VerifiedType;
}

export interface RequestRow {
  id: number;
  senderId: number;
  receiverId: number;
  status: ChatRequestStatus;
  message: string | null;
  createdAt: Date;
}

export interface RequestWithUsersRow extends RequestRow {
  sender: ChatUserRow;
  receiver: ChatUserRow;
}

export interface SessionRow {
  id: number;
  user1Id: number;
  user2Id: number;
}

export interface MessageRow {
  id: number;
  sessionId: number;
  senderId: number;
  receiverId: number;
  content: string;
  status: string;
  tempId: string | null;
  /** Set while a content filter holds the message for a moderator (only its sender sees it). */
  heldAt: Date | null;
  createdAt: Date;
  sender: { id: number; username: string; displayName: string | null; profileImage: string | null; verifiedType: VerifiedType };
}

/** One reaction of one member on one message. */
export interface ReactionRow {
  messageId: number;
  emoji: string;
  userId: number;
}

/** One conversation as the viewer sees it, with its last message and unread count (one query). */
export interface ConversationRow {
  id: number;
  user1Id: number;
  user2Id: number;
  createdAt: Date | string;
  lastMessageAt: Date | string | null;
  otherId: number;
  otherUsername: string;
  otherDisplayName: string | null;
  otherProfileImage: string | null;
  otherVerifiedType: VerifiedType;
  isOnline: boolean;
  unreadCount: number;
  lmId: number | null;
  lmContent: string | null;
  lmStatus: string | null;
  lmTempId: string | null;
  lmSenderId: number | null;
  lmCreatedAt: Date | string | null;
}

const userColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  profileImage: users.profileImage,
  chatEnabled: users.chatEnabled,
  accountStatus: users.accountStatus,
  verifiedType: userVerifications.verifiedType,
};

/** A block between the two, either way (`a` and `b`: ids, or columns of the caller's query). */
const blockedEitherWaySql = (a: number | SQL | AnyColumn, b: number | SQL | AnyColumn) => sql`exists (
  select 1 from ${userBlocks} ub
  where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a})
)`;

/**
 * The one rule of who may see a conversation: one of its two members, while neither has blocked
 * the other. A block either way hides the whole conversation from both (list, unread counts,
 * messages, sends, read markers, reactions, typing); unblocking shows it again, history intact.
 * `user1` and `user2` are the session's member columns in the caller's query. The block lookup is
 * two probes of `user_blocks_blocker_blocked_key`.
 */
const sessionVisibleTo = (me: number, user1: SQL | AnyColumn, user2: SQL | AnyColumn) =>
  sql`(${user1} = ${me} or ${user2} = ${me}) and not ${blockedEitherWaySql(user1, user2)}`;

/** A session (alias `cs`) the user may see and has not deleted, with the other member (`o`) active. */
const listedFor = (me: number) => sql`${sessionVisibleTo(me, sql`cs.user1_id`, sql`cs.user2_id`)}
  and coalesce(d.is_deleted, false) = false and o.account_status = 'active'`;

/**
 * Refreshes the receiver's unread "new message" notification of a conversation for a newer
 * message (one such notification per conversation while unread), answering its id; none when
 * there is no unread one (the caller then writes a new one). `also` is a further condition (a
 * send's: the message was stored and is not held).
 */
function refreshMessageNotice(
  receiverId: number,
  sessionId: number,
  notice: { title: string; message: string; actorId: number },
  also: SQL = sql`true`,
): SQL {
  return sql`update ${notifications} set title = ${notice.title}::text, message = ${notice.message.slice(0, 500)}::text,
      actor_id = ${notice.actorId}::int, created_at = now(), updated_at = now()
    where user_id = ${receiverId}::int and type = 'new_message' and read = false
      and metadata->>'sessionId' = ${String(sessionId)}::text and ${also}
    returning id`;
}

/** The sender's (`s_…`) or receiver's (`v_…`) columns of a request row. */
function requestUser(r: Record<string, unknown>, prefix: 's' | 'v', id: unknown) {
  return {
    id: Number(id),
    username: String(r[`${prefix}_username`]),
    displayName: (r[`${prefix}_display_name`] as string | null) ?? null,
    profileImage: (r[`${prefix}_profile_image`] as string | null) ?? null,
    chatEnabled: Boolean(r[`${prefix}_chat_enabled`]),
    accountStatus: String(r[`${prefix}_account_status`]),
    verifiedType: (r[`${prefix}_verified_type`] as VerifiedType | undefined) ?? null,
  };
}

export function createChatRepository(db: Db) {
  async function messagesWhere(where: SQL | undefined, limit: number, conn: Conn = db, lock = false): Promise<MessageRow[]> {
    const query = conn
      .select({
        id: chatMessages.id,
        sessionId: chatMessages.sessionId,
        senderId: chatMessages.senderId,
        receiverId: chatMessages.receiverId,
        content: chatMessages.content,
        status: chatMessages.status,
        tempId: chatMessages.tempId,
        heldAt: chatMessages.heldAt,
        createdAt: chatMessages.createdAt,
        sender: {
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          profileImage: users.profileImage,
          verifiedType: userVerifications.verifiedType,
        },
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.senderId))
      .leftJoin(userVerifications, activeVerification)
      .where(where)
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return lock ? query.for('update', { of: chatMessages }) : query;
  }

  /** The pair's conversation, whichever of them opened it (the order of `a` and `b` does not matter). */
  async function sessionBetween(a: number, b: number, conn: Conn = db): Promise<SessionRow | undefined> {
    const [row] = await conn
      .select({ id: chatSessions.id, user1Id: chatSessions.user1Id, user2Id: chatSessions.user2Id })
      .from(chatSessions)
      .where(
        sql`least(${chatSessions.user1Id}, ${chatSessions.user2Id}) = ${Math.min(a, b)} and greatest(${chatSessions.user1Id}, ${chatSessions.user2Id}) = ${Math.max(a, b)}`,
      )
      .limit(1);
    return row;
  }

  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findUser(id: number, conn: Conn = db): Promise<ChatUserRow | undefined> {
      const [row] = await conn.select(userColumns).from(users).leftJoin(userVerifications, activeVerification).where(eq(users.id, id)).limit(1);
      return row;
    },

    async blockedEitherWay(a: number, b: number, conn: Conn = db): Promise<boolean> {
      const result = await conn.execute<{ blocked: boolean }>(sql`select ${blockedEitherWaySql(a, b)} as blocked`);
      return Boolean(result.rows[0]?.blocked);
    },

    /** Serialises request writes between the two users (either order) until the transaction ends. */
    async lockPair(a: number, b: number, tx: Tx): Promise<void> {
      const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
      await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK_NAMESPACE}::int4, hashtext(${key}))`);
    },

    async pendingBetween(a: number, b: number, conn: Conn = db): Promise<RequestRow | undefined> {
      const [row] = await conn
        .select()
        .from(chatRequests)
        .where(
          and(
            // A held request counts for its sender only (its receiver does not know of it).
            sql`(${chatRequests.status} = 'pending' or (${chatRequests.status} = 'held' and ${chatRequests.senderId} = ${a}))`,
            sql`((${chatRequests.senderId} = ${a} and ${chatRequests.receiverId} = ${b}) or (${chatRequests.senderId} = ${b} and ${chatRequests.receiverId} = ${a}))`,
          ),
        )
        .limit(1);
      return row;
    },

    sessionBetween,

    async insertRequest(
      values: { senderId: number; receiverId: number; message: string; status?: 'pending' | 'held' },
      tx: Tx,
    ): Promise<RequestRow> {
      const [row] = await tx.insert(chatRequests).values(values).returning();
      if (!row) throw new Error('chat request insert returned no row');
      return row;
    },

    async requestById(id: number, conn: Conn = db, lock = false): Promise<RequestRow | undefined> {
      const query = conn.select().from(chatRequests).where(eq(chatRequests.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async setRequestStatus(id: number, status: ChatRequestStatus, tx: Tx): Promise<void> {
      await tx.update(chatRequests).set({ status }).where(eq(chatRequests.id, id));
    },

    /**
     * Pending requests to or from the user, newest first, with both people; requests across a
     * block or with a deactivated account are left out.
     */
    async pendingRequestsOf(userId: number, conn: Conn = db): Promise<RequestWithUsersRow[]> {
      const result = await conn.execute<Record<string, unknown>>(sql`
        select r.id, r.sender_id, r.receiver_id, r.status, r.message, r.created_at,
          s.username as s_username, s.display_name as s_display_name, s.profile_image as s_profile_image,
          s.chat_enabled as s_chat_enabled, s.account_status as s_account_status, sb.verified_type as s_verified_type,
          v.username as v_username, v.display_name as v_display_name, v.profile_image as v_profile_image,
          v.chat_enabled as v_chat_enabled, v.account_status as v_account_status, vb.verified_type as v_verified_type
        from ${chatRequests} r
        join ${users} s on s.id = r.sender_id
        join ${users} v on v.id = r.receiver_id
        ${badgeJoinSql('sb', sql`s.id`)}
        ${badgeJoinSql('vb', sql`v.id`)}
        where (r.status = 'pending' or (r.status = 'held' and r.sender_id = ${userId}))
          and (r.sender_id = ${userId} or r.receiver_id = ${userId})
          and s.account_status = 'active' and v.account_status = 'active'
          and not ${blockedEitherWaySql(sql`r.sender_id`, sql`r.receiver_id`)}
        order by r.created_at desc, r.id desc
      `);
      return result.rows.map((r) => ({
        id: Number(r.id),
        senderId: Number(r.sender_id),
        receiverId: Number(r.receiver_id),
        status: r.status as ChatRequestStatus,
        message: (r.message as string | null) ?? null,
        createdAt: toDate(r.created_at),
        sender: requestUser(r, 's', r.sender_id),
        receiver: requestUser(r, 'v', r.receiver_id),
      }));
    },

    /** The pair's conversation, created when missing (one per pair: chat_sessions_pair_key). */
    async ensureSession(a: number, b: number, requestId: number, tx: Tx): Promise<number> {
      await tx.execute(sql`
        insert into ${chatSessions} (request_id, user1_id, user2_id) values (${requestId}, ${a}, ${b})
        on conflict do nothing
      `);
      const row = await sessionBetween(a, b, tx);
      if (!row) throw new Error('chat session upsert returned no row');
      return row.id;
    },

    /**
     * The greeting a chat request carried, as the opening message of the conversation its accept
     * opens: from the sender, stamped with the request's time, already read by the receiver (they
     * read it to accept), and the conversation's latest message. One statement.
     */
    async addGreeting(
      values: { sessionId: number; senderId: number; receiverId: number; content: string; sentAt: Date },
      tx: Tx,
    ): Promise<void> {
      const { sessionId, senderId, receiverId, content } = values;
      const sentAt = values.sentAt.toISOString();
      await tx.execute(sql`
        with stored as (
          insert into ${chatMessages} (session_id, sender_id, receiver_id, text, content, timestamp, created_at)
          values (${sessionId}, ${senderId}, ${receiverId}, ${content}, ${content}, ${sentAt}::timestamptz, ${sentAt}::timestamptz)
          returning id, created_at
        ), moved as (
          update ${chatSessions} set last_message_at = greatest(${chatSessions.lastMessageAt}, stored.created_at), updated_at = now()
          from stored where ${chatSessions.id} = ${sessionId}
        )
        update ${chatSessionUserData} set last_read_message_id = stored.id, last_read_at = now()
        from stored where ${chatSessionUserData.sessionId} = ${sessionId} and ${chatSessionUserData.userId} = ${receiverId}
      `);
    },

    /** The user's state row for the session, shown again if they had deleted it (a block stays). */
    async ensureUserData(sessionId: number, userId: number, tx: Tx): Promise<void> {
      await tx.execute(sql`
        insert into ${chatSessionUserData} (session_id, user_id) values (${sessionId}, ${userId})
        on conflict (session_id, user_id) do update set is_deleted = false, updated_at = now()
      `);
    },

    /** The session when the user may see it (`sessionVisibleTo`: a member, no block); `lock` takes the row FOR UPDATE. */
    async memberSession(sessionId: number, userId: number, conn: Conn = db, lock = false): Promise<SessionRow | undefined> {
      const query = conn
        .select({ id: chatSessions.id, user1Id: chatSessions.user1Id, user2Id: chatSessions.user2Id })
        .from(chatSessions)
        .where(
          and(eq(chatSessions.id, sessionId), sessionVisibleTo(userId, chatSessions.user1Id, chatSessions.user2Id)),
        )
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** The session when the user may see it, with the other member's read marker (one query). */
    async memberSessionWithOtherRead(
      sessionId: number,
      userId: number,
      conn: Conn = db,
    ): Promise<(SessionRow & { otherLastReadMessageId: number | null }) | undefined> {
      const result = await conn.execute<Record<string, unknown>>(sql`
        select cs.id, cs.user1_id, cs.user2_id, d.last_read_message_id as other_last_read
        from ${chatSessions} cs
        left join ${chatSessionUserData} d
          on d.session_id = cs.id and d.user_id = case when cs.user1_id = ${userId} then cs.user2_id else cs.user1_id end
        where cs.id = ${sessionId} and ${sessionVisibleTo(userId, sql`cs.user1_id`, sql`cs.user2_id`)}
        limit 1
      `);
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        id: Number(row.id),
        user1Id: Number(row.user1_id),
        user2Id: Number(row.user2_id),
        otherLastReadMessageId: row.other_last_read == null ? null : Number(row.other_last_read),
      };
    },

    /** The viewer's visible conversations (or one of them), newest activity first, in one query. */
    async conversations(me: number, onlySessionId?: number, conn: Conn = db): Promise<ConversationRow[]> {
      const result = await conn.execute<Record<string, unknown>>(sql`
        select cs.id, cs.user1_id, cs.user2_id, cs.created_at, cs.last_message_at,
          o.id as other_id, o.username as other_username, o.display_name as other_display_name,
          o.profile_image as other_profile_image, ob.verified_type as other_verified_type,
          (coalesce(os.is_online, false) or coalesce(os.last_ping_at > now() - interval '60 seconds', false)) as is_online,
          (select count(*)::int from ${chatMessages} m
            where m.session_id = cs.id and m.sender_id <> ${me} and m.held_at is null
              and m.id > coalesce(d.last_read_message_id, 0)) as unread_count,
          lm.id as lm_id, lm.content as lm_content, lm.status as lm_status, lm.temp_id as lm_temp_id,
          lm.sender_id as lm_sender_id, lm.created_at as lm_created_at
        from ${chatSessions} cs
        join ${users} o on o.id = case when cs.user1_id = ${me} then cs.user2_id else cs.user1_id end
        ${badgeJoinSql('ob', sql`o.id`)}
        left join ${chatSessionUserData} d on d.session_id = cs.id and d.user_id = ${me}
        left join ${userOnlineStatus} os on os.user_id = o.id
        left join lateral (
          select m.id, m.content, m.status, m.temp_id, m.sender_id, m.created_at from ${chatMessages} m
          where m.session_id = cs.id and (m.held_at is null or m.sender_id = ${me}) order by m.id desc limit 1
        ) lm on true
        where ${listedFor(me)} ${onlySessionId === undefined ? sql`` : sql`and cs.id = ${onlySessionId}`}
        order by coalesce(cs.last_message_at, cs.created_at) desc, cs.id desc
      `);
      return result.rows.map((r) => ({
        id: Number(r.id),
        user1Id: Number(r.user1_id),
        user2Id: Number(r.user2_id),
        createdAt: r.created_at as Date | string,
        lastMessageAt: (r.last_message_at as Date | string | null) ?? null,
        otherId: Number(r.other_id),
        otherUsername: String(r.other_username),
        otherDisplayName: (r.other_display_name as string | null) ?? null,
        otherProfileImage: (r.other_profile_image as string | null) ?? null,
        otherVerifiedType: (r.other_verified_type as VerifiedType | undefined) ?? null,
        isOnline: Boolean(r.is_online),
        unreadCount: Number(r.unread_count),
        lmId: r.lm_id == null ? null : Number(r.lm_id),
        lmContent: (r.lm_content as string | null) ?? null,
        lmStatus: (r.lm_status as string | null) ?? null,
        lmTempId: (r.lm_temp_id as string | null) ?? null,
        lmSenderId: r.lm_sender_id == null ? null : Number(r.lm_sender_id),
        lmCreatedAt: (r.lm_created_at as Date | string | null) ?? null,
      }));
    },

    /** The other members of the user's visible conversations (told when the user comes online or goes offline). */
    async partnersOf(me: number, conn: Conn = db): Promise<number[]> {
      const result = await conn.execute<{ id: number }>(sql`
        select distinct case when cs.user1_id = ${me} then cs.user2_id else cs.user1_id end as id
        from ${chatSessions} cs where ${sessionVisibleTo(me, sql`cs.user1_id`, sql`cs.user2_id`)}
      `);
      return result.rows.map((r) => Number(r.id));
    },

    /** Unread messages across the viewer's visible conversations. */
    async unreadTotal(me: number, conn: Conn = db): Promise<number> {
      const result = await conn.execute<{ count: number }>(sql`
        select count(*)::int as count
        from ${chatSessions} cs
        join ${users} o on o.id = case when cs.user1_id = ${me} then cs.user2_id else cs.user1_id end
        left join ${chatSessionUserData} d on d.session_id = cs.id and d.user_id = ${me}
        join ${chatMessages} m on m.session_id = cs.id and m.sender_id <> ${me} and m.held_at is null
          and m.id > coalesce(d.last_read_message_id, 0)
        where ${listedFor(me)}
      `);
      return Number(result.rows[0]?.count ?? 0);
    },

    /**
     * Messages of a session as `viewerId` sees them (held ones only when theirs), newest first (the
     * caller reverses), before a message id when given.
     */
    messagesPage(sessionId: number, viewerId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
      return messagesWhere(
        and(
          eq(chatMessages.sessionId, sessionId),
          or(isNull(chatMessages.heldAt), eq(chatMessages.senderId, viewerId)),
          before === undefined ? undefined : lt(chatMessages.id, before),
        ),
        limit,
      );
    },

    /** A message, held or not; `lock` takes its row FOR UPDATE. */
    async messageById(id: number, conn: Conn = db, lock = false): Promise<MessageRow | undefined> {
      const [row] = await messagesWhere(eq(chatMessages.id, id), 1, conn, lock);
      return row;
    },

    /** Locks the session row (what a send holds while it stores a message). */
    async lockSession(sessionId: number, tx: Tx): Promise<void> {
      await tx.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.id, sessionId)).for('update');
    },

    /**
     * Publishes a held message under a new id (the identity's next value) and the current time, so
     * it lands at the end of the thread, after every read marker; answers them.
     */
    async publishHeldMessage(id: number, tx: Tx): Promise<{ id: number; createdAt: Date }> {
      const result = await tx.execute<{ id: number; created_at: Date | string; session_id: number }>(sql`
        update ${chatMessages} set id = default, held_at = null, created_at = now(), timestamp = now(), updated_at = now()
        where id = ${id} and held_at is not null
        returning id, created_at, session_id
      `);
      const row = result.rows[0];
      if (!row) throw new Error('held chat message was not there to publish');
      const createdAt = toDate(row.created_at);
      await tx.update(chatSessions).set({ lastMessageAt: createdAt }).where(eq(chatSessions.id, Number(row.session_id)));
      return { id: Number(row.id), createdAt };
    },

    async deleteMessage(id: number, tx: Tx): Promise<void> {
      await tx.delete(chatMessages).where(eq(chatMessages.id, id));
    },

    async messageByTempId(sessionId: number, senderId: number, tempId: string, conn: Conn = db): Promise<MessageRow | undefined> {
      const [row] = await messagesWhere(
        and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.senderId, senderId), eq(chatMessages.tempId, tempId)),
        1,
        conn,
      );
      return row;
    },

    /**
     * A send's first statement: takes the session row FOR UPDATE when the sender may see it (a
     * member, no block either way: `sessionVisibleTo`) and reads both members as chat needs them
     * (`s_…` the sender, `v_…` the other one) in the same round trip. Undefined when the session
     * is not the sender's to write to. The users are read as of the statement's start (before any
     * wait on the lock); what the lock must order (ids, the tempId, the notification) is read by
     * `storeMessage`, which runs after it.
     */
    async lockForSend(
      sessionId: number,
      senderId: number,
      tx: Tx,
    ): Promise<{ session: SessionRow; sender: ChatUserRow | undefined; receiver: ChatUserRow | undefined } | undefined> {
      const result = await tx.execute<Record<string, unknown>>(sql`
        select cs.id, cs.user1_id, cs.user2_id,
          s.id as s_id, s.username as s_username, s.display_name as s_display_name, s.profile_image as s_profile_image,
          s.chat_enabled as s_chat_enabled, s.account_status as s_account_status, sb.verified_type as s_verified_type,
          v.id as v_id, v.username as v_username, v.display_name as v_display_name, v.profile_image as v_profile_image,
          v.chat_enabled as v_chat_enabled, v.account_status as v_account_status, vb.verified_type as v_verified_type
        from ${chatSessions} cs
        left join ${users} s on s.id = ${senderId}
        left join ${users} v on v.id = case when cs.user1_id = ${senderId} then cs.user2_id else cs.user1_id end
        ${badgeJoinSql('sb', sql`s.id`)}
        ${badgeJoinSql('vb', sql`v.id`)}
        where cs.id = ${sessionId} and ${sessionVisibleTo(senderId, sql`cs.user1_id`, sql`cs.user2_id`)}
        for update of cs
      `);
      const r = result.rows[0];
      if (!r) return undefined;
      return {
        session: { id: Number(r.id), user1Id: Number(r.user1_id), user2Id: Number(r.user2_id) },
        sender: r.s_id == null ? undefined : requestUser(r, 's', r.s_id),
        receiver: r.v_id == null ? undefined : requestUser(r, 'v', r.v_id),
      };
    },

    /**
     * A send's second statement, under the session lock `lockForSend` took (so it reads every send
     * committed before it): answers the id of the sender's message with this `tempId` when there
     * is one, and stores nothing; otherwise stores the message and, unless it is held, moves the
     * conversation up and refreshes the receiver's unread 'new_message' notification of this
     * conversation (`refreshed`: whether there was one; if not the caller writes a new one). One
     * round trip instead of four.
     */
    async storeMessage(
      values: { sessionId: number; senderId: number; receiverId: number; content: string; tempId: string | null; heldAt: Date | null },
      notification: { title: string; message: string },
      tx: Tx,
    ): Promise<{ existingId: number } | { id: number; createdAt: Date; refreshed: boolean }> {
      const { sessionId, senderId, receiverId, content, tempId } = values;
      const heldAt = values.heldAt ? values.heldAt.toISOString() : null;
      const result = await tx.execute<Record<string, unknown>>(sql`
        with existing as (
          select id from ${chatMessages}
          where session_id = ${sessionId} and sender_id = ${senderId} and temp_id = ${tempId}::text
        ), stored as (
          insert into ${chatMessages} (session_id, sender_id, receiver_id, text, content, temp_id, held_at)
          select ${sessionId}::int, ${senderId}::int, ${receiverId}::int, ${content}::text, ${content}::text, ${tempId}::text, ${heldAt}::timestamptz
          where not exists (select 1 from existing)
          returning id, created_at, held_at
        ), moved as (
          update ${chatSessions} set last_message_at = stored.created_at, updated_at = now()
          from stored where ${chatSessions.id} = ${sessionId} and stored.held_at is null
        ), refreshed as (
          ${refreshMessageNotice(receiverId, sessionId, { ...notification, actorId: senderId }, sql`exists (select 1 from stored where stored.held_at is null)`)}
        )
        select (select id from existing limit 1) as existing_id, stored.id, stored.created_at,
          (select count(*) from refreshed)::int as refreshed
        from (select 1) one left join stored on true
      `);
      const row = result.rows[0];
      if (row?.existing_id != null) return { existingId: Number(row.existing_id) };
      if (row?.id == null) throw new Error('chat message insert returned no row');
      return { id: Number(row.id), createdAt: toDate(row.created_at), refreshed: Number(row.refreshed) > 0 };
    },

    /**
     * Refreshes the receiver's unread 'new_message' notification of this conversation, if there is
     * one; answers whether it did (otherwise the caller writes a new one). Callers hold the session
     * lock, so two sends cannot both insert.
     */
    async refreshMessageNotification(
      receiverId: number,
      sessionId: number,
      values: { title: string; message: string; actorId: number },
      tx: Tx,
    ): Promise<boolean> {
      return (await tx.execute(refreshMessageNotice(receiverId, sessionId, values))).rows.length > 0;
    },

    /**
     * Moves the user's read marker to the newest message of the session (never backwards); answers
     * the marker. Callers hold the session lock, so no send commits between the max and the write.
     */
    async markRead(sessionId: number, userId: number, tx: Tx): Promise<number | null> {
      const result = await tx.execute<{ last_read_message_id: number | null }>(sql`
        insert into ${chatSessionUserData} (session_id, user_id, last_read_message_id, last_read_at)
        values (${sessionId}, ${userId}, (select max(id) from ${chatMessages} where session_id = ${sessionId} and held_at is null), now())
        on conflict (session_id, user_id) do update set
          last_read_message_id = case
            when excluded.last_read_message_id is null then ${chatSessionUserData.lastReadMessageId}
            else greatest(coalesce(${chatSessionUserData.lastReadMessageId}, 0), excluded.last_read_message_id) end,
          last_read_at = now(), updated_at = now()
        returning last_read_message_id
      `);
      const id = result.rows[0]?.last_read_message_id;
      return id == null ? null : Number(id);
    },

    async unreadIn(sessionId: number, userId: number, conn: Conn = db): Promise<number> {
      const result = await conn.execute<{ count: number }>(sql`
        select count(*)::int as count from ${chatMessages} m
        left join ${chatSessionUserData} d on d.session_id = m.session_id and d.user_id = ${userId}
        where m.session_id = ${sessionId} and m.sender_id <> ${userId} and m.held_at is null
          and m.id > coalesce(d.last_read_message_id, 0)
      `);
      return Number(result.rows[0]?.count ?? 0);
    },

    /**
     * Stamps an HTTP presence ping; answers whether the user already counted as present before it
     * (a socket's online flag, or a ping within the last minute), read from the same statement.
     */
    async touchPresence(userId: number, at: Date): Promise<boolean> {
      const result = await db.execute<{ was_present: boolean | null }>(sql`
        with before as (
          select is_online or coalesce(last_ping_at > ${at.toISOString()}::timestamptz - interval '60 seconds', false) as present
          from ${userOnlineStatus} where user_id = ${userId}
        )
        insert into ${userOnlineStatus} (user_id, last_active_at, last_ping_at) values (${userId}, ${at.toISOString()}, ${at.toISOString()})
        on conflict (user_id) do update set last_active_at = excluded.last_active_at, last_ping_at = excluded.last_ping_at, updated_at = now()
        returning (select present from before) as was_present
      `);
      return result.rows[0]?.was_present === true;
    },

    /** Adds the reaction, or removes it when the user already gave it; answers whether it was added. */
    async toggleReaction(messageId: number, userId: number, emoji: string, tx: Tx): Promise<boolean> {
      const removed = await tx
        .delete(messageReactions)
        .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)))
        .returning({ id: messageReactions.id });
      if (removed.length > 0) return false;
      await tx.insert(messageReactions).values({ messageId, userId, emoji }).onConflictDoNothing();
      return true;
    },

    /** The reactions on these messages in the order they were given: one query for a whole page. */
    async reactionsOn(messageIds: readonly number[], conn: Conn = db): Promise<ReactionRow[]> {
      if (messageIds.length === 0) return [];
      return conn
        .select({ messageId: messageReactions.messageId, emoji: messageReactions.emoji, userId: messageReactions.userId })
        .from(messageReactions)
        .where(inArray(messageReactions.messageId, [...messageIds]))
        .orderBy(messageReactions.id);
    },

    /**
     * The message's session id, for membership checks: of a delivered message (a held one cannot
     * be reacted to), or with `held`, of a held one.
     */
    async messageSession(messageId: number, conn: Conn = db, options: { held?: boolean } = {}): Promise<number | undefined> {
      const [row] = await conn
        .select({ sessionId: chatMessages.sessionId })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), options.held ? isNotNull(chatMessages.heldAt) : isNull(chatMessages.heldAt)))
        .limit(1);
      return row?.sessionId;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;

export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
