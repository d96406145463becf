import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  DEFAULT_CHAT_REQUEST_MESSAGE,
  MESSAGES,
  type AcceptChatRequestResponse,
  type CanChatResponse,
  type ChatMessageDto,
  type ChatMessagesQuery,
  type ChatMessagesResponse,
  type ChatReadResponse,
  type ChatRequestBody,
  type ChatRequestDto,
  type ConversationDto,
  type LegacyChatSessionDto,
  type PingResponse,
  type ReactionResponse,
  type RejectChatRequestResponse,
  type SendChatMessageBody,
  type TypingStatusResponse,
  type UnreadCountResponse,
} from '@plates/common';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { RealtimeBus } from '../../lib/realtime-bus.js';
import type { ContentScreen } from '../content-filters/content-filters.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import {
  toChatMessageDto,
  toChatRequestDto,
  toChatUser,
  toConversationDto,
  toLegacySessionDto,
  toReactionSummaries,
} from './chat.mapper.js';
import type { ChatRepository, ChatUserRow, ConversationRow, MessageRow, SessionRow } from './chat.repository.js';
import type { TypingStore } from './chat.typing.js';

export const CHAT_ONLY_RECEIVER = 'Only the receiver can answer a chat request.';

const active = (u: ChatUserRow | undefined): u is ChatUserRow => u !== undefined && u.accountStatus === 'active';
const otherMember = (s: SessionRow, me: number) => (s.user1Id === me ? s.user2Id : s.user1Id);
const nameOf = (u: { displayName: string | null; username: string }) => u.displayName || u.username;

/**
 * One-to-one chat: requests, conversations, messages, read markers, typing and presence pings.
 * Every method takes the signed-in user's id (never a client-sent one). Rows are written in a
 * transaction first; realtime events go out through `bus` after the commit (best effort).
 */
