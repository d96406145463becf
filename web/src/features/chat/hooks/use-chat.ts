import type { ChatMessageDto, ChatRequestDto, ConversationDto, ReactionResponse, ReactionSummary } from '@plates/common';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { useRealtimeLive } from '../../../lib/realtime-events';
import { addMessageToCache, otherReadMarker, setMessageReactions, toggledReactions, type ThreadPages } from '../api/chat-cache';
import { flattenThread } from '../api/thread-pages';
import {
  acceptChatRequest,
  fetchConversations,
  fetchMessages,
  fetchRequests,
  markConversationRead,
  rejectChatRequest,
  sendMessage,
  sendTyping,
  toggleReaction,
} from '../api/chat-api';
import { chatKeys } from '../api/keys';
import { CHAT_POLL_MS } from './use-unread-count';

const poll = (live: boolean, ms: number) => (live ? false : ms);

export function useConversations() {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: chatKeys.conversations(),
    queryFn: fetchConversations,
    refetchInterval: poll(live, CHAT_POLL_MS.conversations),
  });
}

/** Pending requests to and from the viewer. */
export function useChatRequests() {
  const live = useRealtimeLive();
  return useQuery({
    queryKey: chatKeys.requests(),
    queryFn: fetchRequests,
    refetchInterval: poll(live, CHAT_POLL_MS.requests),
  });
}

/** A conversation's thread, oldest first; `fetchNextPage` loads older messages (?before). */
export function useThread(sessionId: number) {
  const live = useRealtimeLive();
  const query = useInfiniteQuery<Awaited<ReturnType<typeof fetchMessages>>, Error, ThreadPages, readonly unknown[], number | null>({
    queryKey: chatKeys.messages(sessionId),
    queryFn: ({ pageParam }) => fetchMessages(sessionId, pageParam ?? undefined),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : undefined),
    // A conversation that is not the viewer's (404) is not asked for again and again.
    refetchInterval: (query) => (isApiError(query.state.error) && query.state.error.status === 404 ? false : poll(live, CHAT_POLL_MS.messages)),
  });
  return { ...query, messages: flattenThread(query.data), otherLastReadMessageId: otherReadMarker(query.data) };
}

/** An optimistic send: "sending", or "failed" (kept with its tempId for Retry). */
export interface PendingMessage {
  tempId: string;
  content: string;
  status: 'sending' | 'failed';
  createdAt: string;
}

/** The conversation's optimistic sends, kept in the cache (apart from the fetched thread, so polls never drop them). */
export function usePendingMessages(sessionId: number): PendingMessage[] {
  const { data } = useQuery<PendingMessage[]>({
    queryKey: chatKeys.pending(sessionId),
    queryFn: () => [],
    initialData: [],
    staleTime: Infinity,
    gcTime: Infinity,
    enabled: false,
  });
  return data;
}

/**
 * Sends with a tempId (crypto.randomUUID); Retry sends the same tempId, which the server answers
 * with the stored message if the first attempt got through. The stored message replaces the
 * optimistic one; a failure marks it "failed" (document 1 §4 "Sent message").
 */
