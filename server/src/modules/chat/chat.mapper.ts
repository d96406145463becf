import type {
  ChatMessageDto,
  ChatRequestDto,
  ChatUser,
  ConversationDto,
  LegacyChatSessionDto,
  ReactionSummary,
} from '@plates/common';
import {
  toDate,
  type ConversationRow,
  type MessageRow,
  type ReactionRow,
  type RequestWithUsersRow,
} from './chat.repository.js';
import { toBadge, type VerifiedType } from '../users/users.author.js';

/** Only these columns of a user (and their badge) ever leave the chat module. */
export function toChatUser(row: { id: number; username: string; displayName: string | null; profileImage: string | null; verifiedType: VerifiedType }): ChatUser {
  return { id: row.id, username: row.username, displayName: row.displayName, profileImage: row.profileImage, ...toBadge(row.verifiedType) };
}

const iso = (value: Date | string) => toDate(value).toISOString();

export function toChatRequestDto(row: RequestWithUsersRow, viewerId: number): ChatRequestDto {
  return {
    id: row.id,
    // A request held for review reads as pending to its sender; its receiver never sees it.
    status: row.status === 'held' ? 'pending' : row.status,
    senderId: row.senderId,
    receiverId: row.receiverId,
    message: row.message,
    createdAt: iso(row.createdAt),
    direction: row.receiverId === viewerId ? 'incoming' : 'outgoing',
    sender: toChatUser(row.sender),
    receiver: toChatUser(row.receiver),
  };
}

/** Reaction rows (in the order given) grouped per message, then per emoji in first-given order. */
export function toReactionSummaries(rows: readonly ReactionRow[]): Map<number, ReactionSummary[]> {
  const byMessage = new Map<number, Map<string, number[]>>();
  for (const r of rows) {
    const emojis = byMessage.get(r.messageId) ?? new Map<string, number[]>();
    emojis.set(r.emoji, [...(emojis.get(r.emoji) ?? []), r.userId]);
    byMessage.set(r.messageId, emojis);
  }
  const out = new Map<number, ReactionSummary[]>();
  for (const [messageId, emojis] of byMessage) {
    out.set(messageId, [...emojis].map(([emoji, userIds]) => ({ emoji, count: userIds.length, userIds })));
  }
  return out;
}

/** `reactions` comes from toReactionSummaries (a page's one reactions query); a new message has none. */
export function toChatMessageDto(row: MessageRow, reactions: ReactionSummary[]): ChatMessageDto {
  return {
    id: row.id,
    sessionId: row.sessionId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    status: row.status,
    createdAt: iso(row.createdAt),
    tempId: row.tempId,
    senderName: row.sender.displayName || row.sender.username,
    sender: toChatUser(row.sender),
    reactions,
    ...(row.heldAt ? { held: true } : {}),
  };
}

export function otherUserOf(row: ConversationRow): ChatUser {
  return toChatUser({
    id: row.otherId,
    username: row.otherUsername,
    displayName: row.otherDisplayName,
    profileImage: row.otherProfileImage,
    verifiedType: row.otherVerifiedType,
  });
}

export function toConversationDto(row: ConversationRow): ConversationDto {
  return {
    id: row.id,
    otherUser: otherUserOf(row),
    unreadCount: row.unreadCount,
    lastMessage:
      row.lmId !== null && row.lmContent !== null && row.lmCreatedAt !== null && row.lmSenderId !== null
        ? { content: row.lmContent, createdAt: iso(row.lmCreatedAt), senderId: row.lmSenderId }
        : null,
    lastMessageAt: row.lastMessageAt === null ? null : iso(row.lastMessageAt),
    isOnline: row.isOnline,
    createdAt: iso(row.createdAt),
  };
}

/** The legacy session shape; `me` is the viewer, so user1/user2 keep the stored order. */
export function toLegacySessionDto(
  row: ConversationRow,
  me: ChatUser,
  reactions: ReadonlyMap<number, ReactionSummary[]>,
): LegacyChatSessionDto {
  const other = otherUserOf(row);
  const byId = (id: number) => (id === me.id ? me : other);
  const messages: ChatMessageDto[] = [];
  if (row.lmId !== null && row.lmContent !== null && row.lmCreatedAt !== null && row.lmSenderId !== null) {
    const sender = byId(row.lmSenderId);
    messages.push({
      id: row.lmId,
      sessionId: row.id,
      senderId: row.lmSenderId,
      receiverId: row.lmSenderId === me.id ? other.id : me.id,
      content: row.lmContent,
      status: row.lmStatus ?? 'sent',
      createdAt: iso(row.lmCreatedAt),
      tempId: row.lmTempId,
      senderName: sender.displayName || sender.username,
      sender,
      reactions: reactions.get(row.lmId) ?? [],
    });
  }
  return {
    id: row.id,
    user1Id: row.user1Id,
    user2Id: row.user2Id,
    user1: byId(row.user1Id),
    user2: byId(row.user2Id),
    otherUser: other,
    unreadCount: row.unreadCount,
    lastMessageAt: row.lastMessageAt === null ? null : iso(row.lastMessageAt),
    isOnline: row.isOnline,
    messages,
  };
}
