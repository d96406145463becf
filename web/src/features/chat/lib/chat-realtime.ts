import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { onRealtimeEvent } from '../../../lib/realtime-events';
import {
  addMessageToCache,
  previewOf,
  setConversationOnline,
  setMessageReactions,
  withoutMessage,
  withRead,
  type ThreadPages,
} from '../api/chat-cache';
import { chatKeys } from '../api/keys';
import { openSessionId } from './messages-store';

const nameOf = (u: { displayName: string | null; username: string }) => u.displayName || u.username;

/**
 * Chat's socket events (document 1 §7) on every signed-in page: caches are updated through
 * chatKeys and the toasts of document 1 §8 shown. Typing is handled by the open thread. Loaded
 * after the first render, like the socket itself; answers the unsubscribe.
 */
export function subscribeChatRealtime(queryClient: QueryClient, me: number): () => void {
  const refresh = (...keys: (readonly unknown[])[]) =>
    keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
  // The asker hears request_accepted, then conversation_created, for the same request: one toast.
  const acceptedForMe = new Set<number>();
  const offs = [
    onRealtimeEvent('new_message', (message) => {
      addMessageToCache(queryClient, message);
      refresh(chatKeys.conversations(), chatKeys.unread());
      if (message.senderId !== me && openSessionId() !== message.sessionId) {
        toast({ title: 'New Message', description: `${message.senderName}: ${previewOf(message.content)}` });
      }
    }),
    onRealtimeEvent('chat_request', (request) => {
      refresh(chatKeys.requests(), chatKeys.unread());
      if (request.receiverId === me) {
        toast({ title: 'New Chat Request', description: `${nameOf(request.sender)} wants to chat with you` });
      }
    }),
    onRealtimeEvent('request_accepted', (event) => {
      refresh(chatKeys.requests(), chatKeys.conversations(), chatKeys.unread());
      if (event.acceptedBy.id !== me) {
        acceptedForMe.add(event.requestId);
        toast({ title: 'Chat Request Accepted', description: `${nameOf(event.acceptedBy)} accepted your chat request` });
      }
    }),
    onRealtimeEvent('conversation_created', (event) => {
      refresh(chatKeys.conversations(), chatKeys.requests());
      if (event.requestId !== null && acceptedForMe.delete(event.requestId)) return;
      toast({ title: 'New Conversation', description: `You can now chat with ${nameOf(event.conversation.otherUser)}` });
    }),
    // A held message of mine a moderator refused: gone from my thread (a notification says why).
    onRealtimeEvent('message_removed', (event) => {
      queryClient.setQueryData<ThreadPages>(chatKeys.messages(event.sessionId), (data) => withoutMessage(data, event.messageId));
      refresh(chatKeys.conversations());
    }),
    onRealtimeEvent('message_read', (event) => {
      queryClient.setQueryData<ThreadPages>(chatKeys.messages(event.sessionId), (data) => withRead(data, event));
    }),
    // Both members hear of every toggle (the reactor's own tabs too): the stored reactions win.
    onRealtimeEvent('message_reaction', (event) =>
      setMessageReactions(queryClient, event.sessionId, event.messageId, event.reactions),
    ),
    onRealtimeEvent('user_online', (p) => setConversationOnline(queryClient, p.userId, true)),
    onRealtimeEvent('user_offline', (p) => setConversationOnline(queryClient, p.userId, false)),
    // An HTTP-only member's presence ping (document 1 §7): same payload as user_online.
    onRealtimeEvent('user_status_update', (p) => setConversationOnline(queryClient, p.userId, p.isOnline)),
  ];
  return () => offs.forEach((off) => off());
}
