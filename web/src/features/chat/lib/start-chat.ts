import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { isApiError } from '../../../lib/api';
import { fetchCanChat, sendChatRequest } from '../api/chat-api';
import { chatKeys } from '../api/keys';
import { messagesStore } from './messages-store';

export type StartChatOutcome = 'opened' | 'requests' | 'needs-request' | 'refused' | 'failed';

/**
 * A refusal the person can act on (too many requests, chat turned off, a block) is told in the
 * server's words under the catalogue's title; anything else is the spec's "Failed to send chat request".
 */
const failedRequest = (error: unknown) => {
  console.warn('Failed to send chat request', error);
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) {
    toast({ title: error.title, description: error.message, variant: 'destructive' });
    return;
  }
  toast({ title: 'Error', description: 'Failed to send chat request', variant: 'destructive' });
};

/**
 * The profile's Message flow (document 2 §2, §3, §8): asks can-chat, then opens the conversation,
 * tells why not, opens the requests tab for an incoming request, or answers 'needs-request' (the
 * caller asks for the greeting, then calls `sendRequest`). Loaded on the first click.
 */
export async function startChat(queryClient: QueryClient, userId: number): Promise<StartChatOutcome> {
  try {
    const check = await fetchCanChat(userId);
    if (check.canChat && check.sessionId !== null) {
      messagesStore.open({ tab: 'messages', sessionId: check.sessionId });
      return 'opened';
    }
    if (check.reason === 'chat_disabled') {
      toast({ title: 'Chat disabled', description: 'This user has disabled chat.' });
      return 'refused';
    }
    if (check.requestPending && check.requestDirection === 'outgoing') {
      toast({ title: 'Request already sent', description: 'Waiting for them to accept your chat request.' });
      return 'refused';
    }
    if (check.requestPending && check.requestDirection === 'incoming') {
      toast({ title: 'Incoming request', description: 'This user has already sent you a chat request.' });
      messagesStore.open({ tab: 'requests', sessionId: null });
      return 'requests';
    }
    if (check.needsRequest) return 'needs-request';
    toast({ title: 'Chat Unavailable', description: "You can't chat with this user.", variant: 'destructive' });
    return 'refused';
  } catch (error) {
    failedRequest(error);
    return 'failed';
  }
}

/** Sends the chat request with the person's greeting; answers whether it went out (toasts either way). */
export async function sendRequest(queryClient: QueryClient, userId: number, message: string): Promise<boolean> {
  try {
    await sendChatRequest(userId, message);
    void queryClient.invalidateQueries({ queryKey: chatKeys.requests() });
    toast({ title: 'Chat request sent', description: 'You can chat once they accept.', variant: 'success' });
    return true;
  } catch (error) {
    failedRequest(error);
    return false;
  }
}