export function useSendMessage(sessionId: number) {
  const queryClient = useQueryClient();
  const setPending = (update: (list: PendingMessage[]) => PendingMessage[]) =>
    queryClient.setQueryData<PendingMessage[]>(chatKeys.pending(sessionId), (list) => update(list ?? []));
  return useMutation<ChatMessageDto, Error, { content: string; tempId: string }, { tempId: string }>({
    mutationFn: ({ content, tempId }) => sendMessage(sessionId, content, tempId),
    onMutate: ({ content, tempId }) => {
      setPending((list) => [
        ...list.filter((p) => p.tempId !== tempId),
        { tempId, content, status: 'sending', createdAt: new Date().toISOString() },
      ]);
      return { tempId };
    },
    onSuccess: (message, { tempId }) => {
      addMessageToCache(queryClient, message);
      setPending((list) => list.filter((p) => p.tempId !== tempId));
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
    onError: (error, { tempId }) => {
      console.warn('Failed to send message', error);
      setPending((list) => list.map((p) => (p.tempId === tempId ? { ...p, status: 'failed' } : p)));
    },
  });
}

/** Opening a conversation with unread messages marks it read (and again when one arrives while open). */
export function useMarkRead(conversation: ConversationDto | undefined) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: markConversationRead,
    onSuccess: (answer) => {
      queryClient.setQueryData<ConversationDto[]>(chatKeys.conversations(), (list) =>
        list?.map((c) => (c.id === answer.sessionId ? { ...c, unreadCount: answer.unreadCount } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    },
    onError: (error) => console.warn('Failed to mark the conversation read', error),
  });
  const { mutate, isPending } = mutation;
  const id = conversation?.id;
  const unread = conversation?.unreadCount ?? 0;
  useEffect(() => {
    if (id !== undefined && unread > 0 && !isPending) mutate(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, unread]);
  return mutate;
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chatKeys.requests() }),
      queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
    ]);
  const accept = useMutation({
    mutationFn: acceptChatRequest,
    onSuccess: (answer) => {
      queryClient.setQueryData<ConversationDto[]>(chatKeys.conversations(), (list) =>
        list && !list.some((c) => c.id === answer.session.id) ? [answer.session, ...list] : list,
      );
      void refresh();
    },
    onError: (error) => console.warn('Failed to accept chat request', error),
  });
  const decline = useMutation({
    mutationFn: rejectChatRequest,
    onSuccess: (answer) => {
      const declined = queryClient.getQueryData<ChatRequestDto[]>(chatKeys.requests())?.find((r) => r.id === answer.requestId);
      queryClient.setQueryData(chatKeys.requests(), (list: { id: number }[] | undefined) =>
        list?.filter((r) => r.id !== answer.requestId),
      );
      toast({
        title: 'Chat Request Rejected',
        description: declined ? `You declined ${declined.sender.displayName || declined.sender.username}'s chat request.` : 'You declined the chat request.',
      });
      void refresh();
    },
    onError: (error) => console.warn('Failed to reject chat request', error),
  });
  return { accept, decline };
}

/** Typing flag: true at most every 2 s while typing, false on send or blur. Failures are ignored. */
export const TYPING_THROTTLE_MS = 2_000;

export function useTypingSender(sessionId: number) {
  const lastSent = useRef(0);
  const typing = useRef(false);
  const post = (isTyping: boolean) => void sendTyping(sessionId, isTyping).catch(() => {});
  return {
    typed() {
      const now = Date.now();
      if (now - lastSent.current < TYPING_THROTTLE_MS) return;
      lastSent.current = now;
      typing.current = true;
      post(true);
    },
    stopped() {
      if (!typing.current) return;
      typing.current = false;
      lastSent.current = 0;
      post(false);
    },
  };
}

interface ReactionVariables {
  message: Pick<ChatMessageDto, 'id' | 'reactions'>;
  emoji: string;
}

/**
 * Toggles the viewer's emoji on a message: the chips change at once, the answer (or the other
 * member's `message_reaction`) brings the stored state, and a failure puts back what was there.
 */
export function useToggleReaction(sessionId: number, me: number | null) {
  const queryClient = useQueryClient();
  return useMutation<ReactionResponse, Error, ReactionVariables, { previous: ReactionSummary[] }>({
    mutationFn: ({ message, emoji }) => toggleReaction(message.id, emoji),
    onMutate: async ({ message, emoji }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.messages(sessionId) });
      const previous = message.reactions;
      if (me !== null) setMessageReactions(queryClient, sessionId, message.id, toggledReactions(previous, emoji, me));
      return { previous };
    },
    onSuccess: (answer) => setMessageReactions(queryClient, sessionId, answer.messageId, answer.reactions),
    onError: (error, { message }, context) => {
      console.warn('Failed to react to the message', error);
      if (context) setMessageReactions(queryClient, sessionId, message.id, context.previous);
      // Too many taps: the server's words under the catalogue's title, as for chat requests.
      if (isApiError(error) && error.code === 'RATE_LIMITED') toast({ title: error.title, description: error.message, variant: 'destructive' });
    },
  });
}