export function createChatService(deps: {
  repo: ChatRepository;
  notifications: NotificationsService;
  bus: RealtimeBus;
  typing: TypingStore;
  /** The content filters: messages and request notes are screened as they are written (a hold keeps them for review). */
  filters: ContentScreen;
  clock?: () => Date;
}) {
  const { repo, notifications, bus, typing, filters } = deps;
  const clock = deps.clock ?? (() => new Date());

  const conversationNotFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.conversationNotFound);

  /** Conversation rows with `isOnline` also true for anyone with an open socket (the bus knows). */
  async function conversationRows(userId: number, sessionId?: number): Promise<ConversationRow[]> {
    const rows = await repo.conversations(userId, sessionId);
    if (!bus.isOnline || rows.length === 0) return rows;
    const online = await bus.isOnline(rows.map((r) => r.otherId)).catch(() => new Set<number>());
    return rows.map((r) => (online.has(r.otherId) ? { ...r, isOnline: true } : r));
  }

  async function conversationFor(userId: number, sessionId: number): Promise<ConversationDto | undefined> {
    const [row] = await conversationRows(userId, sessionId);
    return row ? toConversationDto(row) : undefined;
  }

  async function markRead(me: number, sessionId: number): Promise<ChatReadResponse> {
    const { lastReadMessageId, otherId } = await repo.transaction(async (tx) => {
      const session = await requireMember(sessionId, me, tx, true);
      return { lastReadMessageId: await repo.markRead(sessionId, me, tx), otherId: otherMember(session, me) };
    });
    bus.toUser(otherId, 'message_read', { sessionId, userId: me, lastReadMessageId });
    return { sessionId, lastReadMessageId, unreadCount: await repo.unreadIn(sessionId, me) };
  }

  async function requireMember(sessionId: number, me: number, tx?: Tx, lock = false): Promise<SessionRow> {
    const session = await repo.memberSession(sessionId, me, tx, lock);
    if (!session) throw conversationNotFound();
    return session;
  }

  /** The request, when the viewer is its receiver; its sender gets 403, anyone else 404. */
  function assertReceiver<T extends { senderId: number; receiverId: number }>(request: T | undefined, me: number): T {
    if (!request || (request.receiverId !== me && request.senderId !== me)) {
      throw new AppError('NOT_FOUND', CHAT_MESSAGES.requestNotFound);
    }
    if (request.receiverId !== me) throw new AppError('FORBIDDEN', CHAT_ONLY_RECEIVER);
    return request;
  }

  /** A page of the thread in three queries whatever its size: membership (with the read marker), messages, reactions. */
  async function messagesOf(me: number, sessionId: number, query: ChatMessagesQuery): Promise<ChatMessagesResponse> {
    const session = await repo.memberSessionWithOtherRead(sessionId, me);
    if (!session) throw conversationNotFound();
    const rows = await repo.messagesPage(sessionId, me, query.before, query.limit + 1);
    const page = rows.slice(0, query.limit).reverse();
    const reactions = toReactionSummaries(await repo.reactionsOn(page.map((m) => m.id)));
    return {
      sessionId,
      messages: page.map((m) => toChatMessageDto(m, reactions.get(m.id) ?? [])),
      hasMore: rows.length > query.limit,
      otherLastReadMessageId: session.otherLastReadMessageId,
    };
  }

  /** The title and preview of the receiver's "new message" notification. */
  function receiverNotice(content: string, sender: { displayName: string | null; username: string }) {
    return { title: `New message from ${nameOf(sender)}`, message: content.length > 50 ? `${content.slice(0, 50)}…` : content };
  }

  /** A new "new message" notification for the receiver (when there is no unread one to refresh). */
  async function notifyReceiver(row: MessageRow, sender: { displayName: string | null; username: string }, tx: Tx): Promise<void> {
    const { title, message } = receiverNotice(row.content, sender);
    await notifications.notify(
      { userId: row.receiverId, actorId: row.senderId, type: 'new_message', title, message, metadata: { sessionId: row.sessionId } },
      tx,
    );
  }

  /** The receiver's "new message" notification (one per conversation while unread, refreshed). */
  async function tellReceiver(row: MessageRow, sender: { displayName: string | null; username: string }, tx: Tx): Promise<void> {
    const refreshed = await repo.refreshMessageNotification(row.receiverId, row.sessionId, { ...receiverNotice(row.content, sender), actorId: row.senderId }, tx);
    if (!refreshed) await notifyReceiver(row, sender, tx);
  }

  return {
    /** Sends a chat request (one pending per pair either way, serialised by a pair lock). */
    async sendRequest(me: number, body: ChatRequestBody, options: { held?: boolean } = {}): Promise<ChatRequestDto> {
      if (body.receiverId === me) throw new AppError('BAD_REQUEST', CHAT_MESSAGES.requestToSelf, 'receiverId');
      const message = body.message ? body.message : DEFAULT_CHAT_REQUEST_MESSAGE;
      const screening = filters.screen([{ scope: 'chat', field: 'message', text: body.message }], me);
      // A restricted member's request, or one whose note a content filter holds, waits for a moderator.
      const held = options.held === true || screening.held;
      const dto = await repo
        .transaction(async (tx) => {
          await repo.lockPair(me, body.receiverId, tx);
          const [sender, receiver] = [await repo.findUser(me, tx), await repo.findUser(body.receiverId, tx)];
          if (!active(receiver)) throw new AppError('USER_NOT_FOUND', CHAT_MESSAGES.userNotFound, 'receiverId');
          if (!sender) throw new AppError('UNAUTHORIZED', MESSAGES.notAuthenticated);
          if (await repo.blockedEitherWay(me, receiver.id, tx)) throw new AppError('USER_BLOCKED', CHAT_MESSAGES.blocked);
          if (!receiver.chatEnabled) throw new AppError('CHAT_DISABLED', CHAT_MESSAGES.chatDisabled);
          if (!sender.chatEnabled) throw new AppError('CHAT_DISABLED', CHAT_MESSAGES.ownChatDisabled);
          if (await repo.sessionBetween(me, receiver.id, tx)) throw new AppError('CONFLICT', CHAT_MESSAGES.sessionExists);
          const pending = await repo.pendingBetween(me, receiver.id, tx);
          if (pending) {
            throw new AppError(
              'CONFLICT',
              pending.senderId === me ? CHAT_MESSAGES.requestAlreadySent : CHAT_MESSAGES.incomingRequest,
            );
          }
          if (held) {
            // The receiver learns of it when a moderator publishes it.
            const row = await repo.insertRequest({ senderId: me, receiverId: receiver.id, message, status: 'held' }, tx);
            await filters.record(screening, { type: 'chat_request', id: row.id }, me, tx);
            return toChatRequestDto({ ...row, sender, receiver }, me);
          }
          const row = await repo.insertRequest({ senderId: me, receiverId: receiver.id, message }, tx);
          await filters.record(screening, { type: 'chat_request', id: row.id }, me, tx);
          await notifications.notify(
            {
              userId: receiver.id,
              actorId: me,
              type: 'chat_request',
              title: 'New Chat Request',
              message: `${nameOf(sender)} wants to chat with you`,
              metadata: { requestId: row.id },
            },
            tx,
          );
          return toChatRequestDto({ ...row, sender, receiver }, me);
        })
        .catch((error: unknown) => {
          // The partial unique index is the backstop for the pair lock.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', CHAT_MESSAGES.requestAlreadySent);
          throw error;
        });
      if (!held) bus.toUser(dto.receiverId, 'chat_request', { ...dto, direction: 'incoming' });
      return dto;
    },

    /**
     * A held request approved by a moderator: pending, the receiver told as if just sent. Answers
     * its sender, or undefined when it is no longer held.
     */
    async publishHeldRequest(requestId: number, tx: Tx) {
      const request = await repo.requestById(requestId, tx, true);
      if (request?.status !== 'held') return undefined;
      const [sender, receiver] = [await repo.findUser(request.senderId, tx), await repo.findUser(request.receiverId, tx)];
      if (!sender || !receiver) return undefined;
      await repo.setRequestStatus(requestId, 'pending', tx);
      await notifications.notify(
        {
          userId: receiver.id,
          actorId: sender.id,
          type: 'chat_request',
          title: 'New Chat Request',
          message: `${nameOf(sender)} wants to chat with you`,
          metadata: { requestId },
        },
        tx,
      );
      const dto = toChatRequestDto({ ...request, status: 'pending', sender, receiver }, receiver.id);
      return { userId: sender.id, after: () => bus.toUser(receiver.id, 'chat_request', dto) };
    },

    /** A held request refused: rejected (kept as history). Answers its sender, or undefined. */
    async discardHeldRequest(requestId: number, tx: Tx) {
      const request = await repo.requestById(requestId, tx, true);
      if (request?.status !== 'held') return undefined;
      await repo.setRequestStatus(requestId, 'rejected', tx);
      return { userId: request.senderId };
    },

    /** Pending requests to and from the viewer (`direction` tells which). */
    async listRequests(me: number): Promise<ChatRequestDto[]> {
      return (await repo.pendingRequestsOf(me)).map((r) => toChatRequestDto(r, me));
    },

    /** The receiver accepts: the pair's conversation opens (or is reused) for both. */
    async accept(me: number, requestId: number): Promise<AcceptChatRequestResponse> {
      const { sessionId, senderId } = await repo.transaction(async (tx) => {
        const first = assertReceiver(await repo.requestById(requestId, tx), me);
        await repo.lockPair(first.senderId, me, tx);
        const request = assertReceiver(await repo.requestById(requestId, tx, true), me);
        if (request.status !== 'pending') throw new AppError('CONFLICT', CHAT_MESSAGES.requestNotPending);
        const sender = await repo.findUser(request.senderId, tx);
        if (!active(sender)) throw new AppError('NOT_FOUND', CHAT_MESSAGES.requestNotFound);
        if (await repo.blockedEitherWay(me, sender.id, tx)) throw new AppError('USER_BLOCKED', CHAT_MESSAGES.blocked);
        await repo.setRequestStatus(requestId, 'accepted', tx);
        const id = await repo.ensureSession(sender.id, me, requestId, tx);
        await repo.ensureUserData(id, sender.id, tx);
        await repo.ensureUserData(id, me, tx);
        // The greeting opens the conversation as its first message.
        const greeting = request.message?.trim();
        if (greeting) await repo.addGreeting({ sessionId: id, senderId: sender.id, receiverId: me, content: greeting, sentAt: request.createdAt }, tx);
        const receiver = await repo.findUser(me, tx);
        await notifications.notify(
          {
            userId: sender.id,
            actorId: me,
            type: 'chat_request_accepted',
            title: 'Chat Request Accepted',
            message: `${receiver ? nameOf(receiver) : 'Someone'} accepted your chat request`,
            metadata: { sessionId: id, requestId },
          },
          tx,
        );
        return { sessionId: id, senderId: sender.id };
      });
      const [mine, theirs, meUser] = await Promise.all([
        conversationFor(me, sessionId),
        conversationFor(senderId, sessionId),
        repo.findUser(me),
      ]);
      if (!mine) throw conversationNotFound();
      if (theirs && meUser) {
        bus.toUser(senderId, 'request_accepted', { requestId, sessionId, acceptedBy: toChatUser(meUser), conversation: theirs });
        bus.toUser(senderId, 'conversation_created', { requestId, conversation: theirs });
      }
      bus.toUser(me, 'conversation_created', { requestId, conversation: mine });
      return { requestId, session: mine };
    },

    /** The receiver declines; the request stays as 'rejected' (a new one may be sent later). */
    async reject(me: number, requestId: number): Promise<RejectChatRequestResponse> {
      await repo.transaction(async (tx) => {
        const request = assertReceiver(await repo.requestById(requestId, tx, true), me);
        if (request.status !== 'pending') throw new AppError('CONFLICT', CHAT_MESSAGES.requestNotPending);
        await repo.setRequestStatus(requestId, 'rejected', tx);
      });
      return { requestId, status: 'rejected' };
    },

    async conversations(me: number): Promise<ConversationDto[]> {
      return (await conversationRows(me)).map(toConversationDto);
    },

    async legacySessions(me: number): Promise<LegacyChatSessionDto[]> {
      const [user, rows] = await Promise.all([repo.findUser(me), conversationRows(me)]);
      if (!user) return [];
      const meDto = toChatUser(user);
      const lastIds = rows.flatMap((row) => (row.lmId === null ? [] : [row.lmId]));
      const reactions = toReactionSummaries(await repo.reactionsOn(lastIds));
      return rows.map((row) => toLegacySessionDto(row, meDto, reactions));
    },

    async unread(me: number): Promise<UnreadCountResponse> {
      return { count: await repo.unreadTotal(me) };
    },

    messages: messagesOf,

    /**
     * Stores a message (under the session row lock, so ids commit in order and a retried `tempId`
     * finds the first copy), then tells the receiver and the sender's other tabs.
     */
    async send(me: number, sessionId: number, body: SendChatMessageBody): Promise<{ message: ChatMessageDto; created: boolean }> {
      const content = body.content.trim();
      if (content.length === 0) throw new AppError('VALIDATION_ERROR', CHAT_MESSAGES.messageEmpty, 'content');
      if (content.length > CHAT_LIMITS.messageMax) throw new AppError('MESSAGE_TOO_LONG', CHAT_MESSAGES.messageTooLong, 'content');
      const tempId = body.tempId ?? null;
      const screening = filters.screen([{ scope: 'chat', field: 'content', text: content }], me);
      const result = await repo.transaction(async (tx): Promise<{ row: MessageRow; created: boolean }> => {
        // Two statements under the session lock (decision record 0023): the lock with both members,
        // then the tempId check, the insert, the conversation's move and the notification refresh.
        const locked = await repo.lockForSend(sessionId, me, tx);
        if (!locked) throw conversationNotFound();
        const { session, sender, receiver } = locked;
        const otherId = otherMember(session, me);
        if (!sender || !active(receiver) || !receiver.chatEnabled || !sender.chatEnabled) {
          // A retried tempId answers its stored copy before any other check, as it always has.
          const existing = tempId === null ? undefined : await repo.messageByTempId(sessionId, me, tempId, tx);
          if (existing) return { row: existing, created: false };
          if (!sender || !active(receiver)) throw conversationNotFound();
          if (!receiver.chatEnabled) throw new AppError('CHAT_DISABLED', CHAT_MESSAGES.chatDisabled);
          throw new AppError('CHAT_DISABLED', CHAT_MESSAGES.ownChatDisabled);
        }
        // A message a content filter holds waits for a moderator: only its sender sees it, nobody is told.
        const heldAt = screening.held ? clock() : null;
        const stored = await repo.storeMessage(
          { sessionId, senderId: me, receiverId: otherId, content, tempId, heldAt },
          receiverNotice(content, sender),
          tx,
        );
        if ('existingId' in stored) {
          const existing = await repo.messageById(stored.existingId, tx);
          if (!existing) throw new Error('chat message found by tempId was not there');
          return { row: existing, created: false };
        }
        await filters.record(screening, { type: 'chat_message', id: stored.id }, me, tx);
        const row: MessageRow = {
          id: stored.id,
          sessionId,
          senderId: me,
          receiverId: otherId,
          content,
          status: 'sent',
          tempId,
          heldAt,
          createdAt: stored.createdAt,
          sender,
        };
        // No unread notification of this conversation to refresh: write one.
        if (!heldAt && !stored.refreshed) await notifyReceiver(row, sender, tx);
        return { row, created: true };
      });
      // A new message has no reactions; a retried tempId answers the stored copy, which may.
      const reactions = result.created
        ? []
        : (toReactionSummaries(await repo.reactionsOn([result.row.id])).get(result.row.id) ?? []);
      const message = toChatMessageDto(result.row, reactions);
      if (result.created) {
        if (!message.held) bus.toUser(message.receiverId, 'new_message', message);
        bus.toUser(me, 'new_message', message);
      }
      return { message, created: result.created };
    },

    /**
     * A held message approved by a moderator: delivered as if just sent, under a new id at the end
     * of the thread (decision record 0019), the receiver told and sent `new_message` (with
     * `replaces`, so the sender's held copy is swapped). Undefined when it is no longer held.
     */
    async publishHeldMessage(messageId: number, tx: Tx) {
      const sessionId = await repo.messageSession(messageId, tx, { held: true });
      if (sessionId === undefined) return undefined;
      // The session lock first, as a send takes it: ids keep committing in order.
      await repo.lockSession(sessionId, tx);
      const held = await repo.messageById(messageId, tx, true);
      if (!held?.heldAt) return undefined;
      const published = await repo.publishHeldMessage(messageId, tx);
      await filters.moveHits('chat_message', messageId, published.id, tx);
      const row: MessageRow = { ...held, id: published.id, createdAt: published.createdAt, heldAt: null };
      await tellReceiver(row, held.sender, tx);
      const message: ChatMessageDto = { ...toChatMessageDto(row, []), replaces: messageId };
      return {
        userId: held.senderId,
        after: () => {
          bus.toUser(held.receiverId, 'new_message', message);
          bus.toUser(held.senderId, 'new_message', message);
        },
      };
    },

    /** A held message refused: deleted, gone from its sender's thread. Answers its sender, or undefined. */
    async discardHeldMessage(messageId: number, tx: Tx) {
      const held = await repo.messageById(messageId, tx, true);
      if (!held?.heldAt) return undefined;
      await repo.deleteMessage(messageId, tx);
      return {
        userId: held.senderId,
        after: () => bus.toUser(held.senderId, 'message_removed', { sessionId: held.sessionId, messageId }),
      };
    },

    /** Moves my read marker to the newest message (under the session lock: exact with concurrent sends). */
    markRead,

    /** The socket's `view_session`: marks the conversation read; a non-member's id is ignored. */
    async viewSession(me: number, sessionId: number): Promise<void> {
      await markRead(me, sessionId).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    },

    /** Who hears about my presence: the other members of my conversations. */
    presenceAudience: (me: number) => repo.partnersOf(me),

    async setTyping(me: number, sessionId: number, isTyping: boolean): Promise<{ ok: true }> {
      const session = await requireMember(sessionId, me);
      await typing.set(sessionId, me, isTyping, clock());
      bus.toUser(otherMember(session, me), 'typing_status', { sessionId, userId: me, isTyping });
      return { ok: true };
    },

    /** The other member's typing flag; one not refreshed for 5 s reads false. */
    async typingStatus(me: number, sessionId: number): Promise<TypingStatusResponse> {
      const session = await requireMember(sessionId, me);
      const otherId = otherMember(session, me);
      const typingUsers: Record<string, boolean> = { [otherId]: false };
      for (const [userId, on] of await typing.flags(sessionId, clock())) {
        if (userId !== me) typingUsers[userId] = on;
      }
      return { typingUsers };
    },

    /**
     * The HTTP-only presence heartbeat. When it brings someone back (no socket and no ping in the
     * last minute), their chat partners hear `user_status_update`, as a socket's first connect
     * tells them `user_online`.
     */
    async ping(me: number): Promise<PingResponse> {
      const at = clock();
      const wasPresent = await repo.touchPresence(me, at);
      if (!wasPresent) {
        const payload = { userId: me, isOnline: true, lastActiveAt: at.toISOString() };
        for (const partner of await repo.partnersOf(me)) bus.toUser(partner, 'user_status_update', payload);
      }
      return { ok: true, timestamp: at.getTime() };
    },

    /** Can the viewer chat with the user: an open conversation, a pending request, or what stands in the way. */
    async canChat(me: number, targetId: number): Promise<CanChatResponse> {
      const none = { sessionId: null, requestPending: false, requestDirection: null } as const;
      if (targetId === me) return { ...none, canChat: false, reason: 'self', needsRequest: false };
      const [target, self] = await Promise.all([repo.findUser(targetId), repo.findUser(me)]);
      if (!active(target)) throw new AppError('USER_NOT_FOUND', CHAT_MESSAGES.userNotFound);
      if (await repo.blockedEitherWay(me, targetId)) return { ...none, canChat: false, reason: 'blocked', needsRequest: false };
      const disabled = !target.chatEnabled || !self?.chatEnabled;
      const session = await repo.sessionBetween(me, targetId);
      if (session) {
        return {
          ...none,
          canChat: !disabled,
          sessionId: session.id,
          reason: disabled ? 'chat_disabled' : null,
          needsRequest: false,
        };
      }
      if (disabled) return { ...none, canChat: false, reason: 'chat_disabled', needsRequest: false };
      const pending = await repo.pendingBetween(me, targetId);
      if (pending) {
        return {
          canChat: false,
          sessionId: null,
          requestPending: true,
          requestDirection: pending.senderId === me ? 'outgoing' : 'incoming',
          reason: null,
          needsRequest: false,
        };
      }
      return { ...none, canChat: false, reason: null, needsRequest: true };
    },

    /** Toggles one emoji reaction of a member on a message of their conversation. */
    async react(me: number, messageId: number, emoji: string): Promise<ReactionResponse> {
      const sessionId = await repo.messageSession(messageId);
      if (sessionId === undefined || !(await repo.memberSession(sessionId, me))) {
        throw new AppError('NOT_FOUND', CHAT_MESSAGES.messageNotFound);
      }
      const { added, rows, otherId } = await repo.transaction(async (tx) => {
        const session = await requireMember(sessionId, me, tx, true);
        const otherId = otherMember(session, me);
        const added = await repo.toggleReaction(messageId, me, emoji, tx);
        return { added, rows: await repo.reactionsOn([messageId], tx), otherId };
      });
      const answer: ReactionResponse = {
        messageId,
        sessionId,
        emoji,
        added,
        reactions: toReactionSummaries(rows).get(messageId) ?? [],
      };
      bus.toUser(otherId, 'message_reaction', { ...answer, userId: me });
      bus.toUser(me, 'message_reaction', { ...answer, userId: me });
      return answer;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
