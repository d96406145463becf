import type { ChatMessageDto, ChatMessagesResponse, ConversationDto, MessageReadEvent, ReactionSummary } from '@plates/common';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { chatKeys } from './keys';

/** A thread in the cache: pages newest first (page 0 is the latest), each page oldest first. */
export type ThreadPages = InfiniteData<ChatMessagesResponse, number | null>;

/**
 * A message that arrived (socket event or send answer) goes at the end of the newest page, unless
 * the thread already has it by id, or by tempId (then the stored one replaces it). A held message a
 * moderator published comes with the id it had (`replaces`): that copy leaves whatever page holds
 * it, and the published one goes at the end. An unloaded thread is left alone: its first fetch
 * brings the message.
 */
export function withMessage(data: ThreadPages | undefined, message: ChatMessageDto): ThreadPages | undefined {
  if (data && message.replaces !== undefined) data = withoutMessage(data, message.replaces);
  const first = data?.pages[0];
  if (!data || !first) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const sameTemp = (m: ChatMessageDto) => message.tempId !== null && m.tempId === message.tempId;
  const replaced = first.messages.some(sameTemp);
  const messages = replaced ? first.messages.map((m) => (sameTemp(m) ? message : m)) : [...first.messages, message];
  return { ...data, pages: [{ ...first, messages }, ...data.pages.slice(1)] };
}

/** A message taken out of the thread (a held one a moderator refused). */
export function withoutMessage(data: ThreadPages | undefined, messageId: number): ThreadPages | undefined {
  if (!data || !data.pages.some((page) => page.messages.some((m) => m.id === messageId))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.filter((m) => m.id !== messageId) })) };
}

/**
 * `message_read` (only the other member's reach us): their counterpart's messages up to the marker
 * read "read", and the newest page keeps the marker, so a refetch that brings "sent" back still
 * shows them read (see `otherReadMarker`).
 */
export function withRead(data: ThreadPages | undefined, event: MessageReadEvent): ThreadPages | undefined {
  if (!data || event.lastReadMessageId === null) return data;
  const upTo = event.lastReadMessageId;
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      ...(i === 0 ? { otherLastReadMessageId: Math.max(page.otherLastReadMessageId ?? 0, upTo) } : {}),
      messages: page.messages.map((m) =>
        m.senderId !== event.userId && m.id <= upTo && m.status !== 'read' ? { ...m, status: 'read' } : m,
      ),
    })),
  };
}

/** The other member's read marker: the highest any page brought (a marker never moves back). */
export function otherReadMarker(data: ThreadPages | undefined): number | null {
  const markers = (data?.pages ?? []).map((p) => p.otherLastReadMessageId ?? null).filter((m): m is number => m !== null);
  return markers.length > 0 ? Math.max(...markers) : null;
}

/** One message's reactions replaced (a toggle's answer, its optimistic guess, or `message_reaction`). */
export function withReactions(
  data: ThreadPages | undefined,
  messageId: number,
  reactions: ReactionSummary[],
): ThreadPages | undefined {
  if (!data || !data.pages.some((page) => page.messages.some((m) => m.id === messageId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((m) => m.id === messageId)
        ? { ...page, messages: page.messages.map((m) => (m.id === messageId ? { ...m, reactions } : m)) }
        : page,
    ),
  };
}

/** What a toggle of `emoji` by `userId` makes of the reactions: the optimistic guess. */
export function toggledReactions(reactions: readonly ReactionSummary[], emoji: string, userId: number): ReactionSummary[] {
  const current = reactions.find((r) => r.emoji === emoji);
  if (!current) return [...reactions, { emoji, count: 1, userIds: [userId] }];
  const userIds = current.userIds.includes(userId)
    ? current.userIds.filter((id) => id !== userId)
    : [...current.userIds, userId];
  return reactions.flatMap((r) => (r.emoji !== emoji ? [r] : userIds.length > 0 ? [{ emoji, count: userIds.length, userIds }] : []));
}

export function setMessageReactions(queryClient: QueryClient, sessionId: number, messageId: number, reactions: ReactionSummary[]): void {
  queryClient.setQueryData<ThreadPages>(chatKeys.messages(sessionId), (data) => withReactions(data, messageId, reactions));
}

export function addMessageToCache(queryClient: QueryClient, message: ChatMessageDto): void {
  queryClient.setQueryData<ThreadPages>(chatKeys.messages(message.sessionId), (data) => withMessage(data, message));
}

export function setConversationOnline(queryClient: QueryClient, userId: number, isOnline: boolean): void {
  queryClient.setQueryData<ConversationDto[]>(chatKeys.conversations(), (list) =>
    list?.map((c) => (c.otherUser.id === userId && c.isOnline !== isOnline ? { ...c, isOnline } : c)),
  );
}

/** "New Message" toast text: cut at 50 characters (document 1 §9). */
export const PREVIEW_LENGTH = 50;
export function previewOf(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}
